// The keyboard protocols' encodings, one table row per key: kitty's
// progressive enhancement at each flag, and xterm's modifyOtherKeys at
// levels 1 and 2. The expected bytes are the protocols' own examples and
// rules (kitty's keyboard-protocol document, xterm's ctlseqs).

#include "terminal/core/key_encoding.h"

#include <gtest/gtest.h>

namespace {

using namespace dt::term;
using namespace dt::term::kitty_flags;

constexpr KeyEventType kRepeat = KeyEventType::Repeat;
constexpr KeyEventType kRelease = KeyEventType::Release;

KeyEvent key(Key k, Modifiers m = NoModifier, KeyEventType type = KeyEventType::Press)
{
    return KeyEvent::special(k, m, type);
}
// A text key as the view reports it: with Ctrl, Alt or Super it types nothing.
KeyEvent ch(char32_t c, Modifiers m = NoModifier, KeyEventType type = KeyEventType::Press)
{
    const char32_t shifted = c >= U'a' && c <= U'z' ? c - 32 : c == U'1' ? U'!' : c;
    std::u32string text;
    if (!(m & (Ctrl | Alt | Super)) && type != kRelease)
        text = std::u32string(1, (m & Shift) ? shifted : c);
    return KeyEvent::character(c, shifted, m, text, type);
}
KeyEvent keypadDigit(Key k, char32_t digit)
{
    KeyEvent e = key(k);
    e.text = std::u32string(1, digit);
    return e;
}

struct KittyCase {
    const char *what;
    uint8_t flags;
    KeyEvent event;
    std::string bytes;
    bool cursorKeyMode = false;
};

TEST(KittyKeyboard, encodesEachKeyAsTheProtocolSays)
{
    const KittyCase cases[] = {
        // Disambiguate: Esc and chords become CSI u; text, Enter, Tab and
        // Backspace stay as typed.
        {"esc", Disambiguate, key(Key::Escape), "\x1b[27u"},
        {"a", Disambiguate, ch(U'a'), "a"},
        {"shift+a", Disambiguate, ch(U'a', Shift), "A"},
        {"alt+a", Disambiguate, ch(U'a', Alt), "\x1b[97;3u"},
        {"ctrl+a", Disambiguate, ch(U'a', Ctrl), "\x1b[97;5u"},
        {"ctrl+shift+a", Disambiguate, ch(U'a', Ctrl | Shift), "\x1b[97;6u"},
        {"super+a", Disambiguate, ch(U'a', Super), "\x1b[97;9u"},
        {"ctrl+space", Disambiguate, ch(U' ', Ctrl), "\x1b[32;5u"},
        {"enter", Disambiguate, key(Key::Enter), "\r"},
        {"shift+enter", Disambiguate, key(Key::Enter, Shift), "\x1b[13;2u"},
        {"tab", Disambiguate, key(Key::Tab), "\t"},
        {"shift+tab", Disambiguate, key(Key::Tab, Shift), "\x1b[9;2u"},
        {"backspace", Disambiguate, key(Key::Backspace), "\x7f"},
        {"ctrl+backspace", Disambiguate, key(Key::Backspace, Ctrl), "\x1b[127;5u"},
        {"up", Disambiguate, key(Key::Up), "\x1b[A"},
        {"up in cursor key mode", Disambiguate, key(Key::Up), "\x1b[A", true},
        {"ctrl+up", Disambiguate, key(Key::Up, Ctrl), "\x1b[1;5A"},
        {"home", Disambiguate, key(Key::Home), "\x1b[H"},
        {"insert", Disambiguate, key(Key::Insert), "\x1b[2~"},
        {"f1", Disambiguate, key(Key::F1), "\x1b[P"},
        {"f3 (never CSI R, which is a cursor report)", Disambiguate, key(Key::F3), "\x1b[13~"},
        {"ctrl+f5", Disambiguate, key(Key::F5, Ctrl), "\x1b[15;5~"},
        {"f13", Disambiguate, key(Key::F13), "\x1b[57376u"},
        {"menu", Disambiguate, key(Key::Menu), "\x1b[57363u"},
        {"keypad 1 types 1", Disambiguate, keypadDigit(Key::Keypad1, U'1'), "1"},
        {"keypad enter", Disambiguate, key(Key::KeypadEnter), "\x1b[57414u"},
        {"keypad home", Disambiguate, key(Key::KeypadHome), "\x1b[57423u"},
        {"keypad begin", Disambiguate, key(Key::KeypadBegin), "\x1b[E"},
        {"shift alone", Disambiguate, key(Key::LeftShift, Shift), ""},
        {"a released", Disambiguate, ch(U'a', NoModifier, kRelease), ""},
        // Report event types: repeats and releases carry the type.
        {"a repeated", Disambiguate | ReportEvents, ch(U'a', NoModifier, kRepeat), "a"},
        {"a released", Disambiguate | ReportEvents, ch(U'a', NoModifier, kRelease), "\x1b[97;1:3u"},
        {"ctrl+a repeated", Disambiguate | ReportEvents, ch(U'a', Ctrl, kRepeat), "\x1b[97;5:2u"},
        {"up released", Disambiguate | ReportEvents, key(Key::Up, NoModifier, kRelease), "\x1b[1;1:3A"},
        {"enter released", Disambiguate | ReportEvents, key(Key::Enter, NoModifier, kRelease), ""},
        {"up pressed", Disambiguate | ReportEvents, key(Key::Up), "\x1b[A"},
        // A release is never legacy bytes, which would read as a press.
        {"esc released", ReportEvents, key(Key::Escape, NoModifier, kRelease), "\x1b[27;1:3u"},
        {"alt+up released", ReportEvents, key(Key::Up, Alt, kRelease), "\x1b[1;3:3A"},
        {"tab released", ReportEvents, key(Key::Tab, Alt, kRelease), ""},
        {"up released in cursor key mode", ReportEvents, key(Key::Up, NoModifier, kRelease), "\x1b[1;1:3A", true},
        // Alternate keys: the shifted key when Shift is held.
        {"ctrl+shift+a", Disambiguate | ReportAlternates, ch(U'a', Ctrl | Shift), "\x1b[97:65;6u"},
        {"ctrl+a", Disambiguate | ReportAlternates, ch(U'a', Ctrl), "\x1b[97;5u"},
        // Every key as an escape code, modifier keys too, text on request.
        {"a", ReportAllKeys, ch(U'a'), "\x1b[97u"},
        {"enter", ReportAllKeys, key(Key::Enter), "\x1b[13u"},
        {"esc", ReportAllKeys, key(Key::Escape), "\x1b[27u"},
        {"left shift", ReportAllKeys, key(Key::LeftShift, Shift), "\x1b[57441;2u"},
        {"right control released", ReportAllKeys | ReportEvents, key(Key::RightControl, NoModifier, kRelease),
         "\x1b[57448;1:3u"},
        {"enter released", ReportAllKeys | ReportEvents, key(Key::Enter, NoModifier, kRelease), "\x1b[13;1:3u"},
        {"shift+a with its text", ReportAllKeys | ReportText, ch(U'a', Shift), "\x1b[97;2;65u"},
        {"a with its text", ReportAllKeys | ReportText, ch(U'a'), "\x1b[97;;97u"},
        // Without Disambiguate, chords and the keypad keep legacy bytes.
        {"alt+a", ReportEvents, ch(U'a', Alt), "\x1b" "a"},
        {"shift+alt+a", ReportEvents, ch(U'a', Shift | Alt), "\x1b" "A"},
        {"ctrl+a", ReportEvents, ch(U'a', Ctrl), "\x01"},
        {"ctrl+alt+a", ReportEvents, ch(U'a', Ctrl | Alt), "\x1b\x01"},
        {"ctrl+space", ReportEvents, ch(U' ', Ctrl), std::string(1, '\0')},
        {"ctrl+shift+a", ReportEvents, ch(U'a', Ctrl | Shift), "\x1b[97;6u"},
        {"esc", ReportEvents, key(Key::Escape), "\x1b"},
        {"alt+enter", ReportEvents, key(Key::Enter, Alt), "\x1b\r"},
        {"shift+tab", ReportEvents, key(Key::Tab, Shift), "\x1b[Z"},
        {"ctrl+backspace", ReportEvents, key(Key::Backspace, Ctrl), "\x08"},
        {"keypad enter", ReportEvents, key(Key::KeypadEnter), "\r"},
        {"keypad home", ReportEvents, key(Key::KeypadHome), "\x1b[H"},
        {"keypad begin", ReportEvents, key(Key::KeypadBegin), "\x1b[E"},
        {"up in cursor key mode", ReportAlternates, key(Key::Up), "\x1bOA", true},
        {"shift+up in cursor key mode", ReportAlternates, key(Key::Up, Shift), "\x1b[1;2A", true},
    };
    for (const KittyCase &c : cases)
        EXPECT_EQ(encodeKittyKey(c.event, c.flags, c.cursorKeyMode), c.bytes) << c.what << " with flags " << int(c.flags);
}

TEST(KittyKeyboard, capsAndNumLockAreNotReported)
{
    EXPECT_EQ(encodeKittyKey(ch(U'a', Ctrl | 64), Disambiguate, false), "\x1b[97;5u");
}

struct OtherKeysCase {
    const char *what;
    int level;
    KeyEvent event;
    std::optional<std::string> bytes; // nothing: the legacy bytes stand
};

TEST(ModifyOtherKeys, encodesChordsAtEachLevelAsXtermDoes)
{
    const OtherKeysCase cases[] = {
        {"ctrl+a", 2, ch(U'a', Ctrl), "\x1b[27;5;97~"},
        {"alt+a", 2, ch(U'a', Alt), "\x1b[27;3;97~"},
        {"ctrl+shift+a", 2, ch(U'a', Ctrl | Shift), "\x1b[27;6;65~"},
        {"ctrl+1", 2, ch(U'1', Ctrl), "\x1b[27;5;49~"},
        {"ctrl+enter", 2, key(Key::Enter, Ctrl), "\x1b[27;5;13~"},
        {"shift+enter", 2, key(Key::Enter, Shift), "\x1b[27;2;13~"},
        {"ctrl+tab", 2, key(Key::Tab, Ctrl), "\x1b[27;5;9~"},
        {"alt+esc", 2, key(Key::Escape, Alt), "\x1b[27;3;27~"},
        {"shift+a", 2, ch(U'a', Shift), std::nullopt},
        {"a", 2, ch(U'a'), std::nullopt},
        {"shift+tab", 2, key(Key::Tab, Shift), std::nullopt},
        {"ctrl+up", 2, key(Key::Up, Ctrl), std::nullopt},
        {"ctrl+a released", 2, ch(U'a', Ctrl, kRelease), std::nullopt},
        {"ctrl+a", 1, ch(U'a', Ctrl), std::nullopt},
        {"alt+a", 1, ch(U'a', Alt), std::nullopt},
        {"ctrl+shift+a", 1, ch(U'a', Ctrl | Shift), "\x1b[27;6;65~"},
        {"ctrl+1", 1, ch(U'1', Ctrl), "\x1b[27;5;49~"},
        {"ctrl+enter", 1, key(Key::Enter, Ctrl), "\x1b[27;5;13~"},
        {"alt+enter", 1, key(Key::Enter, Alt), std::nullopt},
        {"ctrl+backspace", 1, key(Key::Backspace, Ctrl), std::nullopt},
        {"shift+backspace", 1, key(Key::Backspace, Shift), std::nullopt},
        {"ctrl+backspace", 2, key(Key::Backspace, Ctrl), std::nullopt},
        {"ctrl+shift+backspace", 2, key(Key::Backspace, Ctrl | Shift), "\x1b[27;6;127~"},
        {"shift+space", 2, ch(U' ', Shift), "\x1b[27;2;32~"},
        {"shift+space", 1, ch(U' ', Shift), std::nullopt},
    };
    for (const OtherKeysCase &c : cases)
        EXPECT_EQ(encodeModifyOtherKeys(c.event, c.level), c.bytes) << c.what << " at level " << c.level;
}

} // namespace
