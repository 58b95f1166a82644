#pragma once

namespace dt::app {

// SIGTERM, SIGINT and SIGHUP end the event loop the way Quit does, so the
// app's shells are hung up and its devices shut down instead of orphaned.
// Call once, after the application object exists.
void quitOnTerminationSignals();

} // namespace dt::app
