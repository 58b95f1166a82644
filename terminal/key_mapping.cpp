// Maps a Qt key event to what the terminal should receive: special and keypad keys, Ctrl chords as control
// characters, composed text, and Alt as an ESC prefix; and to the key the keyboard protocols describe
// (toKeyEvent: its unshifted and shifted characters, left or right modifier keys, Super).

#include "terminal/key_mapping.h"

#include "terminal/core/us_layout.h"
#include "terminal/core/utf8.h"

#include <QChar>
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

namespace {

using dt::term::KeyEvent;
using dt::term::KeyEventType;

// X keysyms of the modifier keys, which say left from right.
struct ModifierKeysym {
    quint32 keysym;
    Key key;
};
constexpr ModifierKeysym kModifierKeysyms[] = {
    {0xffe1, Key::LeftShift},  {0xffe2, Key::RightShift}, {0xffe3, Key::LeftControl}, {0xffe4, Key::RightControl},
    {0xffe5, Key::CapsLock},   {0xffe7, Key::LeftMeta},   {0xffe8, Key::RightMeta},   {0xffe9, Key::LeftAlt},
    {0xffea, Key::RightAlt},   {0xffeb, Key::LeftSuper},  {0xffec, Key::RightSuper},  {0xffed, Key::LeftHyper},
    {0xffee, Key::RightHyper}, {0xfe03, Key::IsoLevel3Shift}, {0xfe11, Key::IsoLevel5Shift},
};

std::optional<Key> modifierKey(int qtKey, quint32 keysym)
{
    for (const ModifierKeysym &m : kModifierKeysyms) {
        if (keysym != 0 && m.keysym == keysym)
            return m.key;
    }
    switch (qtKey) { // no keysym (Wayland without one, tests): the left key
    case Qt::Key_Shift: return Key::LeftShift;
    case Qt::Key_Control: return Key::LeftControl;
    case Qt::Key_Alt: return Key::LeftAlt;
    case Qt::Key_Meta:
    case Qt::Key_Super_L: return Key::LeftSuper;
    case Qt::Key_Super_R: return Key::RightSuper;
    case Qt::Key_Hyper_L: return Key::LeftHyper;
    case Qt::Key_Hyper_R: return Key::RightHyper;
    case Qt::Key_AltGr: return Key::IsoLevel3Shift;
    case Qt::Key_CapsLock: return Key::CapsLock;
    default: return std::nullopt;
    }
}

// The modifier a modifier key holds down (locks and level shifts none).
dt::term::Modifiers modifierOf(Key k)
{
    switch (k) {
    case Key::LeftShift:
    case Key::RightShift: return dt::term::Shift;
    case Key::LeftControl:
    case Key::RightControl: return dt::term::Ctrl;
    case Key::LeftAlt:
    case Key::RightAlt: return dt::term::Alt;
    case Key::LeftSuper:
    case Key::RightSuper: return dt::term::Super;
    default: return dt::term::NoModifier;
    }
}

// Keys without a character beyond those the legacy mapping knows.
std::optional<Key> otherFunctionalKey(int qtKey, bool keypad)
{
    if (keypad) {
        switch (qtKey) {
        case Qt::Key_Left: return Key::KeypadLeft;
        case Qt::Key_Right: return Key::KeypadRight;
        case Qt::Key_Up: return Key::KeypadUp;
        case Qt::Key_Down: return Key::KeypadDown;
        case Qt::Key_PageUp: return Key::KeypadPageUp;
        case Qt::Key_PageDown: return Key::KeypadPageDown;
        case Qt::Key_Home: return Key::KeypadHome;
        case Qt::Key_End: return Key::KeypadEnd;
        case Qt::Key_Insert: return Key::KeypadInsert;
        case Qt::Key_Delete: return Key::KeypadDelete;
        default: break;
        }
    }
    if (qtKey >= Qt::Key_F13 && qtKey <= Qt::Key_F35)
        return static_cast<Key>(static_cast<int>(Key::F13) + (qtKey - Qt::Key_F13));
    switch (qtKey) {
    case Qt::Key_ScrollLock: return Key::ScrollLock;
    case Qt::Key_NumLock: return Key::NumLock;
    case Qt::Key_Print: return Key::PrintScreen;
    case Qt::Key_Pause: return Key::Pause;
    case Qt::Key_Menu: return Key::Menu;
    default: return std::nullopt;
    }
}

// Letters and the like beyond the US keyboard's: Qt's upper case for Shift.
char32_t shiftedAscii(char32_t c)
{
    const char32_t s = dt::term::us_layout::shifted(c);
    return s != c ? s : QChar::toUpper(c);
}

// What the key types, as the protocols mean it: nothing with Ctrl, Alt
// or Super held, nothing that is a control character, nothing on release.
std::u32string typedText(const QString &text, dt::term::Modifiers mods, KeyEventType type)
{
    std::u32string out;
    if (type == KeyEventType::Release || (mods & (dt::term::Ctrl | dt::term::Alt | dt::term::Super)))
        return out;
    for (uint cp : text.toUcs4()) {
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0))
            return {};
        out.push_back(static_cast<char32_t>(cp));
    }
    return out;
}

} // namespace

std::optional<KeyEvent> toKeyEvent(int qtKey, Qt::KeyboardModifiers qtMods, const QString &text, quint32 nativeKeysym,
                                   KeyEventType type)
{
    dt::term::Modifiers mods = toModifiers(qtMods);
    if (qtMods & Qt::MetaModifier)
        mods |= dt::term::Super;

    if (const std::optional<Key> modifier = modifierKey(qtKey, nativeKeysym)) {
        // Pressing a modifier key holds its modifier; releasing it lets go.
        const dt::term::Modifiers own = modifierOf(*modifier);
        mods = type == KeyEventType::Release ? (mods & ~own) : (mods | own);
        return KeyEvent::special(*modifier, mods, type);
    }

    const bool keypad = qtMods & Qt::KeypadModifier;
    std::optional<Key> key = otherFunctionalKey(qtKey, keypad);
    if (!key) {
        Key legacy;
        if (specialKey(qtKey, keypad, legacy))
            key = legacy;
    }
    if (key) {
        KeyEvent e = KeyEvent::special(*key, mods, type);
        if (qtKey == Qt::Key_Backtab)
            e.modifiers |= dt::term::Shift;
        e.text = typedText(text, mods, type); // the keypad's digits and signs
        return e;
    }

    if (qtKey <= 0 || qtKey > 0x10ffff)
        return std::nullopt; // a key with neither a character nor a number
    // Qt names letters by their capitals.
    char32_t base = QChar::toLower(static_cast<char32_t>(qtKey));
    if (mods & dt::term::Shift)
        base = dt::term::us_layout::unshifted(base);
    const std::u32string typed = typedText(text, mods, type);
    const char32_t shifted = (mods & dt::term::Shift) && typed.size() == 1 ? typed[0] : shiftedAscii(base);
    return KeyEvent::character(base, shifted, mods, typed, type);
}

} // namespace dt::terminal
