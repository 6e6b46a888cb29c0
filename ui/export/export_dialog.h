#pragma once
// The File > Export dialog: what (split diagram, plan, execution trace, allocation trace, canvas
// view, buffer views), its formats, the backends to split on, the planner, folding layers, the
// output file.
#include "export_settings.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLineEdit;

namespace planscope::ui {

class ExportDialog final : public QDialog {
    Q_OBJECT

public:
    ExportDialog(const ExportSettings& preset, bool haveBufferViews, QWidget* parent = nullptr);

    [[nodiscard]] ExportSettings settings() const;
    [[nodiscard]] QComboBox* whatBox() const { return m_what; }
    [[nodiscard]] QComboBox* formatBox() const { return m_format; }
    [[nodiscard]] QComboBox* backendBox() const { return m_backends; }
    [[nodiscard]] QCheckBox* foldBox() const { return m_fold; }
    [[nodiscard]] QComboBox* plannerBox() const { return m_planner; }
    [[nodiscard]] QLineEdit* pathEdit() const { return m_path; }

private:
    void onWhatChanged();
    void onFormatChanged();
    void browse();
    void updateOk();
    [[nodiscard]] ExportWhat what() const;

    ExportSettings m_preset;
    QComboBox* m_what;
    QComboBox* m_format;
    QComboBox* m_backends;
    QCheckBox* m_fold;
    QComboBox* m_planner;
    QLineEdit* m_path;
    QDialogButtonBox* m_buttons;
};

} // namespace planscope::ui
