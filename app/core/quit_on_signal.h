#pragma once

namespace dt::app {

// SIGTERM, SIGINT and SIGHUP end the event loop the way Quit does, so the
// app's shells are hung up and its devices shut down instead of orphaned.
// Call once, after the application object exists.
void quitOnTerminationSignals();

// A write to a pipe or socket whose reader has gone (a device's server, a
// helper, a client of the automation socket) fails with EPIPE instead of
// killing the app with SIGPIPE. Qt's QProcess does the same the first time
// it starts a program; this makes it so from the start. The programs the
// app starts get SIGPIPE back: PTY children reset every signal, QProcess
// resets this one. Call first thing in main().
void ignoreBrokenPipes();

} // namespace dt::app
