#pragma once

// The keyboard protocols a program can ask for, as pure functions of the
// key and the mode: kitty's progressive enhancement (CSI = flags u and its
// stack, keyboard_modes.h) and xterm's modifyOtherKeys (CSI > 4 ; level m).
// Without either, keys go the legacy way (terminal_input.cpp).

#include "terminal/core/key_event.h"

#include <cstdint>
#include <optional>
#include <string>

namespace dt::term {

namespace kitty_flags {
enum : uint8_t {
    Disambiguate = 1, // Esc, Alt+key, Ctrl+key and the keypad as CSI u
    ReportEvents = 2, // repeats and releases too
    ReportAlternates = 4, // the shifted key beside the key
    ReportAllKeys = 8, // text keys and modifier keys as CSI u as well
    ReportText = 16, // with ReportAllKeys: the text a key types
    All = 31,
};
}

// Shift, Ctrl, Alt, Super, Hyper, Meta, the level shifts and the locks:
// reported as keys of their own only when every key is (ReportAllKeys).
bool isModifierKey(Key k);

// What the kitty protocol with `flags` (not 0) sends for `e`; empty for an
// event it does not report (a release without ReportEvents, a modifier key
// without ReportAllKeys). `cursorKeyMode`: DECCKM is set.
std::string encodeKittyKey(const KeyEvent &e, uint8_t flags, bool cursorKeyMode);

// What modifyOtherKeys at `level` (1 or 2) sends for a press, or nothing
// where the legacy encoding stands (xterm's rules: level 1 only where the
// legacy bytes would lose a modifier, level 2 for every Ctrl or Alt chord).
std::optional<std::string> encodeModifyOtherKeys(const KeyEvent &e, int level);

} // namespace dt::term
