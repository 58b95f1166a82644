#pragma once

// UTF-8 in the terminal model, both ways, in one place: what is typed or
// pasted, searched for, and written out as text. Malformed input (a stray
// continuation byte, a cut or overlong sequence, a surrogate, anything past
// U+10FFFF) becomes U+FFFD, one per bad byte run, never skipped silently.

#include <string>
#include <string_view>

namespace dt::term {

std::u32string decodeUtf8(std::string_view utf8);
void appendUtf8(std::string &out, char32_t codepoint);
std::string toUtf8(char32_t codepoint);

} // namespace dt::term
