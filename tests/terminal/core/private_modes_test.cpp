// DEC private modes the model follows itself: synchronized output (2026),
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

} // namespace
