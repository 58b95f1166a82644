// Maps a Qt key event to what the terminal should receive: special and keypad keys, Ctrl chords as control
// characters, composed text, and Alt as an ESC prefix.

#include "terminal/key_mapping.h"

#include "terminal/core/utf8.h"

#include <QList>

namespace dt::terminal {

using dt::term::Key;

dt::term::Modifiers toModifiers(Qt::KeyboardModifiers m)
{
    dt::term::Modifiers out = dt::term::NoModifier;
    if (m & Qt::ShiftModifier)
        out |= dt::term::Shift;
    if (m & Qt::AltModifier)
        out |= dt::term::Alt;
    if (m & Qt::ControlModifier)
        out |= dt::term::Ctrl;
    return out;
}

namespace {

bool specialKey(int qtKey, bool keypad, Key &out)
{
    if (keypad) {
        switch (qtKey) {
        case Qt::Key_0: out = Key::Keypad0; return true;
        case Qt::Key_1: out = Key::Keypad1; return true;
        case Qt::Key_2: out = Key::Keypad2; return true;
        case Qt::Key_3: out = Key::Keypad3; return true;
        case Qt::Key_4: out = Key::Keypad4; return true;
        case Qt::Key_5: out = Key::Keypad5; return true;
        case Qt::Key_6: out = Key::Keypad6; return true;
        case Qt::Key_7: out = Key::Keypad7; return true;
        case Qt::Key_8: out = Key::Keypad8; return true;
        case Qt::Key_9: out = Key::Keypad9; return true;
        case Qt::Key_Asterisk: out = Key::KeypadMultiply; return true;
        case Qt::Key_Plus: out = Key::KeypadPlus; return true;
        case Qt::Key_Comma: out = Key::KeypadComma; return true;
        case Qt::Key_Minus: out = Key::KeypadMinus; return true;
        case Qt::Key_Period: out = Key::KeypadPeriod; return true;
        case Qt::Key_Slash: out = Key::KeypadDivide; return true;
        case Qt::Key_Enter: out = Key::KeypadEnter; return true;
        case Qt::Key_Equal: out = Key::KeypadEqual; return true;
        case Qt::Key_Clear: out = Key::KeypadBegin; return true; // 5 with NumLock off
        default: break;
        }
    }
    switch (qtKey) {
    case Qt::Key_Return:
    case Qt::Key_Enter: out = Key::Enter; return true;
    case Qt::Key_Tab:
    case Qt::Key_Backtab: out = Key::Tab; return true;
    case Qt::Key_Backspace: out = Key::Backspace; return true;
    case Qt::Key_Escape: out = Key::Escape; return true;
    case Qt::Key_Up: out = Key::Up; return true;
    case Qt::Key_Down: out = Key::Down; return true;
    case Qt::Key_Left: out = Key::Left; return true;
    case Qt::Key_Right: out = Key::Right; return true;
    case Qt::Key_Insert: out = Key::Insert; return true;
    case Qt::Key_Delete: out = Key::Delete; return true;
    case Qt::Key_Home: out = Key::Home; return true;
    case Qt::Key_End: out = Key::End; return true;
    case Qt::Key_PageUp: out = Key::PageUp; return true;
    case Qt::Key_PageDown: out = Key::PageDown; return true;
    default: break;
    }
    if (qtKey >= Qt::Key_F1 && qtKey <= Qt::Key_F12) {
        out = static_cast<Key>(static_cast<int>(Key::F1) + (qtKey - Qt::Key_F1));
        return true;
    }
    return false;
}

// The control character a Ctrl+key chord stands for, when the platform did
// not compose one into the event's text.
char32_t controlCharacter(int qtKey)
{
    if (qtKey >= Qt::Key_A && qtKey <= Qt::Key_Z)
        return static_cast<char32_t>(qtKey - Qt::Key_A + 1);
    switch (qtKey) {
    case Qt::Key_Space:
    case Qt::Key_2:
    case Qt::Key_At: return 0x00;
    case Qt::Key_3:
    case Qt::Key_BracketLeft: return 0x1b;
    case Qt::Key_4:
    case Qt::Key_Backslash: return 0x1c;
    case Qt::Key_5:
    case Qt::Key_BracketRight: return 0x1d;
    case Qt::Key_6:
    case Qt::Key_AsciiCircum: return 0x1e;
    case Qt::Key_7:
    case Qt::Key_Slash:
    case Qt::Key_Underscore:
    case Qt::Key_Minus: return 0x1f;
    case Qt::Key_8:
    case Qt::Key_Question: return 0x7f;
    default: return 0xFFFFFFFF;
    }
}

} // namespace

KeyAction mapKey(int qtKey, Qt::KeyboardModifiers qtMods, const QString &text)
{
    KeyAction a;
    const dt::term::Modifiers mods = toModifiers(qtMods);
    const bool keypad = qtMods & Qt::KeypadModifier;

    Key key;
    if (specialKey(qtKey, keypad, key)) {
        a.kind = KeyAction::SpecialKey;
        a.key = key;
        a.modifiers = mods;
        switch (key) {
        case Key::Enter:
        case Key::KeypadEnter:
        case Key::Escape:
            // Shells don't understand CSI-u forms of these; keep Alt only.
            a.modifiers = mods & dt::term::Alt;
            break;
        case Key::Tab:
            a.modifiers = mods & (dt::term::Alt | dt::term::Shift);
            if (qtKey == Qt::Key_Backtab)
                a.modifiers |= dt::term::Shift;
            break;
        case Key::Backspace:
            // Ctrl+Backspace rubs out a word in readline as ^H; Alt+Backspace
            // sends ESC DEL. Neither should become CSI 127;5u.
            if (mods & dt::term::Ctrl) {
                a.kind = KeyAction::Text;
                a.text = std::u32string(1, U'\b');
                a.modifiers = mods & dt::term::Alt;
            } else {
                a.modifiers = mods & dt::term::Alt;
            }
            break;
        default: break;
        }
        return a;
    }

    if (mods & dt::term::Ctrl) {
        // Prefer the control character the platform composed (Ctrl+C = 0x03).
        if (text.size() == 1 && text.at(0).unicode() < 0x20) {
            a.kind = KeyAction::Text;
            a.text = std::u32string(1, text.at(0).unicode());
            a.modifiers = mods & dt::term::Alt;
            return a;
        }
        const char32_t c = controlCharacter(qtKey);
        if (c != 0xFFFFFFFF) {
            a.kind = KeyAction::Text;
            a.text = std::u32string(1, c);
            a.modifiers = mods & dt::term::Alt;
            return a;
        }
    }

    if (!text.isEmpty()) {
        const QList<uint> ucs4 = text.toUcs4();
        a.kind = KeyAction::Text;
        for (uint cp : ucs4)
            a.text.push_back(static_cast<char32_t>(cp));
        // The composed text already reflects Shift; only Alt still matters.
        a.modifiers = mods & dt::term::Alt;
        return a;
    }
    return a;
}

void applyKeyAction(dt::term::Terminal &terminal, const KeyAction &action)
{
    switch (action.kind) {
    case KeyAction::SpecialKey:
        terminal.sendKey(action.key, action.modifiers);
        break;
    case KeyAction::Text:
        for (char32_t c : action.text) {
            if (action.modifiers & dt::term::Alt) {
                // Alt as an ESC prefix, as xterm's metaSendsEscape does.
                const char esc = 0x1b;
                terminal.sendText(std::string(1, esc));
            }
            std::string utf8;
            dt::term::appendUtf8(utf8, c);
            terminal.sendText(utf8);
        }
        break;
    case KeyAction::Nothing: break;
    }
}

} // namespace dt::terminal
