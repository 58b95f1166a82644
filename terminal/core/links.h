#pragma once

// Links in the text: a link the program marked (OSC 8) over the cells it
// wrote, else a URL the program printed (http, https, ftp, file, ssh, git,
// sftp with "://", or mailto:), found in the logical line under a cell so
// one the edge wrapped is whole.

#include "terminal/core/selection.h"

#include <optional>
#include <string>

namespace dt::term {

class Terminal;

struct LinkAt {
    std::string url; // UTF-8, as printed
    GridPos start; // its first cell
    GridPos end; // just past its last cell (on end.line)
    bool fromProgram = false; // marked by the program (OSC 8), not found in the text
};

// The link covering the cell at `pos`, if any.
std::optional<LinkAt> linkAt(const Terminal &terminal, GridPos pos);

// True for the schemes deviceterm hands to the desktop to open (http,
// https, mailto): a link printed by a program must not start any other
// kind of handler.
bool isOpenableScheme(const std::string &url);

} // namespace dt::term
