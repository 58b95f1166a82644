#pragma once

// A key as the terminal sends it to the program: which key, with which
// modifiers, pressed, repeated or released, and the text it types. The
// legacy encodings (libvterm's, xterm's) use the key and modifiers; the
// keyboard protocols programs can ask for (key_encoding.h) use all of it.

#include <cstdint>
#include <string>

namespace dt::term {

// Keys that type no character. Text keys are named by their character
// (KeyEvent::codepoint).
enum class Key : uint16_t {
    Enter, Tab, Backspace, Escape, Up, Down, Left, Right, Insert, Delete, Home, End, PageUp, PageDown,
    F1, F2, F3, F4, F5, F6, F7, F8, F9, F10, F11, F12,
    Keypad0, Keypad1, Keypad2, Keypad3, Keypad4, Keypad5, Keypad6, Keypad7, Keypad8, Keypad9,
    KeypadMultiply, KeypadPlus, KeypadComma, KeypadMinus, KeypadPeriod, KeypadDivide, KeypadEnter, KeypadEqual,
    KeypadBegin, // the keypad's 5 with NumLock off (X's KP_Begin)
    // Only the keyboard protocols tell these apart; legacy encodings send
    // the keypad's arrows as arrows and nothing for the rest.
    KeypadLeft, KeypadRight, KeypadUp, KeypadDown, KeypadPageUp, KeypadPageDown, KeypadHome, KeypadEnd,
    KeypadInsert, KeypadDelete,
    F13, F14, F15, F16, F17, F18, F19, F20, F21, F22, F23, F24, F25,
    F26, F27, F28, F29, F30, F31, F32, F33, F34, F35,
    CapsLock, ScrollLock, NumLock, PrintScreen, Pause, Menu,
    LeftShift, LeftControl, LeftAlt, LeftSuper, LeftHyper, LeftMeta,
    RightShift, RightControl, RightAlt, RightSuper, RightHyper, RightMeta,
    IsoLevel3Shift, IsoLevel5Shift,
};

// The bits are the kitty keyboard protocol's (and, plus one, xterm's).
enum Modifier : uint8_t { NoModifier = 0, Shift = 1, Alt = 2, Ctrl = 4, Super = 8 };
using Modifiers = uint8_t;

enum class KeyEventType : uint8_t { Press = 1, Repeat = 2, Release = 3 };

struct KeyEvent {
    KeyEventType type = KeyEventType::Press;
    bool functional = false; // `key` names it; otherwise `codepoint` does
    Key key = Key::Enter;
    // A text key's character without Shift ('a' for Shift+A, '1' for '!'),
    // and what Shift makes of it.
    char32_t codepoint = 0;
    char32_t shifted = 0;
    Modifiers modifiers = NoModifier;
    // The text the key types; empty when Ctrl, Alt or Super is held (the
    // protocols send those as key codes) and for keys that type nothing.
    std::u32string text;

    static KeyEvent special(Key k, Modifiers mods, KeyEventType type = KeyEventType::Press)
    {
        KeyEvent e;
        e.type = type;
        e.functional = true;
        e.key = k;
        e.modifiers = mods;
        return e;
    }
    static KeyEvent character(char32_t unshifted, char32_t shiftedChar, Modifiers mods, std::u32string typed,
                              KeyEventType type = KeyEventType::Press)
    {
        KeyEvent e;
        e.type = type;
        e.codepoint = unshifted;
        e.shifted = shiftedChar;
        e.modifiers = mods;
        e.text = std::move(typed);
        return e;
    }
};

} // namespace dt::term
