#include "sweep_dialog.h"

#include "core/guarded.h"
#include "model/format.h"
#include "panels/device_fitter.h"
#include "sweep_chart.h"
#include "sweep_device_chart.h"
#include "sweep_point_model.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QHideEvent>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QSignalBlocker>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

constexpr int batchDefaults[] = {1, 8, 32, 128, 512};
constexpr int ctxDefaults[] = {256, 512, 1024, 2048, 4096};
// The key box's data for the keys on devices, after sweep_key's.
constexpr int deviceKeyData = 100;

// Engine messages may carry a file's name or text: one printable line for the message label.
QString oneLine(QString text) {
    for (QChar& c : text)
        if (!c.isPrint()) c = u' ';
    return text.simplified();
}

} // namespace

SweepDialog::SweepDialog(QWidget* parent)
    : QDialog(parent), m_keyBox(new QComboBox(this)), m_values(new QLineEdit(this)), m_valuesError(new QLabel(this)),
      m_run(new QPushButton(tr("&Run"), this)), m_cancel(new QPushButton(tr("Cance&l"), this)),
      m_progress(new QProgressBar(this)), m_message(new QLabel(this)), m_eraNote(new QLabel(this)),
      m_chart(new SweepChart(this)), m_onDevices(new QCheckBox(this)), m_deviceChart(new SweepDeviceChart(this)),
      m_points(new SweepPointModel(this)), m_table(new QTableView(this)) {
    setWindowTitle(tr("Compute Buffer Sweep"));
    m_keyBox->addItem(sweepKeyLabel(planscope::sweep_key::batch), static_cast<int>(planscope::sweep_key::batch));
    m_values->setPlaceholderText(tr("Comma-separated values, e.g. 1,8,32"));
    m_valuesError->setTextFormat(Qt::PlainText);
    m_valuesError->setStyleSheet(u"color: #b00020"_s);
    m_valuesError->hide();
    m_cancel->setEnabled(false);
    m_progress->setFormat(tr("%v / %m points"));
    m_message->setTextFormat(Qt::PlainText);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_eraNote->setObjectName(u"sweepEraNote"_s);
    m_eraNote->setWordWrap(true);
    m_eraNote->hide();

    auto* keyLabel = new QLabel(tr("S&weep:"), this);
    keyLabel->setBuddy(m_keyBox);
    auto* valuesLabel = new QLabel(tr("&Values:"), this);
    valuesLabel->setBuddy(m_values);
    auto* controls = new QGridLayout;
    controls->addWidget(keyLabel, 0, 0);
    controls->addWidget(m_keyBox, 0, 1);
    controls->addWidget(valuesLabel, 0, 2);
    controls->addWidget(m_values, 0, 3);
    controls->addWidget(m_run, 0, 4);
    controls->addWidget(m_cancel, 0, 5);
    controls->addWidget(m_valuesError, 1, 3, 1, 3);
    m_onDevices->setObjectName(u"sweepOnDevices"_s);
    m_onDevices->setEnabled(false);
    controls->addWidget(m_onDevices, 2, 0, 1, 6);
    controls->setColumnStretch(3, 1);

    auto* status = new QHBoxLayout;
    status->addWidget(m_progress);
    status->addWidget(m_message, 1);
    m_progress->setMaximumWidth(180);

    m_table->setModel(m_points);
    m_table->verticalHeader()->hide();
    // Columns share the width but never clip their titles: a narrow dialog scrolls instead.
    QHeaderView* header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Stretch);
    int titleWidth = 0;
    for (int c = 0; c < m_points->columnCount(); ++c)
        titleWidth = std::max(titleWidth, header->fontMetrics().horizontalAdvance(m_points->headerData(c, Qt::Horizontal).toString()));
    header->setMinimumSectionSize(titleWidth + 24);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_chart);
    split->addWidget(m_deviceChart);
    m_deviceChart->hide();
    split->addWidget(m_table);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(m_eraNote);
    layout->addLayout(status);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);
    resize(780, 620);

    connect(m_keyBox, &QComboBox::currentIndexChanged, this, [this] {
        setValues(currentDefaultValues());
        if (!isRunning()) showFixedParameters();
    });
    connect(m_onDevices, &QCheckBox::toggled, this, &SweepDialog::modeChanged);
    connect(m_values, &QLineEdit::textChanged, this, &SweepDialog::validate);
    connect(m_values, &QLineEdit::returnPressed, this, &SweepDialog::run);
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::run);
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancel);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    setModel({}, {});
    setDevices({}, 0);
}

SweepDialog::~SweepDialog() {
    if (m_stop) m_stop->store(true);
    m_running = 0;
    for (QThread* t : findChildren<QThread*>()) t->wait();
}

planscope::sweep_key SweepDialog::key() const {
    return static_cast<planscope::sweep_key>(m_keyBox->currentData().toInt());
}

DeviceSweepKey SweepDialog::deviceKey() const {
    return static_cast<DeviceSweepKey>(std::max(0, m_keyBox->currentData().toInt() - deviceKeyData));
}

bool SweepDialog::sweepsDevices() const { return m_onDevices->isEnabled() && m_onDevices->isChecked(); }

void SweepDialog::setSweepsDevices(bool on) { m_onDevices->setChecked(on); }

QString SweepDialog::currentDefaultValues() const {
    return sweepsDevices() ? defaultDeviceSweepValues(deviceKey(), m_nLayer) : defaultValues(key());
}

void SweepDialog::fillKeys() {
    const QSignalBlocker block(m_keyBox);
    const int was = m_keyBox->currentData().toInt();
    m_keyBox->clear();
    if (sweepsDevices()) {
        for (const DeviceSweepKey k : {DeviceSweepKey::ngl, DeviceSweepKey::ctx})
            m_keyBox->addItem(deviceSweepKeyLabel(k), deviceKeyData + static_cast<int>(k));
    } else {
        // n_ubatch is swept in ggml 2026 alone: llama.cpp 2023 had none.
        for (const planscope::sweep_key k : {planscope::sweep_key::batch, planscope::sweep_key::ubatch, planscope::sweep_key::ctx})
            if (k != planscope::sweep_key::ubatch || m_era == planscope::ggml_version::v2026)
                m_keyBox->addItem(sweepKeyLabel(k), static_cast<int>(k));
    }
    m_keyBox->setCurrentIndex(std::max(0, m_keyBox->findData(was)));
}

void SweepDialog::setDevices(const DeviceChoice& choice, std::uint32_t nLayer) {
    const bool wasOn = sweepsDevices();
    if (wasOn && isRunning()) {
        stop();
        emit sweepFinished();
    }
    m_devices = choice;
    m_nLayer = nLayer;
    QStringList names;
    for (const planscope::device_profile& d : choice.gpus) names << toQString(d.name);
    const bool possible = !names.isEmpty() && static_cast<bool>(ggufOpener(m_source));
    m_onDevices->setText(names.isEmpty() ? tr("On devices (choose GPUs in the Devices dock)")
                                         : tr("On the Devices dock's devices: %1").arg(names.join(u", "_s)));
    m_onDevices->setEnabled(possible);
    if (wasOn != sweepsDevices()) modeChanged();
    else if (wasOn) m_deviceChart->clear(); // its points were other devices'
}

void SweepDialog::modeChanged() {
    if (isRunning()) {
        stop();
        emit sweepFinished();
    }
    const bool devices = sweepsDevices();
    fillKeys();
    m_chart->setVisible(!devices);
    m_table->setVisible(!devices);
    m_deviceChart->setVisible(devices);
    setValues(currentDefaultValues());
    showFixedParameters();
    validate();
}

void SweepDialog::setDeviceKey(DeviceSweepKey key) {
    m_keyBox->setCurrentIndex(m_keyBox->findData(deviceKeyData + static_cast<int>(key)));
    setValues(currentDefaultValues());
}

QString SweepDialog::defaultValues(planscope::sweep_key key) const {
    // A batch larger than the context, or a context smaller than the batch, would only fail.
    const planscope::llama_params& p = m_options.params;
    QStringList values;
    if (key != planscope::sweep_key::ctx) {
        // llama.cpp da46e59c limits n_ubatch to n_batch.
        const int most = key == planscope::sweep_key::batch ? p.n_ctx : p.n_batch;
        for (int v : batchDefaults)
            if (v <= most) values << QString::number(v);
        if (values.isEmpty()) values << QString::number(most);
    } else {
        for (int v : ctxDefaults)
            if (v >= p.n_batch) values << QString::number(v);
        if (values.isEmpty()) values << QString::number(p.n_batch);
    }
    return values.join(u',');
}

void SweepDialog::setModel(const ModelSource& source, const ModelOptions& options, planscope::ggml_version era) {
    if (isRunning()) {
        stop();
        emit sweepFinished();
    }
    m_source = source;
    m_era = source.graphEra(era);
    m_options = optionsForEra(options, m_era);
    // A model with no .gguf (a template) is not swept on devices.
    if (!ggufOpener(source)) m_onDevices->setEnabled(false);
    else if (!m_devices.gpus.empty()) m_onDevices->setEnabled(true);
    const bool devices = sweepsDevices();
    m_chart->setVisible(!devices);
    m_table->setVisible(!devices);
    m_deviceChart->setVisible(devices);
    fillKeys();
    m_eraNote->setText(m_era == planscope::ggml_version::v2026
                           ? tr("ggml 2026: each point is the graph llama.cpp da46e59c reserves with, planned by ggml "
                                "2026; llama.cpp's figure is its context's compute buffer after the prompt, one-token "
                                "and prompt graphs.")
                           : tr("ggml 2023: each point is llama.cpp 2023's graph, planned by ggml 2023; llama.cpp's "
                                "figure is what its worst-case graph reserves."));
    m_eraNote->setVisible(source.replannable());
    m_points->clear();
    m_chart->clear();
    m_deviceChart->clear();
    m_progress->hide(); // until a sweep starts
    const QString name = source.kind == ModelSource::Kind::GgufFile ? QFileInfo(source.location).fileName() : source.label();
    setWindowTitle(source.replannable() ? tr("Compute Buffer Sweep — %1").arg(name) : tr("Compute Buffer Sweep"));
    setValues(currentDefaultValues());
    showFixedParameters();
    validate();
}

void SweepDialog::showFixedParameters() {
    if (!m_source.replannable()) {
        showMessage(tr("Only a model (.gguf) or the llama template can be swept."));
        return;
    }
    // The swept one does not stay: n_batch while n_batch is swept, n_ctx while n_ctx is.
    const planscope::llama_params& p = m_options.params;
    if (sweepsDevices()) {
        if (deviceKey() == DeviceSweepKey::ngl)
            showMessage(tr("The other parameters stay as they are: n_ctx %1, n_batch %2.").arg(p.n_ctx).arg(p.n_batch));
        else showMessage(tr("The other parameters stay as they are: n_batch %1.").arg(p.n_batch));
        return;
    }
    switch (key()) {
    case planscope::sweep_key::batch: showMessage(tr("The other parameters stay as they are: n_ctx %1.").arg(p.n_ctx)); break;
    case planscope::sweep_key::ubatch:
        showMessage(tr("The other parameters stay as they are: n_ctx %1, n_batch %2.").arg(p.n_ctx).arg(p.n_batch));
        break;
    case planscope::sweep_key::ctx: showMessage(tr("The other parameters stay as they are: n_batch %1.").arg(p.n_batch)); break;
    }
}

void SweepDialog::setKey(planscope::sweep_key key) {
    m_keyBox->setCurrentIndex(m_keyBox->findData(static_cast<int>(key)));
    setValues(currentDefaultValues()); // also when the key was already selected (no signal then)
}

void SweepDialog::setValues(const QString& values) { m_values->setText(values); }

planscope::result<std::vector<int>> SweepDialog::parsedValues() const {
    if (sweepsDevices()) {
        DeviceSweepValues v = parseDeviceSweepValues(m_values->text(), deviceKey());
        if (!v.error.isEmpty()) return planscope::error{v.error.toStdString()};
        return std::move(v.values);
    }
    QString text = m_values->text();
    text.removeIf([](QChar c) { return c.isSpace(); });
    std::string spec(planscope::name(key()));
    spec += '=';
    spec += text.toStdString();
    auto parsed = planscope::parse_sweep(spec);
    if (!parsed) return parsed.err();
    return std::move(parsed->second);
}

void SweepDialog::validate() {
    const auto values = parsedValues();
    m_valuesError->setText(values ? QString() : tr("Values: %1").arg(oneLine(errorText(values.err()))));
    m_valuesError->setVisible(!values);
    m_run->setEnabled(!isRunning() && m_source.replannable() && values.ok());
}

void SweepDialog::run() {
    auto values = parsedValues();
    if (!m_source.replannable() || !values) return;
    if (sweepsDevices()) return runDevices(std::move(values).value());
    const quint64 generation = begin(values->size());
    std::shared_ptr<std::atomic<bool>> stopFlag = m_stop;
    const planscope::sweep_key k = key();
    m_chart->setKey(k);

    // The worker owns copies of what it reads; points and the end come back queued to this thread.
    planscope::sweep_builder build = [source = m_source, options = m_options, era = m_era](const planscope::llama_params& p) {
        ModelOptions o = options;
        o.params = p;
        return source.loader(o, era)();
    };
    QThread* worker = QThread::create([this, generation, build = std::move(build), base = m_options.params, k,
                                       values = std::move(values).value(), stopFlag] {
        planscope::sweep_control control;
        control.cancel = stopFlag.get();
        control.on_point = [this, generation](const planscope::sweep_point& p) {
            QMetaObject::invokeMethod(
                this, [this, generation, p] { if (generation == m_running) addPoint(p); }, Qt::QueuedConnection);
        };
        const auto points = planscope::guarded([&] { return planscope::sweep_compute_buffer(build, base, k, values, control); });
        std::optional<QString> error;
        if (!points) error = errorText(points.err());
        QMetaObject::invokeMethod(
            this, [this, generation, error] { if (generation == m_running) finish(error); }, Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

quint64 SweepDialog::begin(std::size_t points) {
    if (isRunning()) stop();
    const quint64 generation = ++m_generation;
    m_running = generation;
    m_stop = std::make_shared<std::atomic<bool>>(false);
    m_points->clear();
    m_chart->clear();
    m_deviceChart->clear();
    m_progress->setRange(0, static_cast<int>(points));
    m_progress->setValue(0);
    m_progress->show();
    m_run->setEnabled(false);
    m_cancel->setEnabled(true);
    showMessage(tr("Planning %n point(s)…", nullptr, static_cast<int>(points)));
    return generation;
}

void SweepDialog::runDevices(std::vector<int> values) {
    const auto context = deviceContextParams(m_options);
    const quint64 generation = begin(values.size());
    const DeviceSweepKey k = deviceKey();
    m_deviceChart->setKey(k);
    if (!context) return finish(errorText(context.err()));
    // As the compute buffer sweep: the worker owns copies, points come back queued.
    QThread* worker = QThread::create([this, generation, open = ggufOpener(m_source), context = *context, choice = m_devices, k,
                                       values = std::move(values), stopFlag = m_stop] {
        const auto swept = planscope::guarded([&]() -> planscope::status {
            auto file = open();
            if (!file) return file.err();
            for (int v : values) {
                if (stopFlag->load()) return planscope::error{"sweep cancelled"};
                auto p = deviceSweepPoint(*file, context, choice, k, v);
                if (!p) return p.err();
                QMetaObject::invokeMethod(
                    this, [this, generation, p = std::move(p).value()] { if (generation == m_running) addDevicePoint(p); },
                    Qt::QueuedConnection);
            }
            return planscope::success();
        });
        std::optional<QString> error;
        if (!swept) error = errorText(swept.err());
        QMetaObject::invokeMethod(
            this, [this, generation, error] { if (generation == m_running) finish(error); }, Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void SweepDialog::stop() {
    if (m_stop) m_stop->store(true);
    setIdle();
}

void SweepDialog::setIdle() {
    m_running = 0;
    m_cancel->setEnabled(false);
    validate();
}

void SweepDialog::cancel() {
    if (!isRunning()) return;
    stop();
    showMessage(tr("Sweep cancelled after %n point(s).", nullptr, pointCount()));
    emit sweepFinished();
}

void SweepDialog::addPoint(const planscope::sweep_point& p) {
    m_points->append(p);
    m_chart->appendPoint(p);
    m_progress->setValue(m_points->rowCount());
    m_table->scrollToBottom();
}

int SweepDialog::pointCount() const {
    return sweepsDevices() ? static_cast<int>(m_deviceChart->points().size()) : m_points->rowCount();
}

void SweepDialog::addDevicePoint(const DeviceSweepPoint& p) {
    m_deviceChart->appendPoint(p);
    m_progress->setValue(static_cast<int>(m_deviceChart->points().size()));
}

void SweepDialog::finish(const std::optional<QString>& error) {
    setIdle();
    if (error) showMessage(*error, true);
    else showMessage(tr("Done: %n point(s) planned.", nullptr, pointCount()));
    emit sweepFinished();
}

void SweepDialog::showMessage(const QString& text, bool error) {
    m_message->setStyleSheet(error ? u"color: #b00020"_s : QString());
    m_message->setText(oneLine(text));
}

void SweepDialog::hideEvent(QHideEvent* event) {
    if (!event->spontaneous()) cancel(); // closed, not minimised
    QDialog::hideEvent(event);
}

} // namespace planscope::ui
