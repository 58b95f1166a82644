#pragma once

#include "app/core/config.h"
#include "app/core/workspace.h"
#include "app/ui/main_window.h"

#include <QSize>
#include <QStringList>

#include <variant>

class QApplication;

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
};

// Everything after -e is the command and its arguments, as with xterm; it
// is kept away from Qt's and our option parsers. Returns how many of argv
// are ours (argc for QApplication).
int splitCommand(int argc, char *argv[], QStringList *command);

// Parses the options (after QApplication has taken its own). A usage error
// has been printed when the result is an exit status.
std::variant<GuiOptions, int> parseGuiOptions(const QApplication &app, const dt::app::Config &config, QStringList command);

} // namespace dt::compose
