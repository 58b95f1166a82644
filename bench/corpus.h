#pragma once

#include <string>

namespace dt::bench {

// Deterministic test streams (fixed seeds), each about `bytes` long, made of
// lines no wider than 80 columns so they scroll like real output.
std::string plainText(size_t bytes);
std::string colourDense(size_t bytes); // SGR 256-colour / truecolour every few characters
std::string wideCharacters(size_t bytes); // CJK, emoji and combining marks among ASCII
std::string cursorMotion(size_t bytes); // CUP, EL, DECSTBM and short text, as TUIs redraw

} // namespace dt::bench
