#include "app_settings.h"

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
constexpr int maxThreads = 256;
} // namespace

int AppSettings::defaultCpuThreads() {
    return static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
}

AppSettings AppSettings::load(const QSettings& settings) {
    AppSettings s;
    s.openclDevice = settings.value(deviceKey).toString();
    bool ok = false;
    const int threads = settings.value(threadsKey).toInt(&ok);
    if (ok && threads >= 1 && threads <= maxThreads) s.cpuThreads = threads;
    const int fold = settings.value(foldKey).toInt(&ok);
    if (ok && fold >= 0 && fold <= maxFoldThreshold) s.foldThreshold = fold;
    if (settings.contains(openOnStepKey)) s.openBlocksOnStep = settings.value(openOnStepKey).toBool();
    return s;
}

AppSettings AppSettings::load() { return load(QSettings()); }

void AppSettings::save(QSettings& settings) const {
    settings.setValue(deviceKey, openclDevice);
    settings.setValue(threadsKey, cpuThreads);
    settings.setValue(foldKey, foldThreshold);
    settings.setValue(openOnStepKey, openBlocksOnStep);
}

void AppSettings::save() const {
    QSettings settings;
    save(settings);
}

} // namespace planscope::ui
