#pragma once
// Model > Compute Buffer Sweep: the current model re-built and planned at several n_batch or
// n_ctx values (source/llama_sweep.h, what planscope-cli plan --sweep prints), as a chart and a
// table. The sweep runs on a worker thread and streams its points as they are planned; Cancel,
// another run, another model or closing the dialog stop it at once (what the worker still sends
// is dropped by generation), and the destructor waits for it. A point is the graph of the
// document's era (source/llama_sweep.h): llama.cpp 2023's, or da46e59c's in ggml 2026, which
// also sweeps n_ubatch; eraNote says which. With devices chosen (the Devices dock's), "On the
// devices" sweeps -ngl or n_ctx instead and plots each device's memory against its limit
// (sweep_devices.h).
#include "model_options.h"
#include "model_replanner.h"
#include "panels/device_choice.h"
#include "source/llama_sweep.h"
#include "sweep_devices.h"

#include <QDialog>

#include <atomic>
#include <memory>
#include <optional>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableView;

namespace planscope::ui {

class SweepChart;
class SweepDeviceChart;
class SweepPointModel;

class SweepDialog final : public QDialog {
    Q_OBJECT

public:
    explicit SweepDialog(QWidget* parent = nullptr);
    ~SweepDialog() override; // stops a running sweep and waits for its worker

    // The model to sweep, and the options every point starts from (what the era takes of them);
    // the current key's default values. `era`: the session's, whose graph the points are
    // (ModelSource::graphEra). A source that is no model leaves Run disabled with a message.
    void setModel(const ModelSource& source, const ModelOptions& options,
                  planscope::ggml_version era = planscope::ggml_version::v2023);
    // The devices a sweep on devices fits the model to, and the model's n_layer (0: not known),
    // which the -ngl values run to. Without a GPU, or for a model with no .gguf, it is off.
    void setDevices(const DeviceChoice& choice, std::uint32_t nLayer);
    [[nodiscard]] bool sweepsDevices() const;
    void setSweepsDevices(bool on);
    // Selects `key` (sweepsDevices false) and fills in its default values.
    void setKey(planscope::sweep_key key);
    // The same on devices (sweepsDevices true).
    void setDeviceKey(DeviceSweepKey key);
    [[nodiscard]] DeviceSweepKey deviceKey() const;
    void setValues(const QString& values);
    [[nodiscard]] planscope::sweep_key key() const;
    // batch: 1,8,32,128,512 up to n_ctx; ubatch: the same up to n_batch; ctx: 256 to 4096 from n_batch on.
    [[nodiscard]] QString defaultValues(planscope::sweep_key key) const;

    // Starts a sweep of the values (restarting one that runs); nothing when Run is disabled.
    void run();
    // Stops a running sweep, keeping its points.
    void cancel();
    [[nodiscard]] bool isRunning() const { return m_running != 0; }

    [[nodiscard]] QComboBox* keyBox() const { return m_keyBox; }
    [[nodiscard]] QLineEdit* valuesEdit() const { return m_values; }
    [[nodiscard]] QLabel* valuesError() const { return m_valuesError; }
    [[nodiscard]] QPushButton* runButton() const { return m_run; }
    [[nodiscard]] QPushButton* cancelButton() const { return m_cancel; }
    [[nodiscard]] QProgressBar* progressBar() const { return m_progress; }
    [[nodiscard]] QLabel* messageLabel() const { return m_message; }
    // Which llama.cpp builds the points; hidden with no model.
    [[nodiscard]] QLabel* eraNote() const { return m_eraNote; }
    [[nodiscard]] SweepChart* chart() const { return m_chart; }
    [[nodiscard]] QCheckBox* devicesBox() const { return m_onDevices; }
    [[nodiscard]] SweepDeviceChart* deviceChart() const { return m_deviceChart; }
    [[nodiscard]] SweepPointModel* pointModel() const { return m_points; }
    [[nodiscard]] QTableView* table() const { return m_table; }

signals:
    // A sweep ended: all points planned, failed, cancelled or dropped by setModel; one that run()
    // restarts ends without it. (QDialog::finished(int) is taken.)
    void sweepFinished();

protected:
    void hideEvent(QHideEvent* event) override;

private:
    [[nodiscard]] planscope::result<std::vector<int>> parsedValues() const;
    [[nodiscard]] QString currentDefaultValues() const;
    void fillKeys(); // the keys of the current mode, the selected one kept where it is there
    void modeChanged();
    void validate();
    quint64 begin(std::size_t points); // a sweep's start: its generation
    void runDevices(std::vector<int> values);
    void stop(); // cancels the worker and drops what it still sends
    void setIdle();
    void addPoint(const planscope::sweep_point& p);
    void addDevicePoint(const DeviceSweepPoint& p);
    [[nodiscard]] int pointCount() const; // of the sweep shown
    void finish(const std::optional<QString>& error);
    void showMessage(const QString& text, bool error = false);
    void showFixedParameters(); // what stays while key() is swept

    ModelSource m_source;
    ModelOptions m_options;
    planscope::ggml_version m_era = planscope::ggml_version::v2023;
    DeviceChoice m_devices;
    std::uint32_t m_nLayer = 0;
    quint64 m_generation = 0;
    quint64 m_running = 0; // the generation of the sweep in progress; 0: none
    std::shared_ptr<std::atomic<bool>> m_stop;

    QComboBox* m_keyBox;
    QLineEdit* m_values;
    QLabel* m_valuesError;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QProgressBar* m_progress;
    QLabel* m_message;
    QLabel* m_eraNote;
    SweepChart* m_chart;
    QCheckBox* m_onDevices;
    SweepDeviceChart* m_deviceChart;
    SweepPointModel* m_points;
    QTableView* m_table;
};

} // namespace planscope::ui
