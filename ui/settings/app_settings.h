#pragma once
// The app's preferences (Edit > Settings…), kept in QSettings under "settings/": the OpenCL device,
// the CPU backend's threads and how the canvas folds large graphs. Any code reads them with AppSettings::load().
#include <QString>
#include <QStringList>

class QSettings;

namespace planscope::ui {

struct AppSettings {
    // opencl_options::device: a device index or a substring of its name; empty lets the engine
    // choose (PLANSCOPE_OPENCL_DEVICE, else the first GPU, else the first device).
    QString openclDevice;
    int cpuThreads = defaultCpuThreads();
    // Graphs with more nodes than this open with their repeated blocks folded.
    int foldThreshold = 300;
    // Stepping or selecting a tensor in a closed block opens that block.
    bool openBlocksOnStep = true;
    // The user interface's language, read at startup: "de", "fr", "zh_CN", "en"; empty follows
    // the system's.
    QString language;
    // What Schedule (F7) splits over, as make_backends takes it ("cpu,opencl"); empty: the
    // default, CPU and the first other backend found (defaultBackends).
    QString backends;
    // The what-if bar's ngl as the user last set it: a llama model opened without one (no --ngl,
    // no ngl= in its template spec) is re-planned with it, so that F7 splits it as before.
    int ngl = 0;

    static constexpr int maxFoldThreshold = 100'000'000;

    // The hardware's threads, at most 8 (as planscope-cli run), at least 1.
    static int defaultCpuThreads();
    // "cpu,opencl" when OpenCL has a device, else "cpu,cpu": the graph split over two backends.
    static QString defaultBackends();
    // The languages the app is translated to, besides the English source.
    static QStringList languages();
    // Values out of range fall back to the defaults.
    static AppSettings load(const QSettings& settings);
    static AppSettings load(); // from the default QSettings
    void save(QSettings& settings) const;
    void save() const;

    friend bool operator==(const AppSettings&, const AppSettings&) = default;
};

} // namespace planscope::ui
