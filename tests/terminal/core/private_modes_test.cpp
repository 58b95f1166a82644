// DEC private modes the model follows itself: synchronized output (2026),
// SGR-Pixels mouse reports (1016),
// reported by DECRQM and reset by RIS, and DECSET/DECRST naming several
// modes at once (libvterm 0.1.4 applies only the first).

#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using dt::term::Terminal;

struct Replies {
    std::string out;
    void attach(Terminal &t)
    {
        t.setOutput([this](const char *b, size_t n) { out.append(b, n); });
    }
    std::string take() { return std::exchange(out, std::string()); }
};

TEST(PrivateModes, synchronizedOutputIsFollowedAndReported)
{
    Terminal t(4, 20);
    Replies r;
    r.attach(t);
    t.feed("\x1b[?2026$p");
    EXPECT_EQ(r.take(), "\x1b[?2026;2$y"); // known, and off
    EXPECT_FALSE(t.synchronizedOutput());
    t.feed("\x1b[?2026h");
    EXPECT_TRUE(t.synchronizedOutput());
    EXPECT_EQ(t.synchronizedUpdates(), 1u);
    t.feed("frame\x1b[?2026$p");
    EXPECT_EQ(r.take(), "\x1b[?2026;1$y");
    t.feed("\x1b[?2026h"); // already on: the same frame
    EXPECT_EQ(t.synchronizedUpdates(), 1u);
    t.feed("\x1b[?2026l");
    EXPECT_FALSE(t.synchronizedOutput());
    t.feed("\x1b[?2026h");
    EXPECT_EQ(t.synchronizedUpdates(), 2u); // a new frame
    t.feed("\x1b" "c"); // RIS
    EXPECT_FALSE(t.synchronizedOutput());
    EXPECT_EQ(r.take(), "");
}

TEST(PrivateModes, synchronizedOutputSplitAnywhereIsTheSame)
{
    const std::string stream = "\x1b[?2026hab\x1b[?2026l\x1b[?2026h";
    for (size_t cut = 1; cut < stream.size(); ++cut) {
        Terminal t(4, 20);
        t.feed(stream.substr(0, cut));
        t.feed(stream.substr(cut));
        EXPECT_TRUE(t.synchronizedOutput()) << cut;
        EXPECT_EQ(t.synchronizedUpdates(), 2u) << cut;
        EXPECT_EQ(t.screenLine(0).text(0, 2), "ab") << cut;
    }
}

TEST(PrivateModes, everyModeNamedInOneDecsetIsApplied)
{
    Terminal t(4, 20);
    t.feed("\x1b[?1049;25;2026l"); // main screen, cursor hidden, no frame
    EXPECT_FALSE(t.cursor().visible);
    t.feed("\x1b[?2026;1049;25h");
    EXPECT_TRUE(t.synchronizedOutput());
    EXPECT_TRUE(t.altScreenActive());
    EXPECT_TRUE(t.cursor().visible);
    t.feed("\x1b[?7;1049l"); // autowrap off, back to the main screen
    EXPECT_FALSE(t.altScreenActive());
    t.feed("abcdefghijklmnopqrstuvwxyz");
    EXPECT_EQ(t.screenLine(0).text(), "abcdefghijklmnopqrsz"); // no wrap: the last cell is overwritten
}

// SGR-Pixels (mode 1016): SGR's reports with pixels of the text area for
// cells, every pixel a motion where the tracking mode reports motion;
// reported by DECRQM, off again after RIS.
TEST(PrivateModes, sgrPixelsReportsTheMouseInPixels)
{
    using dt::term::MouseButton;
    Terminal t(4, 20);
    Replies r;
    r.attach(t);
    t.feed("\x1b[?1016$p");
    EXPECT_EQ(r.take(), "\x1b[?1016;2$y");
    t.feed("\x1b[?1003;1006;1016h\x1b[?1016$p");
    EXPECT_EQ(r.take(), "\x1b[?1016;1$y");
    EXPECT_TRUE(t.mouseReportsPixels());

    t.sendMouseMove(1, 1, dt::term::NoModifier, {10, 20});
    EXPECT_EQ(r.take(), "\x1b[<35;11;21M"); // a motion with no button
    t.sendMouseMove(1, 1, dt::term::NoModifier, {11, 20}); // same cell, another pixel
    EXPECT_EQ(r.take(), "\x1b[<35;12;21M");
    t.sendMouseButton(MouseButton::Left, true, dt::term::Ctrl);
    EXPECT_EQ(r.take(), "\x1b[<16;12;21M");
    t.sendMouseMove(1, 1, dt::term::NoModifier, {12, 21});
    EXPECT_EQ(r.take(), "\x1b[<32;13;22M"); // dragging with the left button
    t.sendMouseButton(MouseButton::Left, false, dt::term::NoModifier);
    EXPECT_EQ(r.take(), "\x1b[<0;13;22m");
    t.sendMouseButton(MouseButton::WheelDown, true, dt::term::Shift);
    t.sendMouseButton(MouseButton::WheelDown, false, dt::term::Shift);
    EXPECT_EQ(r.take(), "\x1b[<69;13;22M"); // a wheel has no release

    // Button tracking (1002) reports motion only while a button is held;
    // click tracking (1000) none.
    t.feed("\x1b[?1003l\x1b[?1002h");
    t.sendMouseMove(0, 0, dt::term::NoModifier, {1, 1});
    EXPECT_EQ(r.take(), "");
    t.sendMouseButton(MouseButton::Right, true, dt::term::NoModifier);
    t.sendMouseMove(0, 0, dt::term::NoModifier, {2, 1});
    EXPECT_EQ(r.take(), "\x1b[<2;2;2M\x1b[<34;3;2M");
    t.sendMouseButton(MouseButton::Right, false, dt::term::NoModifier);
    t.feed("\x1b[?1002l\x1b[?1000h");
    r.take();
    t.sendMouseMove(0, 0, dt::term::NoModifier, {3, 1});
    EXPECT_EQ(r.take(), "");

    // Without 1016, libvterm's cell reports as before.
    t.feed("\x1b[?1016l");
    t.sendMouseMove(2, 5, dt::term::NoModifier, {50, 40});
    t.sendMouseButton(MouseButton::Left, true, dt::term::NoModifier);
    EXPECT_EQ(r.take(), "\x1b[<0;6;3M");
    t.feed("\x1b[?1016h\x1b" "c\x1b[?1016$p");
    EXPECT_FALSE(t.mouseReportsPixels());
    EXPECT_EQ(r.take(), "\x1b[?1016;2$y");
}

} // namespace
