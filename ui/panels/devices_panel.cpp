#include "devices_panel.h"

#include "device_bars.h"
#include "device_memory_model.h"
#include "server_device_model.h"
#include "model/format.h"
#include "options/model_replanner.h"

#include "device/device_presets.h"
#include "sched/backend_factory.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

constexpr std::uint64_t bytesPerMiB = std::uint64_t{1} << 20;
constexpr int mostMiB = 9999999; // 9.5 TiB: seven digits keep the fields narrow

int toMiB(std::uint64_t bytes) { return static_cast<int>(std::min<std::uint64_t>(bytes / bytesPerMiB, mostMiB)); }

const QString devicesErrorStyle = u"color: #b00020"_s;

} // namespace

DevicesPanel::DevicesPanel(ModelReplanner* replanner, QWidget* parent)
    : QWidget(parent), m_replanner(replanner), m_fitter(new DeviceFitter(this)), m_list(new QListWidget(this)),
      m_add(new QToolButton(this)), m_remove(new QPushButton(tr("&Remove"), this)), m_free(new QSpinBox(this)),
      m_total(new QSpinBox(this)), m_ngl(new QSpinBox(this)), m_split(new QLineEdit(this)), m_splitError(new QLabel(this)),
      m_nCpuMoe(new QSpinBox(this)), m_noKvOffload(new QCheckBox(tr("No &KV offload"), this)),
      m_noOpOffload(new QCheckBox(tr("No &op offload"), this)), m_margin(new QSpinBox(this)),
      m_bars(new DeviceBarsView(this)), m_summary(new QLabel(this)), m_context(new QLabel(this)),
      m_findTarget(new QComboBox(this)), m_findButton(new QPushButton(tr("&Find Best"), this)),
      m_findResult(new QLabel(this)), m_apply(new QPushButton(tr("&Use It"), this)),
      m_planDevices(new QPushButton(tr("Pla&n on These Devices"), this)),
      m_planMachine(new QPushButton(tr("Plan on This Mac&hine"), this)), m_planned(new QLabel(this)),
      m_model(new DeviceMemoryModel(this)),
      m_table(new QTableView(this)), m_serverModel(new ServerDeviceModel(this)), m_serverBox(nullptr),
      m_serverTable(nullptr) {
    m_choice.host = planscope::cpu_device_profile();

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    auto* devices = new QGroupBox(tr("Devices"), content);
    buildDeviceBox(devices);
    auto* placement = new QGroupBox(tr("Placement"), content);
    buildPlacementBox(placement);
    auto* top = new QHBoxLayout;
    top->addWidget(devices, 1);
    top->addWidget(placement, 1);
    layout->addLayout(top);
    // The schedule's rpc-servers: real devices on other machines, as they reported themselves.
    m_serverBox = new QGroupBox(tr("RPC Servers of the Schedule"), content);
    m_serverBox->setObjectName(u"serverBox"_s);
    m_serverTable = new QTableView(m_serverBox);
    m_serverTable->setObjectName(u"serverTable"_s);
    m_serverTable->setModel(m_serverModel);
    m_serverTable->verticalHeader()->hide();
    m_serverTable->horizontalHeader()->setStretchLastSection(false); // Total beside Free, in a narrow dock too
    m_serverTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_serverTable->setMaximumHeight(m_serverTable->fontMetrics().height() * 5 + 8);
    auto* servers = new QVBoxLayout(m_serverBox);
    servers->addWidget(m_serverTable);
    m_serverBox->hide();
    layout->addWidget(m_serverBox);

    m_summary->setObjectName(u"devicesSummary"_s);
    QFont bold = m_summary->font();
    bold.setBold(true);
    m_summary->setFont(bold);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setWordWrap(true);
    m_context->setTextFormat(Qt::PlainText);
    m_context->setWordWrap(true);
    m_context->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* summaryRow = new QHBoxLayout;
    summaryRow->addWidget(m_summary);
    summaryRow->addWidget(m_context, 1);
    layout->addLayout(summaryRow);
    // The bars, and the same figures exact in a table.
    auto* views = new QTabWidget(content);
    views->setObjectName(u"devicesViews"_s);
    views->setDocumentMode(true);
    views->addTab(m_bars, tr("Bars"));
    views->addTab(m_table, tr("Table"));
    layout->addWidget(views, 1);

    m_findTarget->addItem(tr("Most layers on the GPUs (ngl)"), static_cast<int>(planscope::llm_fit_target::ngl));
    m_findTarget->addItem(tr("Longest context (n_ctx)"), static_cast<int>(planscope::llm_fit_target::ctx));
    m_findTarget->addItem(tr("Fewest layers' experts on the CPU (n-cpu-moe)"),
                          static_cast<int>(planscope::llm_fit_target::n_cpu_moe));
    // The longest target names need not widen the dock.
    m_findTarget->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_findTarget->setMinimumContentsLength(16);
    m_findResult->setTextFormat(Qt::PlainText);
    m_findResult->setWordWrap(true);
    m_apply->setEnabled(false);
    m_apply->setToolTip(tr("ngl and n-cpu-moe go to the placement; a context re-plans the model"));
    auto* findRow = new QHBoxLayout;
    auto* searchLabel = new QLabel(tr("S&earch:"), content);
    searchLabel->setBuddy(m_findTarget);
    findRow->addWidget(searchLabel);
    findRow->addWidget(m_findTarget);
    findRow->addWidget(m_findButton);
    findRow->addWidget(m_findResult, 1);
    findRow->addWidget(m_apply);
    layout->addLayout(findRow);

    m_planDevices->setObjectName(u"planDevicesButton"_s);
    m_planDevices->setToolTip(tr("Build the document on these devices and placement and split it over them as "
                                 "llama.cpp would: replay, step and export it (nothing runs)"));
    m_planMachine->setObjectName(u"planMachineButton"_s);
    m_planMachine->setToolTip(tr("Build the document for this machine again, to run it"));
    m_planned->setObjectName(u"devicesPlanned"_s);
    m_planned->setTextFormat(Qt::PlainText);
    m_planned->setWordWrap(true);
    auto* planRow = new QHBoxLayout;
    planRow->addWidget(m_planDevices);
    planRow->addWidget(m_planMachine);
    planRow->addWidget(m_planned, 1);
    layout->addLayout(planRow);

    m_table->setModel(m_model);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto* scroll = new QScrollArea(this);
    scroll->setWidget(content);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    outer->addWidget(scroll);

    connect(m_fitter, &DeviceFitter::fitted, this, &DevicesPanel::showFit);
    connect(m_fitter, &DeviceFitter::found, this, &DevicesPanel::showFind);
    connect(m_findButton, &QPushButton::clicked, this,
            [this] { findBest(static_cast<planscope::llm_fit_target>(m_findTarget->currentData().toInt())); });
    connect(m_apply, &QPushButton::clicked, this, &DevicesPanel::applyBest);
    connect(m_planDevices, &QPushButton::clicked, this, &DevicesPanel::planOnDevices);
    connect(m_planMachine, &QPushButton::clicked, this, &DevicesPanel::planOnMachine);
    connect(m_replanner, &ModelReplanner::sourceChanged, this, &DevicesPanel::onSourceChanged);
    showDevices();
    onSourceChanged();
}

DevicesPanel::~DevicesPanel() = default;

void DevicesPanel::buildDeviceBox(QWidget* box) {
    m_list->setObjectName(u"deviceList"_s);
    // A few rows: the bars below are what the dock is for.
    m_list->setMinimumHeight(48);
    m_list->setMaximumHeight(m_list->fontMetrics().height() * 4 + 8);
    m_add->setText(tr("&Add"));
    m_add->setPopupMode(QToolButton::InstantPopup);
    auto* presets = new QMenu(m_add);
    for (const std::string& name : planscope::device_preset_names()) {
        const QString preset = toQString(name);
        presets->addAction(preset, this, [this, preset] { addDevice(preset); });
    }
    presets->addSeparator();
    // Profiles read from this machine (device_presets.h: "opencl", "cpu" as the host).
    if (planscope::have_opencl())
        presets->addAction(tr("This Machine's &OpenCL Device"), this, [this] { addDevice(u"opencl"_s); });
    presets->addAction(tr("This Machine's &CPU as the Host"), this, [this] { addDevice(u"cpu"_s); });
    presets->addSeparator();
    presets->addAction(tr("Load &Profile…"), this, &DevicesPanel::showLoadProfileDialog);
    m_add->setMenu(presets);
    for (QSpinBox* s : {m_free, m_total}) {
        s->setRange(0, mostMiB);
        s->setSuffix(tr(" MiB"));
        s->setGroupSeparatorShown(true);
    }
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    auto* memory = new QHBoxLayout;
    auto* freeLabel = new QLabel(tr("F&ree:"), box);
    freeLabel->setBuddy(m_free);
    auto* totalLabel = new QLabel(tr("&Total:"), box);
    totalLabel->setBuddy(m_total);
    memory->addWidget(freeLabel);
    memory->addWidget(m_free, 1);
    memory->addWidget(totalLabel);
    memory->addWidget(m_total, 1);
    auto* layout = new QVBoxLayout(box);
    layout->addWidget(m_list);
    layout->addLayout(buttons);
    layout->addLayout(memory);
    layout->addStretch(1);

    connect(m_list, &QListWidget::currentRowChanged, this, &DevicesPanel::showSelectedMemory);
    connect(m_remove, &QPushButton::clicked, this, [this] { removeDevice(m_list->currentRow()); });
    const auto memoryEdited = [this] {
        setDeviceMemory(m_list->currentRow(), static_cast<std::uint64_t>(m_free->value()) * bytesPerMiB,
                        static_cast<std::uint64_t>(m_total->value()) * bytesPerMiB);
    };
    connect(m_free, &QSpinBox::valueChanged, this, memoryEdited);
    connect(m_total, &QSpinBox::valueChanged, this, memoryEdited);
}

void DevicesPanel::buildPlacementBox(QWidget* box) {
    m_ngl->setRange(-1, 9999);
    m_ngl->setSpecialValueText(tr("all"));
    m_ngl->setValue(m_choice.placement.n_gpu_layers);
    m_ngl->setToolTip(tr("llama.cpp's -ngl: the last N repeating layers and the output on the GPUs"));
    m_split->setPlaceholderText(tr("by free memory"));
    m_split->setToolTip(tr("llama.cpp's --tensor-split: the layers' proportions per GPU, e.g. 3,1"));
    m_splitError->setStyleSheet(devicesErrorStyle);
    m_splitError->setTextFormat(Qt::PlainText);
    m_splitError->hide();
    m_nCpuMoe->setRange(0, 9999);
    m_nCpuMoe->setToolTip(tr("llama.cpp's --n-cpu-moe: the experts of the first N layers stay on the CPU"));
    m_noKvOffload->setToolTip(tr("llama.cpp's --no-kv-offload: the KV cache in host memory"));
    m_noOpOffload->setToolTip(tr("llama.cpp's --no-op-offload: large-batch ops on host weights stay on the CPU"));
    m_margin->setRange(0, 999999);
    m_margin->setSuffix(tr(" MiB"));
    m_margin->setGroupSeparatorShown(true);
    m_margin->setValue(toMiB(m_choice.margin));
    m_margin->setToolTip(tr("Memory each device keeps free (llama.cpp's --fit-target)"));
    auto* form = new QFormLayout(box);
    form->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    form->addRow(tr("&Layers on GPUs:"), m_ngl);
    form->addRow(tr("E&xperts on CPU:"), m_nCpuMoe);
    form->addRow(tr("Tensor &split:"), m_split);
    form->addRow(m_splitError);
    form->addRow(tr("&Margin:"), m_margin);
    auto* offloads = new QHBoxLayout;
    offloads->addWidget(m_noKvOffload);
    offloads->addWidget(m_noOpOffload);
    form->addRow(offloads);

    connect(m_ngl, &QSpinBox::valueChanged, this, &DevicesPanel::placementEdited);
    connect(m_split, &QLineEdit::textChanged, this, &DevicesPanel::placementEdited);
    connect(m_nCpuMoe, &QSpinBox::valueChanged, this, &DevicesPanel::placementEdited);
    connect(m_noKvOffload, &QCheckBox::toggled, this, &DevicesPanel::placementEdited);
    connect(m_noOpOffload, &QCheckBox::toggled, this, &DevicesPanel::placementEdited);
    connect(m_margin, &QSpinBox::valueChanged, this, &DevicesPanel::placementEdited);
}

bool DevicesPanel::isFitting() const { return m_fitter->isFitting(); }

void DevicesPanel::setServerDevices(std::vector<ServerDevice> devices) {
    m_serverBox->setVisible(!devices.empty());
    m_serverModel->setDevices(std::move(devices));
    m_serverTable->resizeColumnsToContents();
}

bool DevicesPanel::addDevice(const QString& nameOrPath) {
    auto profile = planscope::load_device_profile(nameOrPath.toStdString());
    if (!profile) {
        emit errorReported(tr("Cannot Load Device Profile"), tr("%1\n\nThe devices are kept.").arg(errorText(profile.err())));
        return false;
    }
    const bool host = profile->kind == planscope::device_kind::cpu;
    m_choice.add(std::move(profile).value(), nameOrPath);
    showDevices();
    m_list->setCurrentRow(host ? m_list->count() - 1 : static_cast<int>(m_choice.gpus.size()) - 1);
    choiceEdited();
    return true;
}

void DevicesPanel::removeDevice(int row) {
    if (row < 0 || row >= static_cast<int>(m_choice.gpus.size())) return;
    m_choice.removeGpu(static_cast<std::size_t>(row));
    showDevices();
    m_list->setCurrentRow(std::min(row, m_list->count() - 1));
    choiceEdited();
}

void DevicesPanel::setDeviceMemory(int row, std::uint64_t free, std::uint64_t total) {
    const int gpus = static_cast<int>(m_choice.gpus.size());
    if (row < 0 || row > gpus) return;
    planscope::device_profile& d = row < gpus ? m_choice.gpus[static_cast<std::size_t>(row)] : m_choice.host;
    if (d.memory_free == free && d.memory_total == total) return;
    d.memory_free = free;
    d.memory_total = total;
    const int selected = m_list->currentRow();
    showDevices();
    m_list->setCurrentRow(selected);
    choiceEdited();
}

void DevicesPanel::showDevices() {
    const QSignalBlocker block(m_list);
    m_list->clear();
    const auto memoryTip = [](const planscope::device_profile& d) {
        return tr("%1 free of %2").arg(formatBytes(d.memory_free), formatBytes(d.memory_total));
    };
    for (std::size_t i = 0; i < m_choice.gpus.size(); ++i) {
        const planscope::device_profile& d = m_choice.gpus[i];
        auto* item = new QListWidgetItem(tr("%1: %2 (%3)").arg(toQString(d.name), toQString(d.description),
                                                               QFileInfo(m_choice.sources[i]).fileName()));
        item->setToolTip(memoryTip(d));
        m_list->addItem(item);
    }
    const QString hostFrom = m_choice.hostSource.isEmpty() ? tr("this machine") : QFileInfo(m_choice.hostSource).fileName();
    auto* host = new QListWidgetItem(tr("Host: %1 (%2)").arg(toQString(m_choice.host.description), hostFrom));
    host->setToolTip(memoryTip(m_choice.host));
    m_list->addItem(host);
    showSelectedMemory();
}

void DevicesPanel::showSelectedMemory() {
    const int row = m_list->currentRow();
    const int gpus = static_cast<int>(m_choice.gpus.size());
    m_remove->setEnabled(row >= 0 && row < gpus);
    m_free->setEnabled(row >= 0);
    m_total->setEnabled(row >= 0);
    if (row < 0) return;
    const planscope::device_profile& d = row < gpus ? m_choice.gpus[static_cast<std::size_t>(row)] : m_choice.host;
    const QSignalBlocker blockFree(m_free), blockTotal(m_total);
    m_free->setValue(toMiB(d.memory_free));
    m_total->setValue(toMiB(d.memory_total));
}

void DevicesPanel::showLoadProfileDialog() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Device Profile"), QString(),
                                                      tr("Device profiles (*.json);;All files (*)"));
    if (!path.isEmpty()) addDevice(path);
}

void DevicesPanel::placementEdited() {
    const TensorSplitParse split = parseTensorSplit(m_split->text());
    m_splitError->setText(split.error);
    m_splitError->setVisible(!split.error.isEmpty());
    if (!split.error.isEmpty()) return; // the last valid placement stays
    planscope::llm_placement_params& p = m_choice.placement;
    p.n_gpu_layers = m_ngl->value();
    p.tensor_split = split.values;
    p.n_cpu_moe = m_nCpuMoe->value();
    p.offload_kqv = !m_noKvOffload->isChecked();
    m_choice.opOffload = !m_noOpOffload->isChecked();
    m_choice.margin = static_cast<std::uint64_t>(m_margin->value()) * bytesPerMiB;
    choiceEdited();
}

void DevicesPanel::choiceEdited() {
    m_hasFind = false; // found for other devices
    m_findResult->clear();
    m_apply->setEnabled(false);
    emit choiceChanged();
    refit();
}

void DevicesPanel::onSourceChanged() {
    const ModelSource& source = m_replanner->source();
    if (source.kind != m_source.kind || source.location != m_source.location) {
        m_source = source;
        m_fitter->setSource(source);
        m_hasFind = false;
        m_findResult->clear();
        m_apply->setEnabled(false);
    }
    m_options = m_replanner->options();
    updatePlanButtons();
    refit();
}

void DevicesPanel::updatePlanButtons() {
    // A capture has no file to fit, but its graph can be placed on the devices.
    const bool model = (m_fitter->hasModel() && m_replanner->graphEra() == planscope::ggml_version::v2026) ||
                       m_replanner->source().kind == ModelSource::Kind::Capture;
    m_planDevices->setEnabled(model);
    m_planMachine->setEnabled(model && m_options.devices);
    if (!m_options.devices) {
        m_planned->setText(model ? tr("The document is planned for this machine.") : QString());
        return;
    }
    QStringList names;
    for (const planscope::device_profile& d : m_options.devices->devices.gpus) names << QString::fromStdString(d.name);
    names << QString::fromStdString(m_options.devices->devices.cpu.name);
    m_planned->setText(tr("The document is planned on %1 (the Splits dock shows the split).").arg(names.join(u" + "_s)));
}

void DevicesPanel::planOnDevices() {
    ModelOptions options = m_replanner->options();
    options.devices = std::make_shared<const planscope::llm_device_request>(
        planscope::llm_device_request{m_choice.deviceSet(), m_choice.placement, m_choice.opOffload});
    m_replanner->replan(options);
}

void DevicesPanel::planOnMachine() {
    ModelOptions options = m_replanner->options();
    options.devices.reset();
    m_replanner->replan(options);
}

void DevicesPanel::refit() {
    m_findButton->setEnabled(m_fitter->hasModel());
    if (!m_fitter->hasModel()) {
        showNoFit(tr("Open a .gguf model to fit it to devices."), false);
        return;
    }
    const auto context = deviceContextParams(m_options);
    if (!context) {
        showNoFit(errorText(context.err()), true);
        return;
    }
    m_fitter->fit(*context, m_choice);
}

void DevicesPanel::showNoFit(const QString& why, bool error) {
    m_fitter->cancel(); // a fit still running was for what came before
    m_fit = {};
    m_model->setReport(nullptr, m_choice.margin);
    m_bars->setRows({}, m_choice.margin);
    m_context->clear();
    showSummary(why, error);
    emit fitChanged();
}

void DevicesPanel::showFit(const DeviceFitResult& result) {
    m_fit = result;
    m_model->setReport(result.report, m_choice.margin);
    std::vector<DeviceBarRow> rows;
    if (result.report) {
        for (const planscope::llm_device_memory& d : result.report->devices)
            rows.push_back({toQString(d.name), toQString(d.description), {d.model, d.context, d.compute, d.free, d.total},
                            deviceVerdict(d, m_choice.margin)});
    }
    m_bars->setRows(std::move(rows), m_choice.margin);
    // n-cpu-moe is a search for a model with experts only.
    if (auto* items = qobject_cast<QStandardItemModel*>(m_findTarget->model()))
        if (QStandardItem* moe = items->item(2)) moe->setEnabled(result.nExpert > 0);
    if (!result.report) {
        showSummary(result.error, true);
        m_context->clear();
        emit fitChanged();
        return;
    }
    const planscope::llm_fit_report& r = *result.report;
    const bool fits = r.fits(m_choice.margin);
    showSummary(fitSummary(r, m_choice.margin), !fits);
    const planscope::llm_cparams& c = r.reserve.cparams;
    m_context->setText(tr("n_ctx %1, n_batch %2, n_ubatch %3, flash attention %4; %5 of %6 layers on the GPUs")
                           .arg(c.n_ctx)
                           .arg(c.n_batch)
                           .arg(c.n_ubatch)
                           .arg(c.flash_attn ? tr("on") : tr("off"))
                           .arg(r.offloaded_layers)
                           .arg(result.nLayer + 1));
    emit fitChanged();
}

void DevicesPanel::showSummary(const QString& text, bool error) {
    m_summary->setStyleSheet(error ? devicesErrorStyle : u"color: #2b8a3e"_s);
    m_summary->setText(text);
}

void DevicesPanel::findBest(planscope::llm_fit_target target) {
    const auto context = deviceContextParams(m_options);
    if (!m_fitter->hasModel() || !context) return;
    m_findTarget->setCurrentIndex(m_findTarget->findData(static_cast<int>(target)));
    m_findResult->setText(tr("Searching…"));
    m_findResult->setStyleSheet(QString());
    m_apply->setEnabled(false);
    m_fitter->find(*context, m_choice, target);
}

void DevicesPanel::showFind(const DeviceFindResult& result) {
    m_find = result;
    m_hasFind = result.error.isEmpty();
    const QString what = result.target == planscope::llm_fit_target::ngl   ? u"ngl"_s
                         : result.target == planscope::llm_fit_target::ctx ? u"n_ctx"_s
                                                                           : u"n-cpu-moe"_s;
    m_findResult->setStyleSheet(result.error.isEmpty() && result.value ? QString() : devicesErrorStyle);
    if (!result.error.isEmpty()) m_findResult->setText(result.error);
    else if (result.value)
        m_findResult->setText(tr("Best %1: %2 (%n plan(s))", nullptr, static_cast<int>(result.tries)).arg(what).arg(*result.value));
    else m_findResult->setText(tr("Nothing in range fits (%n plan(s))", nullptr, static_cast<int>(result.tries)));
    m_apply->setEnabled(m_hasFind && result.value.has_value());
    emit bestFound();
}

void DevicesPanel::applyBest() {
    if (!m_hasFind || !m_find.value) return;
    const auto value = static_cast<int>(*m_find.value);
    switch (m_find.target) {
    case planscope::llm_fit_target::ngl: m_ngl->setValue(value); break;
    case planscope::llm_fit_target::n_cpu_moe: m_nCpuMoe->setValue(value); break;
    case planscope::llm_fit_target::ctx: {
        ModelOptions options = m_options;
        options.params.n_ctx = value;
        m_replanner->replan(options);
        break;
    }
    }
}

} // namespace planscope::ui
