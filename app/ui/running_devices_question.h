#pragma once

#include "app/core/split_tree.h"

#include <QList>

class QWidget;

namespace dt::app {
class Config;
class Workspace;
} // namespace dt::app

namespace dt::ui {

// What to do with devices still running in panes the user is closing.
struct DevicesOnClose {
    bool proceed = true; // false: the user cancelled the close
    bool asked = false; // a question was shown (no second one should follow)
    bool keepDevices = false; // detach: the devices run on without a pane
    bool quitting = false; // the close quits the app: keeping means keepAllRunning()
};

// Asks, unless `tab-close-default` says detach or shutdown, or none of
// `panes` shows a running device. "Don't ask again" writes the answer to
// the config. `nestedLoops` counts the dialog's event loop for the caller.
DevicesOnClose askAboutRunningDevices(QWidget *parent, dt::app::Workspace &workspace, dt::app::Config *config,
                                      const QList<dt::app::PaneId> &panes, int &nestedLoops);
// The same when the app is about to quit, about every running device (with
// a pane or not), unless `quit-with-sims-default` says keep or shutdown.
// Kept devices run on and the next deviceterm attaches them.
DevicesOnClose askAboutQuitting(QWidget *parent, dt::app::Workspace &workspace, dt::app::Config *config, int &nestedLoops);

} // namespace dt::ui
