#include "app_settings.h"

#if defined(PLANSCOPE_HAS_OPENCL)
#include "backend/opencl/opencl_backend.h"
#endif

#include <QSettings>

#include <algorithm>
#include <thread>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
const QString deviceKey = u"settings/openclDevice"_s;
const QString threadsKey = u"settings/cpuThreads"_s;
const QString foldKey = u"settings/foldThreshold"_s;
const QString openOnStepKey = u"settings/openBlocksOnStep"_s;
const QString languageKey = u"settings/language"_s;
const QString backendsKey = u"splits/backends"_s;
const QString nglKey = u"whatIf/ngl"_s;
constexpr int maxThreads = 256;
} // namespace

int AppSettings::defaultCpuThreads() {
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
}

QString AppSettings::defaultBackends() {
#if defined(PLANSCOPE_HAS_OPENCL)
    if (auto devices = planscope::list_opencl_devices(); devices && !devices->empty()) return u"cpu,opencl"_s;
#endif
    return u"cpu,cpu"_s;
}

QStringList AppSettings::languages() { return {u"de"_s, u"fr"_s, u"zh_CN"_s}; }

AppSettings AppSettings::load(const QSettings& settings) {
    AppSettings s;
    s.openclDevice = settings.value(deviceKey).toString();
    bool ok = false;
    const int threads = settings.value(threadsKey).toInt(&ok);
    if (ok && threads >= 1 && threads <= maxThreads) s.cpuThreads = threads;
    const int fold = settings.value(foldKey).toInt(&ok);
    if (ok && fold >= 0 && fold <= maxFoldThreshold) s.foldThreshold = fold;
    if (settings.contains(openOnStepKey)) s.openBlocksOnStep = settings.value(openOnStepKey).toBool();
    const QString language = settings.value(languageKey).toString();
    if (language == u"en"_s || languages().contains(language)) s.language = language;
    s.backends = settings.value(backendsKey).toString();
    const int ngl = settings.value(nglKey).toInt(&ok);
    if (ok && ngl >= 0) s.ngl = ngl;
    return s;
}

AppSettings AppSettings::load() { return load(QSettings()); }

void AppSettings::save(QSettings& settings) const {
    settings.setValue(deviceKey, openclDevice);
    settings.setValue(threadsKey, cpuThreads);
    settings.setValue(foldKey, foldThreshold);
    settings.setValue(openOnStepKey, openBlocksOnStep);
    settings.setValue(languageKey, language);
    settings.setValue(backendsKey, backends);
    settings.setValue(nglKey, ngl);
}

void AppSettings::save() const {
    QSettings settings;
    save(settings);
}

} // namespace planscope::ui
