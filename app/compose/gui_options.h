#pragma once

#include "app/core/config.h"
#include "app/core/workspace.h"
#include "app/ui/main_window.h"

#include <QSize>
#include <QStringList>

#include <variant>

namespace dt::compose {

// deviceterm-gui's command line, with the config file's values where an
// option is not given (options win).
struct GuiOptions {
    dt::ui::MainWindow::Appearance appearance;
    int scrollbackLines = 10000;
    dt::app::ExitAction exitAction = dt::app::ExitAction::KeepOnError;
    QString workingDirectory; // absolute, existing
    QString socketPath; // --socket; empty: the default one
    QSize cells{100, 30};
    bool orchestrator = false; // the first tab is an orchestrator tab
    QStringList command; // after -e
    QString title; // -T: the first tab's name; empty: automatic
    bool hold = false; // --hold was given (exitAction is Keep)
};

// True when the command line (before -e) asks for --help or --version:
// answered without a display (parseGuiOptions under a QCoreApplication).
bool asksForHelpOrVersion(int argc, char *argv[]);

// `arguments` without the options QApplication would have taken (-display,
// -style, …): for parsing them where only a QCoreApplication runs.
QStringList withoutQtGuiOptions(const QStringList &arguments);

// The command after -e as it is run: a single word with a space in it is a
// command line for /bin/sh -c, as with xterm, unless it is the path of a
// program; words are run as they are.
QStringList commandForShell(QStringList command);

// Everything after -e is the command and its arguments, as with xterm; it
// is kept away from Qt's and our option parsers. Returns how many of argv
// are ours (argc for QApplication).
int splitCommand(int argc, char *argv[], QStringList *command);

// Parses the options (`arguments` as the application left them, having
// taken its own). An exit status instead when there is nothing to start:
// the help or version printed (0), or a usage error printed (2).
std::variant<GuiOptions, int> parseGuiOptions(const QStringList &arguments, const dt::app::Config &config,
                                              QStringList command);

} // namespace dt::compose
