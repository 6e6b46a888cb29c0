#pragma once
// The Devices dock: will the open model fit these devices? Devices are picked from the presets or
// loaded from profile files (docs/devices.md), their memory edited; llama.cpp's placement options
// (-ngl, --tensor-split, --n-cpu-moe, --no-kv-offload, --no-op-offload) and the margin a device
// keeps free (common_params_fit's --fit-target) sit beside them. For a .gguf (or the embedded
// model) it shows llama.cpp da46e59c's memory breakdown per device as bars and a table with each
// device's verdict, and the overall one, recomputed off the GUI thread (DeviceFitter) whenever the
// document's options (the what-if bar, Model Options) or a device or option change. "Find best"
// searches the most layers, the longest context or the fewest experts on the CPU that fit.
// When the Splits dock's schedule runs on rpc-servers, their devices and memory are listed too.
#include "device_choice.h"
#include "device_fitter.h"
#include "sched/server_devices.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QListWidget;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;
class QToolButton;

namespace planscope::ui {

class DeviceBarsView;
class DeviceMemoryModel;
class ModelReplanner;
class ServerDeviceModel;

class DevicesPanel final : public QWidget {
    Q_OBJECT

public:
    // Follows `replanner`'s document (ModelReplanner::sourceChanged).
    explicit DevicesPanel(ModelReplanner* replanner, QWidget* parent = nullptr);
    ~DevicesPanel() override;

    [[nodiscard]] const DeviceChoice& choice() const { return m_choice; }
    // A preset's name or a profile file (load_device_profile): false and errorReported when it
    // does not load, the devices kept.
    bool addDevice(const QString& nameOrPath);
    // A GPU's row (the host's row is kept).
    void removeDevice(int row);
    // The memory of the device in `row` (the host is the last row), in bytes.
    void setDeviceMemory(int row, std::uint64_t free, std::uint64_t total);
    // The rpc-servers' devices the schedule runs on (SplitSchedule::servers); none hides them.
    void setServerDevices(std::vector<ServerDevice> devices);
    // Runs llm_fit_find on the worker; bestFound when it ends.
    void findBest(planscope::llm_fit_target target);
    // The value found last: ngl and n-cpu-moe go to the placement fields, ctx re-plans the document.
    void applyBest();
    // Re-plans the document on the devices and placement shown (scheduled over them as llama.cpp
    // would: the Splits dock replays it, stepping and exports follow), or on this machine again.
    void planOnDevices();
    void planOnMachine();

    [[nodiscard]] bool isFitting() const;
    [[nodiscard]] const DeviceFitResult& lastFit() const { return m_fit; }
    [[nodiscard]] const DeviceFindResult& lastFind() const { return m_find; }
    // The model's layers (n_layer) once fitted; 0 before.
    [[nodiscard]] std::uint32_t modelLayers() const { return m_fit.nLayer; }

    [[nodiscard]] DeviceMemoryModel* memoryModel() const { return m_model; }
    [[nodiscard]] ServerDeviceModel* serverModel() const { return m_serverModel; }
    [[nodiscard]] QGroupBox* serverBox() const { return m_serverBox; }
    [[nodiscard]] DeviceBarsView* barsView() const { return m_bars; }
    [[nodiscard]] QListWidget* deviceList() const { return m_list; }
    [[nodiscard]] QSpinBox* freeBox() const { return m_free; }
    [[nodiscard]] QSpinBox* totalBox() const { return m_total; }
    [[nodiscard]] QSpinBox* nglBox() const { return m_ngl; }
    [[nodiscard]] QLineEdit* tensorSplitEdit() const { return m_split; }
    [[nodiscard]] QSpinBox* nCpuMoeBox() const { return m_nCpuMoe; }
    [[nodiscard]] QCheckBox* noKvOffloadBox() const { return m_noKvOffload; }
    [[nodiscard]] QCheckBox* noOpOffloadBox() const { return m_noOpOffload; }
    [[nodiscard]] QSpinBox* marginBox() const { return m_margin; }
    [[nodiscard]] QLabel* summaryLabel() const { return m_summary; }
    [[nodiscard]] QLabel* contextLabel() const { return m_context; }
    [[nodiscard]] QComboBox* findTargetBox() const { return m_findTarget; }
    [[nodiscard]] QPushButton* findButton() const { return m_findButton; }
    [[nodiscard]] QLabel* findLabel() const { return m_findResult; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    [[nodiscard]] QPushButton* planDevicesButton() const { return m_planDevices; }
    [[nodiscard]] QPushButton* planMachineButton() const { return m_planMachine; }

public slots:
    void showLoadProfileDialog();

signals:
    // A breakdown (or its error) is shown for the current model, options and devices.
    void fitChanged();
    // The devices or the placement options changed (the sweep dialog takes them).
    void choiceChanged();
    void bestFound();
    // A profile that does not load: for a message box (MainWindow's error reporter).
    void errorReported(const QString& title, const QString& message);

private:
    void buildDeviceBox(QWidget* box);
    void buildPlacementBox(QWidget* box);
    void onSourceChanged();
    void refit();
    void showFit(const DeviceFitResult& result);
    void showNoFit(const QString& why, bool error); // no model, or options its context refuses
    void showFind(const DeviceFindResult& result);
    void showDevices(); // the list and the selected row's memory
    void showSelectedMemory();
    void placementEdited();
    void choiceEdited(); // choiceChanged, then refit
    void showSummary(const QString& text, bool error);
    void updatePlanButtons();

    ModelReplanner* m_replanner;
    DeviceFitter* m_fitter;
    DeviceChoice m_choice;
    ModelSource m_source;
    ModelOptions m_options;
    DeviceFitResult m_fit;
    DeviceFindResult m_find;
    bool m_hasFind = false;

    QListWidget* m_list;
    QToolButton* m_add;
    QPushButton* m_remove;
    QSpinBox* m_free;
    QSpinBox* m_total;
    QSpinBox* m_ngl;
    QLineEdit* m_split;
    QLabel* m_splitError;
    QSpinBox* m_nCpuMoe;
    QCheckBox* m_noKvOffload;
    QCheckBox* m_noOpOffload;
    QSpinBox* m_margin;
    DeviceBarsView* m_bars;
    QLabel* m_summary;
    QLabel* m_context;
    QComboBox* m_findTarget;
    QPushButton* m_findButton;
    QLabel* m_findResult;
    QPushButton* m_apply;
    QPushButton* m_planDevices;
    QPushButton* m_planMachine;
    QLabel* m_planned;
    DeviceMemoryModel* m_model;
    QTableView* m_table;
    ServerDeviceModel* m_serverModel;
    QGroupBox* m_serverBox;
    QTableView* m_serverTable;
};

} // namespace planscope::ui
