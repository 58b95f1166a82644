#include "terminal/core/terminal.h"
#include "terminal/key_mapping.h"

#include <gtest/gtest.h>

namespace {

using dt::terminal::applyKeyAction;
using dt::terminal::mapKey;

// What a key press sends to the program.
std::string sent(int key, Qt::KeyboardModifiers mods, const QString &text = {}, const std::string &setup = {})
{
    dt::term::Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed(setup);
    applyKeyAction(t, mapKey(key, mods, text));
    return out;
}

TEST(KeyMapping, printableKeysSendTheirText)
{
    EXPECT_EQ(sent(Qt::Key_A, Qt::NoModifier, QStringLiteral("a")), "a");
    EXPECT_EQ(sent(Qt::Key_A, Qt::ShiftModifier, QStringLiteral("A")), "A");
    EXPECT_EQ(sent(Qt::Key_unknown, Qt::NoModifier, QStringLiteral("é")), "\xc3\xa9");
}

TEST(KeyMapping, ctrlLettersSendControlCharacters)
{
    EXPECT_EQ(sent(Qt::Key_C, Qt::ControlModifier, QString(QChar(3))), "\x03");
    EXPECT_EQ(sent(Qt::Key_C, Qt::ControlModifier), "\x03"); // platform composed nothing
    EXPECT_EQ(sent(Qt::Key_Space, Qt::ControlModifier), std::string(1, '\0'));
    EXPECT_EQ(sent(Qt::Key_BracketLeft, Qt::ControlModifier), "\x1b");
}

TEST(KeyMapping, altPrefixesEscape)
{
    EXPECT_EQ(sent(Qt::Key_B, Qt::AltModifier, QStringLiteral("b")), "\x1b" "b");
    EXPECT_EQ(sent(Qt::Key_Backspace, Qt::AltModifier), "\x1b\x7f");
}

TEST(KeyMapping, specialKeys)
{
    EXPECT_EQ(sent(Qt::Key_Return, Qt::NoModifier, QStringLiteral("\r")), "\r");
    EXPECT_EQ(sent(Qt::Key_Return, Qt::ShiftModifier), "\r");
    EXPECT_EQ(sent(Qt::Key_Backspace, Qt::NoModifier), "\x7f");
    EXPECT_EQ(sent(Qt::Key_Backspace, Qt::ControlModifier), "\x08");
    EXPECT_EQ(sent(Qt::Key_Tab, Qt::NoModifier), "\t");
    EXPECT_EQ(sent(Qt::Key_Backtab, Qt::ShiftModifier), "\x1b[Z");
    EXPECT_EQ(sent(Qt::Key_Escape, Qt::NoModifier), "\x1b");
    EXPECT_EQ(sent(Qt::Key_Up, Qt::NoModifier), "\x1b[A");
    EXPECT_EQ(sent(Qt::Key_Left, Qt::ControlModifier), "\x1b[1;5D");
    EXPECT_EQ(sent(Qt::Key_Home, Qt::NoModifier), "\x1b[H");
    EXPECT_EQ(sent(Qt::Key_End, Qt::NoModifier), "\x1b[F");
    EXPECT_EQ(sent(Qt::Key_PageUp, Qt::NoModifier), "\x1b[5~");
    EXPECT_EQ(sent(Qt::Key_PageDown, Qt::NoModifier), "\x1b[6~");
    EXPECT_EQ(sent(Qt::Key_Insert, Qt::NoModifier), "\x1b[2~");
    EXPECT_EQ(sent(Qt::Key_Delete, Qt::NoModifier), "\x1b[3~");
    EXPECT_EQ(sent(Qt::Key_F1, Qt::NoModifier), "\x1bOP");
    EXPECT_EQ(sent(Qt::Key_F5, Qt::NoModifier), "\x1b[15~");
    EXPECT_EQ(sent(Qt::Key_F12, Qt::NoModifier), "\x1b[24~");
}

TEST(KeyMapping, applicationCursorAndKeypadModes)
{
    EXPECT_EQ(sent(Qt::Key_Down, Qt::NoModifier, {}, "\x1b[?1h"), "\x1bOB");
    EXPECT_EQ(sent(Qt::Key_5, Qt::KeypadModifier, QStringLiteral("5")), "5");
    EXPECT_EQ(sent(Qt::Key_5, Qt::KeypadModifier, QStringLiteral("5"), "\x1b="), "\x1bOu");
    EXPECT_EQ(sent(Qt::Key_Enter, Qt::KeypadModifier, QStringLiteral("\r"), "\x1b="), "\x1bOM");
}

// Where xterm and libvterm 0.1.4 differ, xterm's bytes: the keypad's Enter
// is CR (programs read LF as Ctrl+J), and its 5 with NumLock off (KP_Begin)
// is CSI E, or SS3 E while the cursor keys are in application mode, with
// modifiers as xterm adds them.
TEST(KeyMapping, theKeypadsEnterAndBeginSendWhatXtermSends)
{
    EXPECT_EQ(sent(Qt::Key_Enter, Qt::KeypadModifier, QStringLiteral("\r")), "\r");
    EXPECT_EQ(sent(Qt::Key_Enter, Qt::KeypadModifier, QStringLiteral("\r"), "\x1b=\x1b>"), "\r") << "back to numeric";
    EXPECT_EQ(sent(Qt::Key_Enter, Qt::KeypadModifier | Qt::ShiftModifier, QStringLiteral("\r")), "\r") << "as the main Enter";
    EXPECT_EQ(sent(Qt::Key_Enter, Qt::KeypadModifier | Qt::AltModifier, QStringLiteral("\r")), "\x1b\r");
    EXPECT_EQ(sent(Qt::Key_Enter, Qt::KeypadModifier, QStringLiteral("\r"), "\x1b[20h"), "\r\n") << "newline mode";
    EXPECT_EQ(sent(Qt::Key_Clear, Qt::KeypadModifier), "\x1b[E");
    EXPECT_EQ(sent(Qt::Key_Clear, Qt::KeypadModifier, {}, "\x1b[?1h"), "\x1bOE");
    EXPECT_EQ(sent(Qt::Key_Clear, Qt::KeypadModifier | Qt::ControlModifier), "\x1b[1;5E");
    EXPECT_EQ(sent(Qt::Key_Clear, Qt::KeypadModifier | Qt::ShiftModifier), "\x1b[1;2E");
}

// On a US layout these are Ctrl+Shift chords; with or without the control
// character composed into the event, the program gets it.
TEST(KeyMapping, ctrlUnderscoreAtAndCaretSendTheirControlCharacters)
{
    const auto ctrlShift = Qt::ControlModifier | Qt::ShiftModifier;
    EXPECT_EQ(sent(Qt::Key_Underscore, ctrlShift, QStringLiteral("\x1f")), "\x1f");
    EXPECT_EQ(sent(Qt::Key_Underscore, ctrlShift), "\x1f");
    EXPECT_EQ(sent(Qt::Key_At, ctrlShift), std::string(1, '\0'));
    EXPECT_EQ(sent(Qt::Key_AsciiCircum, ctrlShift, QStringLiteral("\x1e")), "\x1e");
}

// The same presses as the keyboard protocols see them: the key by its
// unshifted character, what Shift makes of it, every modifier, the text.
TEST(KeyMapping, keyEventsNameTheKeyNotWhatItTyped)
{
    using dt::term::KeyEventType;
    using dt::terminal::toKeyEvent;
    const auto press = KeyEventType::Press;

    auto shiftA = toKeyEvent(Qt::Key_A, Qt::ShiftModifier, QStringLiteral("A"), 0, press);
    ASSERT_TRUE(shiftA);
    EXPECT_FALSE(shiftA->functional);
    EXPECT_EQ(shiftA->codepoint, U'a');
    EXPECT_EQ(shiftA->shifted, U'A');
    EXPECT_EQ(shiftA->modifiers, dt::term::Shift);
    EXPECT_EQ(shiftA->text, U"A");

    auto bang = toKeyEvent(Qt::Key_Exclam, Qt::ShiftModifier, QStringLiteral("!"), 0, press);
    EXPECT_EQ(bang->codepoint, U'1');
    EXPECT_EQ(bang->shifted, U'!');

    auto ctrlA = toKeyEvent(Qt::Key_A, Qt::ControlModifier, QString(QChar(1)), 0, press);
    EXPECT_EQ(ctrlA->codepoint, U'a');
    EXPECT_EQ(ctrlA->modifiers, dt::term::Ctrl);
    EXPECT_TRUE(ctrlA->text.empty()) << "Ctrl types nothing under the protocols";

    auto superA = toKeyEvent(Qt::Key_A, Qt::MetaModifier, QStringLiteral("a"), 0, press);
    EXPECT_EQ(superA->modifiers, dt::term::Super);

    auto released = toKeyEvent(Qt::Key_A, Qt::NoModifier, QStringLiteral("a"), 0, KeyEventType::Release);
    EXPECT_EQ(released->type, KeyEventType::Release);
    EXPECT_TRUE(released->text.empty());

    auto umlaut = toKeyEvent(Qt::Key_Adiaeresis, Qt::NoModifier, QStringLiteral("ä"), 0, press);
    EXPECT_EQ(umlaut->codepoint, U'ä');
    EXPECT_EQ(umlaut->text, U"ä");
}

TEST(KeyMapping, keyEventsTellKeypadAndModifierKeysApart)
{
    using dt::term::Key;
    using dt::term::KeyEventType;
    using dt::terminal::toKeyEvent;
    const auto press = KeyEventType::Press;

    auto kpHome = toKeyEvent(Qt::Key_Home, Qt::KeypadModifier, {}, 0, press);
    EXPECT_TRUE(kpHome->functional);
    EXPECT_EQ(kpHome->key, Key::KeypadHome);
    auto home = toKeyEvent(Qt::Key_Home, Qt::NoModifier, {}, 0, press);
    EXPECT_EQ(home->key, Key::Home);
    auto kp1 = toKeyEvent(Qt::Key_1, Qt::KeypadModifier, QStringLiteral("1"), 0, press);
    EXPECT_EQ(kp1->key, Key::Keypad1);
    EXPECT_EQ(kp1->text, U"1");
    auto backtab = toKeyEvent(Qt::Key_Backtab, Qt::ShiftModifier, {}, 0, press);
    EXPECT_EQ(backtab->key, Key::Tab);
    EXPECT_EQ(backtab->modifiers, dt::term::Shift);
    EXPECT_EQ(toKeyEvent(Qt::Key_F13, Qt::NoModifier, {}, 0, press)->key, Key::F13);

    // Pressing a modifier key holds its modifier, releasing lets go; the
    // keysym says which side.
    auto rightShift = toKeyEvent(Qt::Key_Shift, Qt::ShiftModifier, {}, 0xffe2, press);
    EXPECT_EQ(rightShift->key, Key::RightShift);
    EXPECT_EQ(rightShift->modifiers, dt::term::Shift);
    auto leftCtrlUp = toKeyEvent(Qt::Key_Control, Qt::ControlModifier, {}, 0, KeyEventType::Release);
    EXPECT_EQ(leftCtrlUp->key, Key::LeftControl);
    EXPECT_EQ(leftCtrlUp->modifiers, dt::term::NoModifier);

    EXPECT_FALSE(toKeyEvent(Qt::Key_unknown, Qt::NoModifier, {}, 0, press));
}

} // namespace
