#include "settings_dialog.h"

#include "model/format.h"

#if defined(PLANSCOPE_HAS_OPENCL)
#include "backend/opencl/opencl_backend.h"
#endif

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

SettingsDialog::SettingsDialog(QWidget* parent)
    : QDialog(parent), m_device(new QComboBox(this)), m_deviceNote(new QLabel(this)), m_threads(new QSpinBox(this)),
      m_foldThreshold(new QSpinBox(this)), m_openOnStep(new QCheckBox(tr("Stepping opens the block of the current tensor"), this)),
      m_language(new QComboBox(this)) {
    setObjectName(u"settingsDialog"_s);
    setWindowTitle(tr("Settings"));
    m_device->setObjectName(u"openclDevice"_s);
    // Editable: a device index or a substring of its name, as PLANSCOPE_OPENCL_DEVICE takes.
    m_device->setEditable(true);
    m_device->setToolTip(tr("A device index or part of its name; empty: the first GPU, else the first device"));
    m_deviceNote->setObjectName(u"openclNote"_s);
    m_deviceNote->setWordWrap(true);
    m_threads->setObjectName(u"cpuThreads"_s);
    m_threads->setRange(1, 256);
    m_threads->setToolTip(tr("Threads the CPU backend computes with (default: the hardware's, at most 8)"));
    m_foldThreshold->setObjectName(u"foldThreshold"_s);
    m_foldThreshold->setRange(0, AppSettings::maxFoldThreshold);
    m_foldThreshold->setGroupSeparatorShown(true);
    m_foldThreshold->setSuffix(tr(" nodes"));
    m_foldThreshold->setToolTip(tr("Graphs with more nodes open with their repeated blocks (layers) folded into boxes; "
                                   "View > Fold Repeated Blocks switches it for the open graph"));
    m_openOnStep->setObjectName(u"openBlocksOnStep"_s);
    m_language->setObjectName(u"language"_s);
    m_language->setToolTip(tr("The language of menus and panels; Planscope uses it when it starts again"));
    m_language->addItem(tr("System default"), QString());
    // Each language in its own words, as a user who cannot read the current one looks for it.
    for (const QString& code : QStringList{u"en"_s} + AppSettings::languages()) {
        const QLocale locale(code);
        QString name = locale.nativeLanguageName();
        if (locale.language() == QLocale::Chinese) name += u" (" + locale.nativeTerritoryName() + u')';
        if (!name.isEmpty()) name[0] = name[0].toUpper();
        m_language->addItem(name, code);
    }
    fillDevices();

    auto* form = new QFormLayout;
    form->addRow(tr("OpenCL device:"), m_device);
    form->addRow(QString(), m_deviceNote);
    form->addRow(tr("CPU threads:"), m_threads);
    form->addRow(tr("Fold graphs above:"), m_foldThreshold);
    form->addRow(QString(), m_openOnStep);
    form->addRow(tr("Language:"), m_language);
    auto* restart = new QLabel(tr("A new language applies when Planscope starts again."), this);
    restart->setWordWrap(true);
    form->addRow(QString(), restart);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    setSettings(AppSettings{});
}

bool SettingsDialog::openclAvailable() {
#if defined(PLANSCOPE_HAS_OPENCL)
    return true;
#else
    return false;
#endif
}

void SettingsDialog::fillDevices() {
    m_device->addItem(tr("(automatic)"), QString());
#if defined(PLANSCOPE_HAS_OPENCL)
    auto devices = planscope::list_opencl_devices();
    if (!devices) {
        m_deviceNote->setText(errorText(devices.err()));
        return;
    }
    // "0: pthread-... (Portable Computing Language)": the stored value is the index before ':'.
    for (const std::string& d : *devices) {
        const QString text = toQString(d);
        m_device->addItem(text, text.section(u':', 0, 0));
    }
    m_deviceNote->setText(tr("%n device(s) found", nullptr, static_cast<int>(devices->size())));
#else
    m_device->setEnabled(false);
    m_deviceNote->setText(tr("OpenCL not available: this build has no OpenCL backend."));
#endif
}

void SettingsDialog::setSettings(const AppSettings& s) {
    m_shown = s;
    m_language->setCurrentIndex(std::max(0, m_language->findData(s.language)));
    const int index = m_device->findData(s.openclDevice);
    if (index >= 0) m_device->setCurrentIndex(index);
    else m_device->setEditText(s.openclDevice);
    m_threads->setValue(s.cpuThreads);
    m_foldThreshold->setValue(s.foldThreshold);
    m_openOnStep->setChecked(s.openBlocksOnStep);
}

AppSettings SettingsDialog::settings() const {
    AppSettings s = m_shown;
    s.language = m_language->currentData().toString();
    const int index = m_device->findText(m_device->currentText());
    s.openclDevice = index >= 0 ? m_device->itemData(index).toString() : m_device->currentText().trimmed();
    s.cpuThreads = m_threads->value();
    s.foldThreshold = m_foldThreshold->value();
    s.openBlocksOnStep = m_openOnStep->isChecked();
    return s;
}

} // namespace planscope::ui
