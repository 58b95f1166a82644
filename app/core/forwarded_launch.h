#pragma once

#include <string>
#include <sys/types.h>
#include <vector>

namespace dt::app {

// A second launch of deviceterm-gui while another instance serves the same
// socket: instead of a second server, the running instance opens a window
// (daemon.openWindow) in `cwd`, running `command` (empty: the shell), its
// tab named `title` (empty: automatic) and kept after the program exits
// when `hold`.
// Returns an empty string on success, else what went wrong, in words for
// the person who launched it. Blocks for at most a few seconds (no event
// loop runs yet; this process exits right after).
std::string forwardLaunch(const std::string &socketPath, pid_t holder, const std::string &cwd,
                          const std::vector<std::string> &command, const std::string &title = {}, bool hold = false);

} // namespace dt::app
