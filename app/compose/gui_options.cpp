// deviceterm-gui's options: parsed, checked, merged with the config file.

#include "app/compose/gui_options.h"

#include "app/ui/terminal_theme.h"
#include "app/ui/window_manager.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>

#include <cstdio>

namespace dt::compose {

int splitCommand(int argc, char *argv[], QStringList *command)
{
    for (int i = 1; i < argc; ++i) {
        if (qstrcmp(argv[i], "-e") == 0) {
            for (int j = i + 1; j < argc; ++j)
                *command << QString::fromLocal8Bit(argv[j]);
            return i;
        }
    }
    return argc;
}

namespace {

int usage(const char *message)
{
    std::fprintf(stderr, "deviceterm-gui: %s\n", message);
    return 2;
}

} // namespace

std::variant<GuiOptions, int> parseGuiOptions(const QApplication &app, const dt::app::Config &config, QStringList command)
{
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

    GuiOptions o;
    o.command = std::move(command);
    o.orchestrator = parser.isSet(orchestrator);
    o.socketPath = parser.value(socketOption);
    o.appearance = dt::ui::appearanceFromConfig(config);
    o.scrollbackLines = config.intValue(QStringLiteral("scrollback-lines"));
    if (parser.isSet(font))
        o.appearance.font.setFamily(parser.value(font));
    if (parser.isSet(fontSize)) {
        bool ok = false;
        const int size = parser.value(fontSize).toInt(&ok);
        if (!ok || size < 4 || size > 200)
            return usage("--font-size must be a number from 4 to 200");
        o.appearance.font.setPointSize(size);
    }
    const QString themeName = parser.isSet(theme) ? parser.value(theme) : config.value(QStringLiteral("theme"));
    if (themeName != QLatin1String("dark") && themeName != QLatin1String("light"))
        return usage("--theme must be dark or light");
    o.appearance.theme = dt::ui::TerminalTheme::byName(themeName);
    if (parser.isSet(scrollback)) {
        bool ok = false;
        o.scrollbackLines = parser.value(scrollback).toInt(&ok);
        if (!ok || o.scrollbackLines < 0 || o.scrollbackLines > 1000000)
            return usage("--scrollback must be a number from 0 to 1000000");
    }
    const QString exitAction = parser.isSet(onExit) ? parser.value(onExit) : config.value(QStringLiteral("on-exit"));
    if (!dt::app::parseExitAction(exitAction, &o.exitAction))
        return usage("--on-exit must be close, keep or keep-on-error");
    o.workingDirectory = parser.value(cwd);
    if (!o.workingDirectory.isEmpty() && !QDir(o.workingDirectory).exists()) {
        std::fprintf(stderr, "deviceterm-gui: --cwd: no such directory: %s\n", qPrintable(o.workingDirectory));
        return 2;
    }
    o.workingDirectory = QDir(o.workingDirectory.isEmpty() ? QDir::currentPath() : o.workingDirectory).absolutePath();
    if (parser.isSet(sizeOption)) {
        const QStringList parts = parser.value(sizeOption).split(QLatin1Char('x'));
        o.cells = QSize(parts.value(0).toInt(), parts.value(1).toInt());
        if (parts.size() != 2 || o.cells.width() < 10 || o.cells.height() < 3 || o.cells.width() > 1000 || o.cells.height() > 500)
            return usage("--size must look like 100x30");
    }
    return o;
}

} // namespace dt::compose
