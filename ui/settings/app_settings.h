#pragma once
// The app's preferences (Edit > Settings…), kept in QSettings under "settings/": the OpenCL device
// and the CPU backend's threads. Any code reads them with AppSettings::load().
#include <QString>

class QSettings;

namespace planscope::ui {

struct AppSettings {
    // opencl_options::device: a device index or a substring of its name; empty lets the engine
    // choose (PLANSCOPE_OPENCL_DEVICE, else the first GPU, else the first device).
    QString openclDevice;
    int cpuThreads = defaultCpuThreads();

    // The hardware's threads, at most 8 (as planscope-cli run), at least 1.
    static int defaultCpuThreads();
    // Values out of range fall back to the defaults.
    static AppSettings load(const QSettings& settings);
    static AppSettings load(); // from the default QSettings
    void save(QSettings& settings) const;
    void save() const;

    friend bool operator==(const AppSettings&, const AppSettings&) = default;
};

} // namespace planscope::ui
