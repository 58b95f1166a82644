#pragma once

#include "terminal/core/terminal.h"

#include <string>

namespace dt::term {

// A readable, diff-friendly picture of a terminal for ref tests and bug
// reports: the visible rows, the cursor, the title and, per row, runs of
// cells that share attributes.
//
//   screen.txt:  one line per row, trailing blanks trimmed, then
//                "cursor ROW,COL" (plus " hidden"), the title, "altscreen",
//                "row N double-width" (or double-height-top/-bottom)
//   attrs.txt:   "ROW COL-COL attrs" for every run that is not plain
std::string dumpScreenText(const Terminal &t);
std::string dumpAttributes(const Terminal &t);
std::string dumpScrollback(const Terminal &t);
// `decoration`: the cell's underline colour and link, if it has them.
std::string describeStyle(const Cell &c, const Decoration *decoration = nullptr);

} // namespace dt::term
