#pragma once

#include <string>

namespace dt::base {

// The variable's value, empty when unset.
std::string environmentValue(const char *name);

// An XDG base directory: $variable, else $HOME/underHome (e.g.
// "XDG_DATA_HOME", ".local/share").
std::string xdgDirectory(const char *variable, const char *underHome);

// deviceterm's runtime directory, the one rule the GUI, the CLI, the session
// directories and the device store all follow: $XDG_RUNTIME_DIR/deviceterm
// when XDG_RUNTIME_DIR names an existing absolute directory, else
// /tmp/deviceterm-<uid>. Not created here. The socket, sessions/ and
// devices/ live in it.
std::string runtimeDirectory();

// Creates `dir` and its parents, mode 0700 for the ones made here. True
// when it is a directory afterwards.
bool makePrivateDirectories(const std::string &dir);

} // namespace dt::base
