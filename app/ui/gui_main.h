#pragma once

namespace dt::ui {

// Parses deviceterm-gui's command line, installs translations, opens the
// first window and runs the event loop. Returns the process exit status.
int runGui(int argc, char *argv[]);

} // namespace dt::ui
