#pragma once

#include <string>

namespace dt::cli {

// The C escapes of `tab send-input`: \n \r \t \\ \0 \a \b \f \v \e and \xHH
// (exactly two hex digits). Any other backslash, a malformed \x and a
// backslash at the very end are kept as typed, never dropped.
std::string decodeEscapes(const std::string &text);

bool isValidUtf8(const std::string &text);

// `text` made safe to print on a terminal: control characters (C0, DEL
// and C1, which could move the cursor or start an escape sequence) become
// '?'. Text from a device's app is printed through it.
std::string printableOnTerminal(const std::string &text);

} // namespace dt::cli
