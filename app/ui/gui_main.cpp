#include "gui_main.h"

#include "core/automation_facade.h"
#include "core/config.h"
#include "core/forwarded_launch.h"
#include "base/instance_lock.h"
#include "core/quit_on_signal.h"
#include "rpc/server/automation_server.h"
#include "rpc/server/handlers/devices.h"
#include "rpc/server/handlers/launch.h"
#include "rpc/server/handlers/orchestration.h"
#include "rpc/server/handlers/privacy.h"
#include "rpc/server/handlers/workspace_mutations.h"
#include "rpc/server/handlers/workspace_queries.h"
#include "core/session_directory.h"
#include "core/workspace.h"
#include "main_window.h"
#include "window_manager.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFontDatabase>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <cstdio>

namespace {

void installTranslators(QApplication &app)
{
    auto *qtbase = new QTranslator(&app);
    if (qtbase->load(QLocale(), QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QApplication::installTranslator(qtbase);
    auto *own = new QTranslator(&app);
    if (own->load(QLocale(), QStringLiteral("deviceterm"), QStringLiteral("_"), QStringLiteral(":/i18n")))
        QApplication::installTranslator(own);
}

} // namespace

namespace dt::ui {

int runGui(int argc, char *argv[])
{
    // Everything after -e is the command and its arguments, as with xterm;
    // keep it away from the option parser.
    QStringList command;
    int ownArgc = argc;
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "-e") == 0) {
            for (int j = i + 1; j < argc; ++j)
                command << QString::fromLocal8Bit(argv[j]);
            ownArgc = i;
            break;
        }
    }

    QApplication app(ownArgc, argv);
    QApplication::setApplicationName(QStringLiteral("deviceterm"));
    QApplication::setApplicationVersion(QStringLiteral(DEVICETERM_VERSION));
    QApplication::setDesktopFileName(QStringLiteral("deviceterm"));
    installTranslators(app);

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "A terminal for people who build software for devices."));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption cwd(QStringLiteral("cwd"), QApplication::translate("main", "Start in directory <dir>."),
                           QStringLiteral("dir"));
    QCommandLineOption font(QStringLiteral("font"), QApplication::translate("main", "Font family (default: the system fixed font)."),
                            QStringLiteral("family"));
    QCommandLineOption fontSize(QStringLiteral("font-size"), QApplication::translate("main", "Font size in points."),
                                QStringLiteral("points"));
    QCommandLineOption theme(QStringLiteral("theme"), QApplication::translate("main", "Colour theme: dark or light."),
                             QStringLiteral("name"));
    QCommandLineOption scrollback(QStringLiteral("scrollback"), QApplication::translate("main", "Lines of scrollback per terminal."),
                                  QStringLiteral("lines"));
    QCommandLineOption onExit(QStringLiteral("on-exit"),
                              QApplication::translate("main", "When the program exits: close, keep, or keep-on-error."),
                              QStringLiteral("action"));
    QCommandLineOption socketOption(QStringLiteral("socket"),
                                    QApplication::translate("main", "Serve automation on this socket (default: in the runtime directory)."),
                                    QStringLiteral("path"));
    // Not --geometry: Qt itself takes -geometry (in pixels, X11 style).
    QCommandLineOption sizeOption(QStringLiteral("size"), QApplication::translate("main", "Initial size in cells, e.g. 100x30."),
                                QStringLiteral("colsxrows"));
    // A grant given by whoever starts the app, like the menu item: never
    // reachable through the automation socket.
    QCommandLineOption orchestrator(QStringLiteral("orchestrator"),
                                    QApplication::translate("main", "Open the first tab as an orchestrator tab."));
    parser.addOptions({cwd, font, fontSize, theme, scrollback, onExit, sizeOption, socketOption, orchestrator});
    parser.addPositionalArgument(QStringLiteral("-e"), QApplication::translate("main", "Run <command> [args…] instead of the shell."),
                                 QStringLiteral("[-e command [args…]]"));
    parser.process(app);

    // The config file gives the starting values; command-line options win.
    dt::app::Config config(dt::app::Config::defaultPath());
    config.load();
    config.watch();
    for (const QString &warning : config.warnings())
        std::fprintf(stderr, "deviceterm-gui: %s: %s\n", qPrintable(config.path()), qPrintable(warning));
    dt::ui::MainWindow::Appearance appearance = dt::ui::appearanceFromConfig(config);
    dt::app::Workspace::Settings settings;
    settings.scrollbackLines = config.intValue(QStringLiteral("scrollback-lines"));
    if (parser.isSet(font))
        appearance.font.setFamily(parser.value(font));
    if (parser.isSet(fontSize)) {
        bool ok = false;
        const int size = parser.value(fontSize).toInt(&ok);
        if (!ok || size < 4 || size > 200) {
            std::fprintf(stderr, "deviceterm-gui: --font-size must be a number from 4 to 200\n");
            return 2;
        }
        appearance.font.setPointSize(size);
    }
    const QString themeName = parser.isSet(theme) ? parser.value(theme) : config.value(QStringLiteral("theme"));
    if (themeName != QLatin1String("dark") && themeName != QLatin1String("light")) {
        std::fprintf(stderr, "deviceterm-gui: --theme must be dark or light\n");
        return 2;
    }
    appearance.theme = dt::ui::TerminalTheme::byName(themeName);
    if (parser.isSet(scrollback)) {
        bool ok = false;
        settings.scrollbackLines = parser.value(scrollback).toInt(&ok);
        if (!ok || settings.scrollbackLines < 0 || settings.scrollbackLines > 1000000) {
            std::fprintf(stderr, "deviceterm-gui: --scrollback must be a number from 0 to 1000000\n");
            return 2;
        }
    }
    const QString exitAction = parser.isSet(onExit) ? parser.value(onExit) : config.value(QStringLiteral("on-exit"));
    if (!dt::app::parseExitAction(exitAction, &settings.exitAction)) {
        std::fprintf(stderr, "deviceterm-gui: --on-exit must be close, keep or keep-on-error\n");
        return 2;
    }
    QString workingDirectory = parser.value(cwd);
    if (!workingDirectory.isEmpty() && !QDir(workingDirectory).exists()) {
        std::fprintf(stderr, "deviceterm-gui: --cwd: no such directory: %s\n", qPrintable(workingDirectory));
        return 2;
    }
    if (workingDirectory.isEmpty())
        workingDirectory = QDir::currentPath();

    int cols = 100, rows = 30;
    if (parser.isSet(sizeOption)) {
        const QStringList parts = parser.value(sizeOption).split(QLatin1Char('x'));
        cols = parts.value(0).toInt();
        rows = parts.value(1).toInt();
        if (parts.size() != 2 || cols < 10 || rows < 3 || cols > 1000 || rows > 500) {
            std::fprintf(stderr, "deviceterm-gui: --size must look like 100x30\n");
            return 2;
        }
    }

    // Show and size the window first, so the first program starts with the
    // final grid rather than being resized right after it starts.
    // Each session's bin/deviceterm links to the CLI built beside this binary.
    settings.cliPath = QCoreApplication::applicationDirPath() + QStringLiteral("/deviceterm");
    settings.deviceTools.deviceShell = QCoreApplication::applicationDirPath() + QStringLiteral("/deviceterm-device-shell");
    settings.runtimeDirectory = dt::app::runtimeDirectory();

    settings.socketPath = parser.isSet(socketOption)
        ? parser.value(socketOption)
        : (settings.runtimeDirectory.isEmpty() ? QString() : settings.runtimeDirectory + QStringLiteral("/deviceterm.sock"));

    // One instance per socket: a second launch (the desktop file's New
    // Window does one every time) asks the running one for a window.
    std::unique_ptr<dt::base::InstanceLock> instance;
    if (!settings.socketPath.isEmpty()) {
        const std::string socketPath = settings.socketPath.toStdString();
        pid_t holder = 0;
        std::string why;
        // Twice: the holder may let go between our try and our look.
        for (int attempt = 0; attempt < 2 && !instance; ++attempt)
            if (!(instance = dt::base::InstanceLock::claim(socketPath, &holder, &why)) && (holder > 0 || !why.empty()))
                break;
        if (!instance && why.empty()) {
            std::vector<std::string> forwarded;
            for (const QString &word : command)
                forwarded.push_back(word.toStdString());
            const std::string failure = dt::app::forwardLaunch(socketPath, holder,
                                                               QDir(workingDirectory).absolutePath().toStdString(), forwarded);
            if (!failure.empty()) {
                std::fprintf(stderr, "deviceterm-gui: %s\n", failure.c_str());
                return 1;
            }
            if (parser.isSet(orchestrator))
                std::fprintf(stderr, "deviceterm-gui: the running deviceterm opened an ordinary window: "
                                     "only its own menu (Shell ▸ Open Orchestrator Tab) grants orchestration\n");
            return 0;
        }
        if (!instance)
            std::fprintf(stderr, "deviceterm-gui: cannot lock the automation socket (%s); another instance may take it over\n",
                         why.c_str());
    }
    // Only the instance that goes on cleans up after dead ones.
    dt::app::SessionDirectory::sweepDeadOwners(settings.runtimeDirectory);
    dt::devices::Simulator::sweepOrphans();
    dt::app::quitOnTerminationSignals();

    dt::app::Workspace workspace(settings);
    // The automation server, on the GUI thread, acting on the same model.
    dt::app::AutomationFacade facade(workspace);
    dt::rpc::Dispatcher dispatcher(facade);
    dt::rpc::addWorkspaceQueries(dispatcher, facade);
    dt::rpc::addWorkspaceMutations(dispatcher, facade);
    dt::rpc::addPrivacy(dispatcher, facade);
    dt::rpc::addOrchestration(dispatcher, facade);
    dt::rpc::addDevices(dispatcher, facade);
    dt::rpc::addLaunch(dispatcher, facade);
    dt::rpc::AutomationServer server(dispatcher);
    facade.setEventSink([&server](const dt::rpc::Json &event, const std::optional<std::string> &only,
                                  const std::optional<std::string> &ends) { server.publish(event, only, ends); });
    if (!settings.socketPath.isEmpty()) {
        QString why;
        if (!server.listen(settings.socketPath, &why))
            std::fprintf(stderr, "deviceterm-gui: automation is off: cannot listen on %s: %s\n",
                         qPrintable(settings.socketPath), qPrintable(why));
    }
    dt::ui::WindowManager windows(workspace, appearance, QSize(cols, rows), &config);
    QObject::connect(&windows, &dt::ui::WindowManager::lastWindowClosed, &app, &QCoreApplication::quit);
    // The window is shown and sized before its first tab opens, so the first
    // program starts with the final grid rather than being resized at once.
    const auto window = workspace.openWindow();
    dt::app::TerminalLaunch launch;
    launch.program = command.value(0);
    launch.arguments = command.mid(1);
    launch.workingDirectory = workingDirectory;
    if (parser.isSet(orchestrator)) {
        launch.role = QStringLiteral("orchestrator");
        launch.grantOrchestration = true;
    }
    workspace.openTab(window, launch);
    const int status = QApplication::exec();
    // Quit without a question (a signal, a session ending): the config says
    // whether the devices run on for the next deviceterm to attach.
    if (config.value(QStringLiteral("quit-with-sims-default")) == QLatin1String("keep"))
        workspace.devices().keepAllRunning();
    facade.setEventSink({}); // the server goes first on the way out
    return status;
}

} // namespace dt::ui
