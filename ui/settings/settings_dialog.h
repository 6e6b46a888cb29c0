#pragma once
// Edit > Settings…: the OpenCL device (the engine's device list when built with OpenCL, else
// disabled with "OpenCL not available"), the CPU threads, when the canvas folds repeated blocks, and
// the language (applied at the next start).
#include "app_settings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;

namespace planscope::ui {

class SettingsDialog final : public QDialog {
    Q_OBJECT

public:
    explicit SettingsDialog(QWidget* parent = nullptr);

    void setSettings(const AppSettings& settings);
    [[nodiscard]] AppSettings settings() const;

    [[nodiscard]] QComboBox* deviceBox() const { return m_device; }
    [[nodiscard]] QSpinBox* threadsBox() const { return m_threads; }
    [[nodiscard]] QSpinBox* foldThresholdBox() const { return m_foldThreshold; }
    [[nodiscard]] QCheckBox* openOnStepBox() const { return m_openOnStep; }
    [[nodiscard]] QComboBox* languageBox() const { return m_language; }
    // Whether this build has the OpenCL backend.
    [[nodiscard]] static bool openclAvailable();

private:
    void fillDevices();

    QComboBox* m_device;
    QLabel* m_deviceNote;
    QSpinBox* m_threads;
    QSpinBox* m_foldThreshold;
    QCheckBox* m_openOnStep;
    QComboBox* m_language;
    AppSettings m_shown; // what setSettings gave: the fields the dialog does not edit are kept
};

} // namespace planscope::ui
