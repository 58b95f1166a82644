// Byte streams that once corrupted libvterm's memory or hung it, fed whole
// and a byte at a time: each must leave a terminal that still works, with
// its cursor on the screen. (They run under ASan in CI.)

#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using dt::term::Terminal;

std::string bytes(std::initializer_list<int> b)
{
    std::string s;
    for (int c : b)
        s.push_back(static_cast<char>(c));
    return s;
}

std::string repeated(const std::string &s, int n)
{
    std::string out;
    for (int i = 0; i < n; ++i)
        out += s;
    return out;
}

void expectSane(Terminal &t, const std::string &what)
{
    t.feed("\x1b[H\x1b[2Kok");
    EXPECT_EQ(t.screenLine(0).text(0, 2), "ok") << what;
    const auto c = t.cursor();
    EXPECT_TRUE(c.row >= 0 && c.row < t.rows() && c.col >= 0 && c.col <= t.columns()) << what;
    t.resize(t.rows() - 2, t.columns() - 5); // libvterm frees and copies its arrays here
    t.resize(t.rows() + 2, t.columns() + 5);
}

TEST(HostileStreams, nothingReachesLibvtermThatCorruptsItOrHangsIt)
{
    const std::string c1 = repeated(bytes({0xc2, 0x9b}), 200);
    const std::string streams[] = {
        "\x1b[" + repeated("1;", 200) + "m",
        "\x1b [" + repeated("1;", 200) + "m",
        bytes({0x1b, 0xff, '['}) + repeated("1;", 200) + "m",
        "\x1b]0;x\x1b\r[" + repeated("1;", 200) + "m",
        bytes({0x1b, '[', 0xc3}) + c1 + "\x1bH",               // a CSI given up at a high byte
        bytes({0x1b, '[', 0xc3, 0xe0, 0x07, 0xe0, 0xe0, 0xe0, 'A'}),
        bytes({0xc2, '\r', 0x9b, 0x1b, 'H'}),
        "\x1b[b", "\x1b[3b", "\x1b([5b", bytes({0x1b, 0x7f, '[', '5', 'b'}), bytes({0x1b, 0x00, '[', '5', 'b'}),
        "\x1b\n[5b", "\x1b#8\x1b[5b",                             // REP with nothing to repeat, after DECALN
        bytes({'x', 0x1b, '[', 0xc3, '\r', 0xcc, 0x81, 0x1b, '(', '[', '5', 'b'}),
        "\x1b(]x\x1b\\", bytes({0x1b, 0x7f, ']', 'x', 0x1b, '\\'}), "\x1b\n]x\x1b\\",
        // Erases that end before they start: ECH, EL and DCH from past the
        // end of a double-width row (libvterm's width for it is half).
        "\x1b[7;70H\x1b#6\x1b[3X", "\x1b[7;70H\x1b#6\x1b[K", "\x1b[7;70H\x1b#6\x1b[4P", "\x1b[7;70H\x1b#3\x1b[9@",
    };
    for (const std::string &s : streams) {
        Terminal whole(24, 80);
        whole.feed(s);
        expectSane(whole, "whole: " + std::to_string(s.size()) + " bytes");
        Terminal bytewise(24, 80);
        for (char c : s)
            bytewise.feed(std::string(1, c));
        expectSane(bytewise, "byte by byte: " + std::to_string(s.size()) + " bytes");
    }
}

// A string whose terminator begins a read: libvterm 0.1.4 counted it as
// -1 bytes long.
TEST(HostileStreams, aStringTerminatorAtTheStartOfAReadIsCountedRight)
{
    Terminal t(24, 80);
    t.feed("\x1b(]x\x1b");
    t.feed("\\after");
    t.feed("\x1b]2;title\x1b");
    t.feed("\\");
    EXPECT_EQ(t.title(), "title");
    expectSane(t, "split terminator");
}

// A cursor saved low on a screen that then got shorter, restored by a path
// the scanner does not see as a restore: it never stays below the screen.
TEST(HostileStreams, aCursorRestoredBelowAShorterScreenIsBroughtBack)
{
    Terminal t(24, 80);
    t.feed("\x1b[24H\x1b" "7");
    t.resize(10, 80);
    t.feed(bytes({0x1b, 0x7f, '8', 0x1b, '#', '6'}));
    t.feed("\x1b" "8\x1b#6");
    expectSane(t, "restored below");
}

} // namespace
