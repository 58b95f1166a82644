// deviceterm-gui's options: parsed, checked, merged with the config file.

#include "app/compose/gui_options.h"

#include "app/config/config_keys.h"

#include "app/ui/terminal_theme.h"
#include "app/ui/window_manager.h"

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>

#include <cstdio>
#include <cstring>

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

// Every mistake on the command line reads the same way, and exits 2.
int usage(const QString &message)
{
    std::fprintf(stderr, "deviceterm-gui: %s (see deviceterm-gui --help)\n", qPrintable(message));
    return 2;
}

} // namespace

bool asksForHelpOrVersion(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        for (const char *word : {"--help", "-h", "--help-all", "--version", "-v"})
            if (std::strcmp(argv[i], word) == 0)
                return true;
    }
    return false;
}

QStringList withoutQtGuiOptions(const QStringList &arguments)
{
    // What QApplication takes for itself (and QCoreApplication leaves in):
    // with a value, and without.
    static const QStringList valued = {
        QStringLiteral("-platform"), QStringLiteral("-platformpluginpath"), QStringLiteral("-platformtheme"),
        QStringLiteral("-plugin"), QStringLiteral("-qwindowgeometry"), QStringLiteral("-qwindowtitle"),
        QStringLiteral("-qwindowicon"), QStringLiteral("-display"), QStringLiteral("-geometry"),
        QStringLiteral("-style"), QStringLiteral("-stylesheet"), QStringLiteral("-session"), QStringLiteral("-name"),
        QStringLiteral("-title"), QStringLiteral("-visual"), QStringLiteral("-ncols"), QStringLiteral("-cmap"),
        QStringLiteral("-fontengine"), QStringLiteral("-dialogs")};
    static const QStringList bare = {QStringLiteral("-reverse"), QStringLiteral("-widgetcount"),
                                     QStringLiteral("-nograb"), QStringLiteral("-dograb"), QStringLiteral("-sync")};
    QStringList kept;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        if (i > 0 && valued.contains(arguments[i])) {
            ++i; // and its value
            continue;
        }
        if (i > 0 && (bare.contains(arguments[i]) || arguments[i].startsWith(QLatin1String("-qmljsdebugger="))
                      || arguments[i].startsWith(QLatin1String("-style=")) || arguments[i].startsWith(QLatin1String("-stylesheet="))))
            continue;
        kept << arguments[i];
    }
    return kept;
}

QStringList commandForShell(QStringList command)
{
    // xterm's -e "make && ./run": one word with a space in it is a command
    // line for the shell, as x-terminal-emulator callers expect, unless it
    // names a program ("/opt/My Tool/run").
    if (command.size() == 1 && command.front().contains(QLatin1Char(' '))
        && !QFileInfo(command.front()).isExecutable())
        return {QStringLiteral("/bin/sh"), QStringLiteral("-c"), command.front()};
    return command;
}

std::variant<GuiOptions, int> parseGuiOptions(const QStringList &arguments, const dt::app::Config &config, QStringList command)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate("main", "A terminal for people who build software for devices."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    QCommandLineOption cwd(QStringList{QStringLiteral("cwd"), QStringLiteral("working-directory")},
                           QCoreApplication::translate("main", "Start in directory <dir>."), QStringLiteral("dir"));
    QCommandLineOption title(QStringList{QStringLiteral("T"), QStringLiteral("title")},
                             QCoreApplication::translate("main", "Name the first tab <title> (as xterm's -T)."),
                             QStringLiteral("title"));
    QCommandLineOption hold(QStringLiteral("hold"),
                            QCoreApplication::translate("main", "Keep terminals open after their program exits (as --on-exit keep)."));
    QCommandLineOption font(QStringLiteral("font"), QCoreApplication::translate("main", "Font family (default: the system fixed font)."),
                            QStringLiteral("family"));
    // The config file's range: one rule for both ways of setting it.
    const dt::config::KeySpec &fontSizes = *dt::config::find("font-size");
    QCommandLineOption fontSize(QStringLiteral("font-size"),
                                QCoreApplication::translate("main", "Font size in points, from %1 to %2.")
                                    .arg(fontSizes.minimum)
                                    .arg(fontSizes.maximum),
                                QStringLiteral("points"));
    QCommandLineOption theme(QStringLiteral("theme"), QCoreApplication::translate("main", "Colour theme: dark or light."),
                             QStringLiteral("name"));
    QCommandLineOption scrollback(QStringLiteral("scrollback"), QCoreApplication::translate("main", "Lines of scrollback per terminal, from 0 to 1000000."),
                                  QStringLiteral("lines"));
    QCommandLineOption onExit(QStringLiteral("on-exit"),
                              QCoreApplication::translate("main", "When the program exits: close, keep, or keep-on-error."),
                              QStringLiteral("action"));
    QCommandLineOption socketOption(QStringLiteral("socket"),
                                    QCoreApplication::translate("main", "Serve automation on this socket (default: in the runtime directory)."),
                                    QStringLiteral("path"));
    // Not --geometry: Qt itself takes -geometry (in pixels, X11 style).
    QCommandLineOption sizeOption(QStringLiteral("size"), QCoreApplication::translate("main", "Initial size in cells, e.g. 100x30."),
                                  QStringLiteral("colsxrows"));
    // A grant given by whoever starts the app, like the menu item: never
    // reachable through the automation socket.
    QCommandLineOption orchestrator(QStringLiteral("orchestrator"),
                                    QCoreApplication::translate("main", "Open the first tab as an orchestrator tab."));
    parser.addOptions({cwd, title, hold, font, fontSize, theme, scrollback, onExit, sizeOption, socketOption, orchestrator});
    parser.addPositionalArgument(QStringLiteral("-e"),
                                 QCoreApplication::translate("main", "Run <command> [args…] instead of the shell; a single word with spaces is run by "
                                    "/bin/sh -c."),
                                 QStringLiteral("[-e command [args…]]"));
    if (!parser.parse(arguments)) {
        QString error = parser.errorText();
        if (error.endsWith(QLatin1Char('.')))
            error.chop(1);
        return usage(error);
    }
    if (!parser.positionalArguments().isEmpty())
        return usage(QStringLiteral("unexpected argument '%1' (a command goes after -e)")
                         .arg(parser.positionalArguments().front()));
    if (parser.isSet(help) || parser.isSet(QStringLiteral("help-all"))) {
        std::fputs(qPrintable(parser.helpText()), stdout);
        return 0;
    }
    if (parser.isSet(version)) {
        std::printf("%s %s\n", qPrintable(QCoreApplication::applicationName()),
                    qPrintable(QCoreApplication::applicationVersion()));
        return 0;
    }

    GuiOptions o;
    o.command = commandForShell(std::move(command));
    o.title = parser.value(title);
    o.orchestrator = parser.isSet(orchestrator);
    o.socketPath = parser.value(socketOption);
    o.appearance = dt::ui::appearanceFromConfig(config);
    o.scrollbackLines = config.intValue(QStringLiteral("scrollback-lines"));
    if (parser.isSet(font))
        o.appearance.font.setFamily(parser.value(font));
    if (parser.isSet(fontSize)) {
        bool ok = false;
        const int size = parser.value(fontSize).toInt(&ok);
        if (!ok || size < fontSizes.minimum || size > fontSizes.maximum)
            return usage(QStringLiteral("--font-size must be a number from %1 to %2")
                             .arg(fontSizes.minimum)
                             .arg(fontSizes.maximum));
        o.appearance.font.setPointSize(size);
    }
    const QString themeName = parser.isSet(theme) ? parser.value(theme) : config.value(QStringLiteral("theme"));
    if (themeName != QLatin1String("dark") && themeName != QLatin1String("light"))
        return usage(QStringLiteral("--theme must be dark or light"));
    o.appearance.theme = dt::ui::TerminalTheme::byName(themeName);
    if (parser.isSet(scrollback)) {
        bool ok = false;
        o.scrollbackLines = parser.value(scrollback).toInt(&ok);
        if (!ok || o.scrollbackLines < 0 || o.scrollbackLines > 1000000)
            return usage(QStringLiteral("--scrollback must be a number from 0 to 1000000"));
    }
    const QString exitAction = parser.isSet(onExit) ? parser.value(onExit) : config.value(QStringLiteral("on-exit"));
    if (!dt::app::parseExitAction(exitAction, &o.exitAction))
        return usage(QStringLiteral("--on-exit must be close, keep or keep-on-error"));
    o.hold = parser.isSet(hold);
    if (o.hold)
        o.exitAction = dt::app::ExitAction::Keep;
    o.workingDirectory = parser.value(cwd);
    if (!o.workingDirectory.isEmpty() && !QDir(o.workingDirectory).exists())
        return usage(QStringLiteral("--cwd: no such directory: %1").arg(o.workingDirectory));
    o.workingDirectory = QDir(o.workingDirectory.isEmpty() ? QDir::currentPath() : o.workingDirectory).absolutePath();
    if (parser.isSet(sizeOption)) {
        const QStringList parts = parser.value(sizeOption).split(QLatin1Char('x'));
        o.cells = QSize(parts.value(0).toInt(), parts.value(1).toInt());
        if (parts.size() != 2 || o.cells.width() < 10 || o.cells.height() < 3 || o.cells.width() > 1000 || o.cells.height() > 500)
            return usage(QStringLiteral("--size must look like 100x30"));
    }
    return o;
}

} // namespace dt::compose
