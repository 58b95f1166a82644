// What programs ask the terminal and set on it, and its answers: device
// status and attributes, colour queries and sets (OSC 4/10/11/12 and their
// resets), clipboard writes (OSC 52), the title stack, the soft reset and
// desktop notifications (OSC 9, OSC 777).

#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

namespace {

using dt::term::Terminal;

TEST(TerminalModel, answersADeviceStatusReportThroughTheOutputCallback)
{
    Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed("ab\x1b[6n");
    EXPECT_EQ(out, "\x1b[1;3R");
}

TEST(TerminalModel, answersPrimaryDeviceAttributes)
{
    Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed("\x1b[c");
    EXPECT_EQ(out.substr(0, 3), "\x1b[?");
    EXPECT_EQ(out.back(), 'c');
}

// DECRQSS for SGR reports the whole pen, the attributes libvterm lacks
// too; the pen the cursor saved comes back with DECRC and with mode 1049.
// Other requests are still libvterm's to answer.
TEST(TerminalModel, reportsThePenItDrawsWithAndRestoresTheSavedOne)
{
    Terminal t(5, 40);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    t.feed("\x1bP$qm\x1b\\");
    EXPECT_EQ(out, "\x1bP1$r0m\x1b\\");
    out.clear();
    t.feed("\x1b[1;2;3;4:3;7;31;48;5;200;58:2::1:2:3m\x1bP$qm\x07");
    EXPECT_EQ(out, "\x1bP1$r0;1;2;3;4:3;7;31;48:5:200;58:2::1:2:3m\x1b\\");
    out.clear();
    t.feed("\x1b" "7\x1b[0;9;38;2;10;20;30m" "a\x1bP$qm\x1b\\");
    EXPECT_EQ(out, "\x1bP1$r0;9;38:2::10:20:30m\x1b\\");
    EXPECT_TRUE(t.screenLine(0)[0].strike);
    out.clear();
    t.feed("\x1b" "8b\x1bP$qm\x1b\\");
    EXPECT_EQ(out, "\x1bP1$r0;1;2;3;4:3;7;31;48:5:200;58:2::1:2:3m\x1b\\");
    const auto &b = t.screenLine(0)[0];
    EXPECT_EQ(b.codepoint, U'b');
    EXPECT_TRUE(b.bold && b.dim && b.italic && b.reverse && !b.strike);
    EXPECT_EQ(b.fg, dt::term::Color::indexed(1));
    EXPECT_EQ(b.bg, dt::term::Color::indexed(200));
    out.clear();
    t.feed("\x1b[?1049h\x1b[m\x1b[?1049l\x1bP$qm\x1b\\");
    EXPECT_EQ(out, "\x1bP1$r0;1;2;3;4:3;7;31;48:5:200;58:2::1:2:3m\x1b\\");
    out.clear();
    t.feed("\x1bP$qr\x1b\\"); // DECSTBM: libvterm's answer
    EXPECT_EQ(out, "\x1bP1$r1;5r\x1b\\");
}

// Programs that ask for the colours (vim picking a light or dark scheme)
// get xterm's answer, on either screen, split or whole.
TEST(TerminalModel, answersColourQueriesInXtermsForm)
{
    Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    Terminal::ReportedColours colours;
    colours.foreground = 0xd0d0d0;
    colours.background = 0x1e2127;
    colours.cursor = 0xffcc00;
    colours.palette[1] = 0xcc0000;
    colours.palette[255] = 0x010203;
    t.setReportedColours(colours);
    t.feed("\x1b]11;?\x07");
    EXPECT_EQ(out, "\x1b]11;rgb:1e1e/2121/2727\x1b\\");
    out.clear();
    t.feed("\x1b]10;?;?;?\x1b\\"); // foreground, then background, then cursor
    EXPECT_EQ(out, "\x1b]10;rgb:d0d0/d0d0/d0d0\x1b\\\x1b]11;rgb:1e1e/2121/2727\x1b\\\x1b]12;rgb:ffff/cccc/0000\x1b\\");
    out.clear();
    t.feed("\x1b[?1049h\x1b]4;1;?;255;?;256;?;x;?\x07"); // on the alternate screen; bad indices skipped
    EXPECT_EQ(out, "\x1b]4;1;rgb:cccc/0000/0000\x1b\\\x1b]4;255;rgb:0101/0202/0303\x1b\\");
    out.clear();
    t.feed("\x1b]11;#ffffff\x07\x1b]4;1;#00ff00\x07\x1b]111\x07\x1b]104\x07"); // sets and resets: no answer
    EXPECT_EQ(out, "");
    // Split anywhere, the answer is the same.
    const std::string query = "\x1b]11;?\x1b\\";
    for (size_t cut = 1; cut < query.size(); ++cut) {
        out.clear();
        t.feed(query.substr(0, cut));
        t.feed(query.substr(cut));
        EXPECT_EQ(out, "\x1b]11;rgb:1e1e/2121/2727\x1b\\") << "split at " << cut;
    }
}

// OSC 52 from a program: a write is decoded and kept for the GUI (its
// targets, clearing with no data), on either screen and however split; a
// read is answered empty; malformed requests change nothing.
TEST(TerminalModel, aProgramsClipboardWriteIsDecodedAndAReadIsAnsweredEmpty)
{
    Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    const std::string write = "\x1b]52;c;aMOpbGxvIHdvcmxkIQ==\x07"; // "héllo world!"
    for (size_t cut = 0; cut < write.size(); ++cut) {
        t.feed(write.substr(0, cut));
        t.feed(write.substr(cut));
        ASSERT_TRUE(t.takeChanges().clipboard) << "split at " << cut;
        const auto w = t.takeClipboardWrite();
        ASSERT_TRUE(w) << "split at " << cut;
        EXPECT_EQ(w->text, "h\xc3\xa9llo world!");
        EXPECT_TRUE(w->clipboard);
        EXPECT_FALSE(w->primary);
    }
    EXPECT_FALSE(t.takeClipboardWrite()) << "taken once";

    t.feed("\x1b[?1049h\x1b]52;p;eA\x1b\\"); // the primary selection, unpadded, from the alternate screen
    auto w = t.takeClipboardWrite();
    ASSERT_TRUE(w);
    EXPECT_EQ(w->text, "x");
    EXPECT_TRUE(w->primary);
    EXPECT_FALSE(w->clipboard);
    t.feed("\x1b]52;;\x07"); // no target named, no data: clears the clipboard
    w = t.takeClipboardWrite();
    ASSERT_TRUE(w);
    EXPECT_EQ(w->text, "");
    EXPECT_TRUE(w->clipboard);
    t.feed("\x1b]52;cs;YQ==\x07\x1b]52;c;Yg==\x07"); // two in one batch: the last one counts
    EXPECT_EQ(t.takeClipboardWrite()->text, "b");

    t.feed("\x1b]52;c;?\x07");
    EXPECT_EQ(out, "\x1b]52;c;\x1b\\") << "a read gets nothing";
    out.clear();
    t.feed("\x1b]52;c\x1b[31m;?\x07"); // nothing but target letters goes back to the program
    t.feed("\x1b]52;cx\x7f;?\x07");
    EXPECT_EQ(out, "\x1b]52;c;\x1b\\");
    out.clear();
    t.feed("\x1b]52;c;aMOpbGxv\nIHdvcmxk\nIQ==\x07"); // as `base64` writes it, lines broken
    ASSERT_TRUE(t.takeChanges().clipboard);
    EXPECT_EQ(t.takeClipboardWrite()->text, "h\xc3\xa9llo world!");
    EXPECT_EQ(t.cursor().row, 0) << "its line breaks moved nothing";
    t.feed("\x1b]52;q;YQ==\x07"); // only the secondary selection: the desktop has none
    EXPECT_FALSE(t.takeClipboardWrite());
    for (const char *bad : {"\x1b]52;c;not base64!\x07", "\x1b]52;c;QUJDR\x07", "\x1b]52\x07", "\x1b]52;c\x07",
                            "\x1b]52;ccccccccccccccccccccc;YQ==\x07"}) {
        t.feed(bad);
        EXPECT_FALSE(t.takeClipboardWrite()) << bad;
    }
    EXPECT_EQ(out, "");
    EXPECT_EQ(t.screenText().find("base64"), std::string::npos) << "nothing of it printed";
}

// Programs set this terminal's colours (OSC 4, 10, 11, 12, in xterm's and
// X11's colour forms), read back what they set, and put them back (104,
// 110, 111, 112, or a full reset); what is not a colour changes nothing.
TEST(TerminalModel, aProgramSetsReadsAndResetsItsColours)
{
    Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    Terminal::ReportedColours theme;
    theme.background = 0x1e2127;
    theme.palette[2] = 0x00aa00;
    t.setReportedColours(theme);
    t.takeChanges();

    t.feed("\x1b]11;#102030\x07");
    EXPECT_TRUE(t.takeChanges().colours);
    EXPECT_EQ(t.colourOverrides().background, 0x102030u);
    t.feed("\x1b]11;?\x07");
    EXPECT_EQ(out, "\x1b]11;rgb:1010/2020/3030\x1b\\") << "what it set is what it reads";
    out.clear();

    t.feed("\x1b]10;rgb:f/8/0;#f00\x07"); // the foreground, then (in turn) the background
    EXPECT_EQ(t.colourOverrides().foreground, 0xff8800u);
    EXPECT_EQ(t.colourOverrides().background, 0xf00000u) << "#RGB is the high bits, as X reads it";
    t.feed("\x1b]12;#ffff00000000\x1b\\\x1b]4;1;rgb:ffff/0000/0000;2;?;3;#fff000000\x07");
    EXPECT_EQ(t.colourOverrides().cursor, 0xff0000u);
    EXPECT_EQ(t.colourOverrides().palette[1], 0xff0000u);
    EXPECT_EQ(t.colourOverrides().palette[3], 0xff0000u);
    EXPECT_EQ(out, "\x1b]4;2;rgb:0000/aaaa/0000\x1b\\") << "an entry not set is the theme's";
    out.clear();

    t.takeChanges();
    for (const char *bad : {"\x1b]11;red\x07", "\x1b]11;#12345\x07", "\x1b]11;rgb:1/2\x07", "\x1b]11;rgb:12345/0/0\x07",
                            "\x1b]4;256;#ffffff\x07", "\x1b]4;x;#ffffff\x07", "\x1b]11;#ggg\x07"}) {
        t.feed(bad);
        EXPECT_FALSE(t.takeChanges().colours) << bad;
    }
    EXPECT_EQ(t.colourOverrides().background, 0xf00000u);

    t.feed("\x1b]104;1\x07");
    EXPECT_FALSE(t.colourOverrides().palette[1]);
    EXPECT_TRUE(t.colourOverrides().palette[3]);
    t.feed("\x1b]104\x07\x1b]111\x07");
    EXPECT_FALSE(t.colourOverrides().palette[3]);
    EXPECT_FALSE(t.colourOverrides().background);
    EXPECT_TRUE(t.colourOverrides().foreground);
    t.feed("\x1b]11;?\x07");
    EXPECT_EQ(out, "\x1b]11;rgb:1e1e/2121/2727\x1b\\") << "back to the theme's";
    t.takeChanges();
    t.feed("\x1b" "c");
    EXPECT_TRUE(t.takeChanges().colours);
    EXPECT_TRUE(t.colourOverrides().empty()) << "a full reset puts every colour back";
}

// What the terminal says it is (DA1, DA2, DA3, XTVERSION), and the modes
// libvterm 0.1.4 cannot report (DECRQM 1049 and the ANSI modes): answered
// once, in xterm's forms, however the query is split, with a reply to an
// earlier query in the same read kept.
TEST(TerminalModel, itSaysWhatItIsAndReportsTheModesLibvtermCannot)
{
    Terminal t(5, 20);
    std::string out;
    t.setOutput([&out](const char *b, size_t n) { out.append(b, n); });
    const std::vector<std::pair<std::string, std::string>> asked = {
        {"\x1b[c", "\x1b[?62;22c"},
        {"\x1b[0c", "\x1b[?62;22c"},
        {"\x1b[00c", "\x1b[?62;22c"},
        {"\x1b[>c", "\x1b[>1;100;0c"},
        {"\x1b[=c", "\x1bP!|44455654\x1b\\"},
        {"\x1b[>q", "\x1bP>|deviceterm(" DEVICETERM_VERSION ")\x1b\\"},
        {"\x1b[?1049$p", "\x1b[?1049;2$y"},
        {"\x1b[4$p", "\x1b[4;2$y"},
        {"\x1b[20$p", "\x1b[20;2$y"},
        {"\x1b[2$p", "\x1b[2;4$y"},
        {"\x1b[12$p", "\x1b[12;3$y"},
        {"\x1b[99$p", "\x1b[99;0$y"},
        {"\x1b[?25$p", "\x1b[?25;1$y"}, // libvterm's own answer, passed on
    };
    for (const auto &[query, reply] : asked)
        for (size_t cut = 0; cut < query.size(); ++cut) {
            out.clear();
            t.feed(query.substr(0, cut));
            t.feed(query.substr(cut));
            EXPECT_EQ(out, reply) << "split at " << cut;
        }
    out.clear();
    t.feed("x\x1b[6ny\x1b[c"); // a cursor report before, in the same read
    EXPECT_EQ(out, "\x1b[1;2R\x1b[?62;22c");
    out.clear();
    t.feed("\x1b[?>c"); // two leaders: a query nobody knows, answered by nobody
    EXPECT_EQ(out, "");
    t.feed("\x1b[?1049h\x1b[4;20h\x1b[?1049$p\x1b[4$p\x1b[20$p");
    EXPECT_EQ(out, "\x1b[?1049;1$y\x1b[4;1$y\x1b[20;1$y");
    t.feed("\x1b[1;3Hab\n");
    EXPECT_EQ(t.cursor().col, 0) << "newline mode, the second of two, is really on";
    out.clear();
    t.feed("\x1b" "c\x1b[4$p\x1b[20$p");
    EXPECT_EQ(out, "\x1b[4;2$y\x1b[20;2$y") << "a full reset resets them";
}

// XTWINOPS 22/23: a program saves the title, sets its own, and puts the
// saved one back (vim does, on entry and exit); ten deep, as xterm.
TEST(TerminalModel, theTitleStackPutsBackWhatWasSaved)
{
    Terminal t(5, 20);
    t.feed("\x1b]2;shell\x07\x1b[22;0t\x1b]2;vim\x07");
    EXPECT_EQ(t.title(), "vim");
    t.takeChanges();
    t.feed("\x1b[23;0t");
    EXPECT_EQ(t.title(), "shell");
    EXPECT_TRUE(t.takeChanges().title);
    t.feed("\x1b[23;0t\x1b[22;1t\x1b[23;1t"); // nothing saved; the icon's stack is not the title's
    EXPECT_EQ(t.title(), "shell");
    for (int i = 0; i < 12; ++i)
        t.feed("\x1b]2;t" + std::to_string(i) + "\x07\x1b[22t");
    int restored = 0;
    for (int i = 0; i < 15; ++i) {
        t.takeChanges();
        t.feed("\x1b[23t");
        restored += t.takeChanges().title ? 1 : 0;
    }
    EXPECT_EQ(restored, 10) << "ten saved, then nothing more to put back";
    EXPECT_EQ(t.title(), "t2") << "the oldest two went";
}

// DECSTR (soft reset) also resets origin mode, the scroll margins and
// insert mode, and leaves the cursor where it was.
TEST(TerminalModel, aSoftResetResetsOriginModeAndMargins)
{
    Terminal t(10, 20);
    t.feed("\x1b[3;6r\x1b[?6h\x1b[4h\x1b[2;3H");
    EXPECT_EQ(t.cursor().row, 3) << "origin mode: row 2 of the region";
    t.feed("\x1b[!p");
    EXPECT_EQ(t.cursor().row, 3);
    EXPECT_EQ(t.cursor().col, 2);
    t.feed("\x1b[1;1H");
    EXPECT_EQ(t.cursor().row, 0) << "origin mode is off";
    t.feed("\x1b[10;1Hbottom\n\n");
    EXPECT_EQ(t.screenLine(7).text().substr(0, 6), "bottom") << "the whole screen scrolls: no margins";
    t.feed("\x1b[1;1Hab\x1b[1;1HX");
    EXPECT_EQ(t.screenLine(0).text().substr(0, 2), "Xb") << "insert mode is off";
    // The rest of a soft reset: the pen, a hidden cursor, autowrap.
    t.feed("\x1b[1;31m\x1b[?25l\x1b[?7l\x1b[!p\x1b[2;1HY");
    EXPECT_FALSE(t.screenLine(1)[0].bold);
    EXPECT_TRUE(t.cursor().visible);
    t.feed("\x1b[3;19Habcd");
    EXPECT_EQ(t.screenLine(3).text().substr(0, 2), "cd") << "autowrap is on again";
}

// Desktop notifications a program asks for: OSC 777 ; notify ; title ;
// body and OSC 9 ; text, on either screen; ConEmu's numbered OSC 9
// commands are not notifications; the text is plain and bounded.
TEST(TerminalModel, keepsTheNotificationsProgramsAskFor)
{
    Terminal t(5, 20);
    EXPECT_FALSE(t.takeNotification());
    t.feed("\x1b]777;notify;Build;all 42 tests passed\x1b\\");
    EXPECT_TRUE(t.takeChanges().notification);
    auto n = t.takeNotification();
    ASSERT_TRUE(n);
    EXPECT_EQ(n->title, "Build");
    EXPECT_EQ(n->body, "all 42 tests passed");
    EXPECT_FALSE(t.takeNotification());
    t.feed("\x1b]9;first\x07\x1b]9;second\x07"); // a burst: the first is the one
    EXPECT_EQ(t.takeNotification()->body, "first");

    t.feed("\x1b[?1049h\x1b]9;done: caf\xc3\xa9\x07");
    n = t.takeNotification();
    ASSERT_TRUE(n);
    EXPECT_EQ(n->title, "");
    EXPECT_EQ(n->body, "done: caf\xc3\xa9");

    t.feed("\x1b]9;4;1;50\x07\x1b]9;12\x07\x1b]777;notify;;\x07"); // progress, a ConEmu command, nothing to say
    EXPECT_FALSE(t.takeNotification());

    t.feed("\x1b]777;notify;" + std::string(1000, 'T') + ";" + std::string(10000, 'b') + "\x07");
    n = t.takeNotification();
    ASSERT_TRUE(n);
    EXPECT_EQ(n->title.size(), dt::term::ProgramNotification::kMaxTitleBytes);
    EXPECT_LE(n->body.size(), dt::term::ProgramNotification::kMaxBodyBytes);
    // A character cut by the bound is left out whole.
    t.feed("\x1b]9;" + std::string(dt::term::ProgramNotification::kMaxBodyBytes - 1, 'x') + "\xc3\xa9\x07");
    n = t.takeNotification();
    ASSERT_TRUE(n);
    EXPECT_EQ(n->body, std::string(dt::term::ProgramNotification::kMaxBodyBytes - 1, 'x'));
}

} // namespace
