// planscope: the desktop app. `planscope [FILE]` opens FILE, or the embedded stories260K model;
// `planscope --screenshot OUT.png [--ggml V [--max-buffer-size N]] [--ngl N] [--step N] [--schedule BACKENDS|devices=PROFILE,... [--split-overview]] [--show PANEL] [FILE]`
// renders the window (at step N of the plan, scheduled on BACKENDS) to a PNG and exits.
// Exit 0 ok, 1 bad input (an unreadable graph, an unwritable PNG), 2 usage. Without --screenshot an
// unreadable FILE is reported in the window, which opens on the embedded model.
#include "canvas/graph_canvas.h"
#include "files/file_controller.h"
#include "files/recent_files.h"
#include "mainwindow/main_window.h"
#include "mainwindow/screenshot.h"
#include "core/guarded.h"
#include "model/format.h"
#include "session/graph_session.h"
#include "session/guarded_application.h"
#include "session/startup_graph.h"
#include "settings/app_settings.h"

#include "quit_on_signal.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTextStream>
#include <QTranslator>

using namespace Qt::StringLiterals;

namespace {

constexpr int exitOk = 0;
constexpr int exitBadInput = 1;
constexpr int exitUsage = 2;

void printError(const QString& message) {
    QTextStream(stderr) << "error: " << message << Qt::endl;
}

// The app's strings from the embedded :/i18n/planscope_<lang>.qm, Qt's own (dialog buttons)
// from the Qt installation; both for Settings > Language, else the system's UI languages.
void installTranslators(QApplication& app) {
    const QString language = planscope::ui::AppSettings::load().language;
    if (!language.isEmpty()) QLocale::setDefault(QLocale(language)); // numbers too, as the words
    const QLocale locale;
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, u"qtbase"_s, u"_"_s, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qt);
    // English plural forms ("1 copy", "2 copies") under every language: the sources say
    // "%n copies"; installed first, so the chosen language's translator is asked before it.
    auto* plurals = new QTranslator(&app);
    if (plurals->load(u":/i18n/planscope_en.qm"_s)) QApplication::installTranslator(plurals);
    auto* own = new QTranslator(&app);
    if (own->load(locale, u"planscope"_s, u"_"_s, u":/i18n"_s)) QApplication::installTranslator(own);
}

// --screenshot, --help and --version show no window: unless the user chose a platform, use
// the offscreen one so that they also work without a display (CI, ssh).
void preferOffscreenWhenWindowless(int argc, char** argv) {
    if (qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) return;
    for (int i = 1; i < argc; ++i) {
        const QByteArrayView arg(argv[i]);
        if (arg == "--screenshot" || arg.startsWith("--screenshot=") || arg == "-h" || arg == "--help" ||
            arg == "--help-all" || arg == "-v" || arg == "--version") {
            qputenv("QT_QPA_PLATFORM", "offscreen");
            return;
        }
    }
}

int run(int argc, char** argv) {
    preferOffscreenWhenWindowless(argc, argv);
    planscope::ui::GuardedApplication app(argc, argv);
    QApplication::setOrganizationName(u"Planscope"_s);
    QApplication::setApplicationName(u"Planscope"_s);
    QApplication::setApplicationVersion(QStringLiteral(PLANSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(u":/planscope/planscope.svg"_s));
    installTranslators(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate(
        "main", "Shows how ggml's allocator and scheduler place every tensor of a compute graph."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption screenshot(u"screenshot"_s,
                                        QApplication::translate("main", "Render the main window to a PNG file and exit."),
                                        QApplication::translate("main", "OUT.png"));
    parser.addOption(screenshot);
    const QCommandLineOption step(u"step"_s,
                                  QApplication::translate("main", "Open the plan at step N (N allocator events applied)."),
                                  QApplication::translate("main", "N"));
    parser.addOption(step);
    const QCommandLineOption schedule(u"schedule"_s,
                                      QApplication::translate("main", "Schedule the graph on BACKENDS (e.g. cpu,opencl) as Schedule (F7) does, or with devices=PROFILE,... plan a model on those device profiles as the Devices dock's Plan on These Devices does."),
                                      QApplication::translate("main", "BACKENDS"));
    parser.addOption(schedule);
    const QCommandLineOption ngl(u"ngl"_s,
                                 QApplication::translate("main", "Re-plan the model with N layers on the second backend, as the what-if bar's ngl."),
                                 QApplication::translate("main", "N"));
    parser.addOption(ngl);
    const QCommandLineOption ggml(u"ggml"_s,
                                  QApplication::translate("main", "Plan, schedule and run as ggml VERSION, 2023 or 2026 (a .gguf model's default), as View > Allocator."),
                                  QApplication::translate("main", "VERSION"));
    parser.addOption(ggml);
    const QCommandLineOption maxBufferSize(
        u"max-buffer-size"_s,
        QApplication::translate("main", "With --ggml 2026: the buffer type's maximum size in bytes, as View > Allocator > Maximum Buffer Size."),
        QApplication::translate("main", "N"));
    parser.addOption(maxBufferSize);
    const QCommandLineOption overview(u"split-overview"_s,
                                      QApplication::translate("main", "With --schedule: show the split overview."));
    parser.addOption(overview);
    const QCommandLineOption show(u"show"_s,
                                  QApplication::translate("main", "Bring PANEL to the front: peak, causes (with --schedule) or devices=PROFILE,... (the Devices dock with those GPUs)."),
                                  QApplication::translate("main", "PANEL"));
    parser.addOption(show);
    parser.addPositionalArgument(
        QApplication::translate("main", "FILE"),
        QApplication::translate("main", "A graph (.json), model (.gguf) or ggml DOT dump (.dot) to open; without one "
                                        "the embedded %1 model opens with an 8-token prompt.")
            .arg(planscope::ui::toQString(planscope::ui::startupModelName)),
        QApplication::translate("main", "[FILE]"));
    if (!parser.parse(QApplication::arguments())) {
        printError(parser.errorText());
        return exitUsage;
    }
    if (parser.isSet(help) || parser.isSet(u"help-all"_s)) parser.showHelp(exitOk);
    if (parser.isSet(version)) parser.showVersion();

    const QStringList files = parser.positionalArguments();
    if (files.size() > 1) {
        printError(QApplication::translate("main", "expected at most one FILE, got %1").arg(files.size()));
        return exitUsage;
    }
    const QString file = files.value(0);
    bool stepOk = true;
    const qulonglong stepNumber = parser.isSet(step) ? parser.value(step).toULongLong(&stepOk) : 0;
    if (!stepOk) {
        printError(QApplication::translate("main", "--step takes a number of steps, not '%1'").arg(parser.value(step)));
        return exitUsage;
    }

    std::optional<planscope::ggml_version> allocator;
    if (parser.isSet(ggml)) {
        allocator = planscope::parse_ggml_version(parser.value(ggml).toStdString());
        if (!allocator) {
            printError(QApplication::translate("main", "--ggml is 2023 or 2026, not '%1'").arg(parser.value(ggml)));
            return exitUsage;
        }
    }
    qulonglong maxBytes = 0;
    if (parser.isSet(maxBufferSize)) {
        bool ok = false;
        maxBytes = parser.value(maxBufferSize).toULongLong(&ok);
        if (!ok || maxBytes == 0) {
            printError(QApplication::translate("main", "--max-buffer-size takes a positive number of bytes, not '%1'")
                           .arg(parser.value(maxBufferSize)));
            return exitUsage;
        }
    }

    auto graph = planscope::guarded([&] { return planscope::ui::loadStartupSource(file, allocator); });
    QString openError; // FILE could not be opened: the window shows why over the built-in model
    if (!graph) {
        printError(planscope::ui::errorText(graph.err()));
        if (parser.isSet(screenshot) || file.isEmpty()) return exitBadInput;
        openError = planscope::ui::errorText(graph.err());
        graph = planscope::guarded([] { return planscope::ui::loadStartupSource(QString()); });
        if (!graph) {
            printError(planscope::ui::errorText(graph.err()));
            return exitBadInput;
        }
    }
    // FILE's era unless --ggml names another.
    const planscope::era& era = planscope::era_for(allocator.value_or(graph->era));
    if (maxBytes != 0 && !era.has_buffer_maximum()) {
        printError(QApplication::translate("main", "--max-buffer-size goes with --ggml 2026"));
        return exitUsage;
    }
    const QString shownFile = openError.isEmpty() ? file : QString();
    planscope::ui::MainWindow window;
    app.setFailureHandler([&window](const QString& what) { window.reportUnexpectedFailure(what); });
    graph->era = era.version();
    window.session()->setSource(std::move(*graph), shownFile);
    if (maxBytes != 0) window.session()->setMaxBufferSize(static_cast<std::size_t>(maxBytes));
    if (parser.isSet(ngl)) {
        bool ok = false;
        const int layers = parser.value(ngl).toInt(&ok);
        QString reason;
        if (!ok || layers < 0) {
            printError(QApplication::translate("main", "--ngl takes a number of layers, not '%1'").arg(parser.value(ngl)));
            return exitUsage;
        }
        if (!planscope::ui::replanWithNgl(window, layers, &reason)) {
            printError((shownFile.isEmpty() ? planscope::ui::toQString(planscope::ui::startupModelName) : shownFile) + u": " +
                       reason);
            return exitBadInput;
        }
    }
    if (parser.isSet(step)) {
        QString reason;
        if (!planscope::ui::showPlanStep(*window.session(), stepNumber, &reason)) {
            printError((shownFile.isEmpty() ? planscope::ui::toQString(planscope::ui::startupModelName) : shownFile) + u": " +
                       reason);
            return exitBadInput;
        }
    }

    // A log and a capture bring their own split (a model planned on devices, with --schedule devices=).
    const bool brought = window.session()->loggedSchedule() || window.session()->recordedSchedule();
    if (parser.isSet(overview) && !parser.isSet(schedule) && !brought) {
        printError(QApplication::translate("main", "--split-overview needs --schedule"));
        return exitUsage;
    }
    if (parser.isSet(schedule) && window.session()->loggedSchedule()) {
        printError(QApplication::translate("main", "--schedule does not apply to a GGML_SCHED_DEBUG log: it shows the assignment it printed"));
        return exitUsage;
    }
    if (brought) {
        planscope::ui::settleLoggedSchedule(window);
        if (parser.isSet(overview) && !parser.isSet(schedule)) window.showSplitOverview();
    }
    if (parser.isSet(schedule)) {
        QString reason;
        if (!planscope::ui::showSchedule(window, parser.value(schedule), parser.isSet(overview), &reason)) {
            printError((shownFile.isEmpty() ? planscope::ui::toQString(planscope::ui::startupModelName) : shownFile) + u": " +
                       reason);
            return exitBadInput;
        }
    }

    if (parser.isSet(show)) {
        QString reason;
        if (!planscope::ui::showPanel(window, parser.value(show), &reason)) {
            printError(reason);
            return exitUsage;
        }
    }

    if (parser.isSet(screenshot)) {
        const QString out = parser.value(screenshot);
        QString reason;
        if (!planscope::ui::saveScreenshot(window, out, &reason)) {
            printError(out + u": " + reason);
            return exitBadInput;
        }
        return exitOk;
    }

    if (openError.isEmpty() && QFileInfo(file).isFile()) window.fileController()->recentFiles()->add(file);
    window.restoreLayout(QSettings());
    window.setLayoutPersistent(true);
    quitOnSignals(window);
    window.canvas()->showFirstRunHint();
    window.show();
    if (!openError.isEmpty())
        window.reportStartupFailure(openError, planscope::ui::toQString(planscope::ui::startupModelName));
    return QApplication::exec();
}

} // namespace

// What throws outside an event handler (while the window is made, or a --screenshot run) is one
// line and exit 1, as in planscope-cli.
int main(int argc, char** argv) {
    try {
        return run(argc, argv);
    } catch (const std::bad_alloc&) {
        printError(u"out of memory"_s);
    } catch (const std::exception& e) {
        printError(planscope::ui::toQString(planscope::printable_line(e.what())));
    }
    return exitBadInput;
}
