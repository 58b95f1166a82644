#pragma once

// Opening a link the user Ctrl+clicked, without letting what a program
// printed start any handler on the desktop: web and mail links are opened;
// a file: link a program marked (ls --hyperlink, compilers) only when it
// names, by an absolute path on this machine, a directory or a file of a
// kind that is only ever viewed (text, images, PDF) and not executable,
// which is checked off the GUI thread: an installer or a launcher could
// run through its handler whatever its mode bits. Anything else can only
// be copied (the context menu's Copy Link).

#include "terminal/core/links.h"

#include <QString>

namespace dt::ui {

// Whether Ctrl+click does anything with `link` (for the tooltip).
bool linkMayOpen(const dt::term::LinkAt &link);

// Opens it if it may be opened; a file is opened once it has been checked.
void openLinkSafely(const dt::term::LinkAt &link);

} // namespace dt::ui
