// deviceterm-gui's composition root: builds the model (Workspace), the
// automation service over it and the windows, and runs the event loop. The
// widgets (app/ui) and the automation server (rpc/server) meet only here.

#include "app/compose/automation_service.h"
#include "app/compose/gui_options.h"
#include "app/compose/single_instance.h"
#include "app/core/config.h"
#include "app/desktop/desktop_notifier.h"
#include "app/ui/command_notices.h"
#include "app/core/quit_on_signal.h"
#include "app/core/session_directory.h"
#include "app/core/workspace.h"
#include "terminal/shell_integration.h"
#include "app/ui/window_manager.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFileInfo>
#include <QWindow>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace {

void installTranslators(QCoreApplication &app)
{
    auto *qtbase = new QTranslator(&app);
    if (qtbase->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qtbase);
    auto *own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("deviceterm"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QCoreApplication::installTranslator(own);
}

void nameApplication()
{
    QCoreApplication::setApplicationName(QStringLiteral("deviceterm"));
    QCoreApplication::setApplicationVersion(QStringLiteral(DEVICETERM_VERSION));
}

// Whether Qt could reach a display: without one it aborts with its own
// message; a person who ran us from a text console deserves a clear one.
bool displayReachable(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i)
        if (qstrcmp(argv[i], "-platform") == 0 || qstrcmp(argv[i], "-display") == 0)
            return true; // Qt's own options: its choice
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (!platform.isEmpty() && !platform.startsWith("xcb") && !platform.startsWith("wayland"))
        return true; // offscreen, vnc, …
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
}

// The device shell: beside this binary in a build tree, in libexec where it
// is installed (a helper no one runs by hand stays off PATH).
QString deviceShellPath()
{
    const QString here = QCoreApplication::applicationDirPath();
    const QString beside = here + QStringLiteral("/deviceterm-device-shell");
    if (QFileInfo(beside).isExecutable())
        return beside;
    return QDir::cleanPath(here + QStringLiteral("/../" DT_LIBEXEC_DIR "/deviceterm/deviceterm-device-shell"));
}

} // namespace

int main(int argc, char *argv[])
{
    dt::app::ignoreBrokenPipes();
    QStringList command;
    int ownArgc = dt::compose::splitCommand(argc, argv, &command);
    // Help, the version and usage errors are answered without a display.
    const bool display = displayReachable(ownArgc, argv);
    if (dt::compose::asksForHelpOrVersion(ownArgc, argv) || !display) {
        QCoreApplication console(ownArgc, argv);
        nameApplication();
        installTranslators(console);
        const dt::app::Config defaults{QString()};
        const auto answer = dt::compose::parseGuiOptions(
            dt::compose::withoutQtGuiOptions(QCoreApplication::arguments()), defaults, command);
        if (const int *status = std::get_if<int>(&answer))
            return *status;
        if (!display) {
            std::fprintf(stderr, "deviceterm-gui: no display to open a window on: DISPLAY and WAYLAND_DISPLAY are "
                                 "unset (see deviceterm-gui --help)\n");
            return 1;
        }
        // "-h" was an option's value (-T -h): on as usual.
    }
    QApplication app(ownArgc, argv);
    nameApplication();
    QGuiApplication::setDesktopFileName(QStringLiteral("deviceterm"));
    installTranslators(app);

    // The config file gives the starting values; command-line options win.
    dt::app::Config config(dt::app::Config::defaultPath());
    config.load();
    config.watch();
    for (const QString &warning : config.warnings())
        std::fprintf(stderr, "deviceterm-gui: %s: %s\n", qPrintable(config.path()), qPrintable(warning));
    auto parsed = dt::compose::parseGuiOptions(QCoreApplication::arguments(), config, command);
    if (const int *status = std::get_if<int>(&parsed))
        return *status;
    const dt::compose::GuiOptions &options = std::get<dt::compose::GuiOptions>(parsed);

    dt::app::Workspace::Settings settings;
    settings.scrollbackLines = options.scrollbackLines;
    settings.exitAction = options.exitAction;
    settings.clipboardWrite = config.value(QStringLiteral("clipboard-write")) != QLatin1String("deny");
    // Each session's bin/deviceterm links to the CLI built beside this binary.
    settings.cliPath = QCoreApplication::applicationDirPath() + QStringLiteral("/deviceterm");
    settings.deviceTools.deviceShell = deviceShellPath();
    settings.compositorDecidesFocus = QGuiApplication::platformName().startsWith(QLatin1String("wayland"));
    settings.runtimeDirectory = dt::app::runtimeDirectory();
    if (!settings.runtimeDirectory.isEmpty() && config.value(QStringLiteral("shell-integration")) != QLatin1String("off")) {
        const QString scripts = settings.runtimeDirectory + QStringLiteral("/shell-integration");
        QString why;
        if (dt::terminal::writeIntegrationScripts(scripts, &why))
            settings.shellIntegrationDirectory = scripts;
        else
            std::fprintf(stderr, "deviceterm-gui: shell integration is off: %s\n", qPrintable(why));
    }
    settings.socketPath = !options.socketPath.isEmpty() ? options.socketPath
        : settings.runtimeDirectory.isEmpty()           ? QString()
                                                        : settings.runtimeDirectory + QStringLiteral("/deviceterm.sock");

    // One instance per socket: a second launch (the desktop file's New
    // Window does one every time) asks the running one for a window.
    dt::compose::InstanceClaim instance;
    if (!settings.socketPath.isEmpty()) {
        instance = dt::compose::claimOrHandOver(
            settings.socketPath,
            {options.workingDirectory, options.command, options.title, options.hold, options.orchestrator});
        if (instance.exitStatus)
            return *instance.exitStatus;
    }
    // Only the instance that goes on cleans up after dead ones.
    dt::app::SessionDirectory::sweepDeadOwners(settings.runtimeDirectory);
    dt::devices::Simulator::sweepOrphans();
    dt::app::quitOnTerminationSignals();

    dt::app::Workspace workspace(settings);
    dt::compose::AutomationService automation(workspace);
    if (!settings.socketPath.isEmpty())
        automation.listen(settings.socketPath);
    dt::ui::WindowManager windows(workspace, options.appearance, options.cells, &config);
    QObject::connect(&windows, &dt::ui::WindowManager::lastWindowClosed, &app, &QCoreApplication::quit);
    dt::desktop::DbusNotifier notifier;
    dt::ui::CommandNotices notices(workspace, windows, notifier, &config);
    // The window is shown and sized before its first tab opens, so the first
    // program starts with the final grid rather than being resized at once.
    const auto window = workspace.openWindow();
    // Let the window reach the screen at its final size before the first
    // program starts: the display server answers a new window's map and
    // resize later, and until then the view could pass a passing size on to
    // a program that reads its grid at once. Bounded: a second at most.
    if (QWidget *shown = windows.window(window)) {
        QDeadlineTimer deadline(1000);
        while (!deadline.hasExpired() && !(shown->windowHandle() && shown->windowHandle()->isExposed()))
            QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 20);
        QCoreApplication::processEvents(); // what the expose brought (the final geometry)
    }
    dt::app::TerminalLaunch launch;
    launch.program = options.command.value(0);
    launch.arguments = options.command.mid(1);
    launch.workingDirectory = options.workingDirectory;
    if (options.orchestrator) {
        launch.role = QStringLiteral("orchestrator");
        launch.grantOrchestration = true;
    }
    const auto tab = workspace.openTab(window, launch);
    if (!options.title.isEmpty())
        workspace.renameTab(tab, options.title);
    const int status = QApplication::exec();
    // Quit without a question (a signal, a session ending): the config says
    // whether the devices run on for the next deviceterm to attach.
    if (config.value(QStringLiteral("quit-with-sims-default")) == QLatin1String("keep"))
        workspace.devices().keepAllRunning();
    return status;
}
