// The terminal view, offscreen, driven by synthesized keyboard and mouse
// events, with a real shell behind it.

#include "app/terminal_view_fixture.h"

#include <QApplication>
#include <QClipboard>
#include <QDesktopServices>
#include <QFile>
#include <QImage>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace {

using dt::terminal::TerminalSession;
using dt::test::TerminalViewTest;
using dt::test::waitUntil;
using dt::ui::TerminalView;

TEST_F(TerminalViewTest, theGridFollowsTheWidgetSize)
{
    const QSize cell = view->cellSize();
    EXPECT_TRUE(waitUntil([&] {
        return session->terminal().columns() == (view->viewport()->width() - 8) / cell.width()
            && session->terminal().rows() == (view->viewport()->height() - 8) / cell.height();
    }));
    view->resize(400, 300);
    ASSERT_TRUE(waitUntil([&] { return session->terminal().columns() == (view->viewport()->width() - 8) / cell.width(); }));
    run(QStringLiteral("stty size"));
    EXPECT_TRUE(shows(std::to_string(session->terminal().rows()) + " " + std::to_string(session->terminal().columns())));
}

TEST_F(TerminalViewTest, typedKeysReachTheShellAndItsOutputIsShown)
{
    run(QStringLiteral("echo typed-$((40+2))"));
    EXPECT_TRUE(shows("typed-42")) << screen();
}

// A program that sets its terminal's background (OSC 11) and one palette
// entry (OSC 4) is drawn in them; the resets bring the theme back.
TEST_F(TerminalViewTest, colourSetsAreDrawnAndResetsBringTheThemeBack)
{
    const QColor themeBackground = grab().pixelColor(2, 2);
    run(QStringLiteral("printf '\\033]11;#203040\\007\\033]4;1;rgb:00/ff/00\\007\\033[41m  RED  \\033[0m\\n'"));
    const int row = outputRow("  RED");
    ASSERT_GE(row, 0) << screen();
    ASSERT_TRUE(waitUntil([&] { return grab().pixelColor(2, 2) == QColor(0x20, 0x30, 0x40); }))
        << grab().pixelColor(2, 2).name().toStdString();
    const QPoint onRed = cellCenter(row, 1) * view->devicePixelRatioF();
    EXPECT_EQ(grab().pixelColor(onRed), QColor(0, 0xff, 0)) << "colour 1 is what the program set";

    run(QStringLiteral("printf '\\033]111\\007\\033]104\\007'"));
    EXPECT_TRUE(waitUntil([&] { return grab().pixelColor(2, 2) == themeBackground; }))
        << grab().pixelColor(2, 2).name().toStdString();
    EXPECT_NE(grab().pixelColor(onRed), QColor(0, 0xff, 0));
}

TEST_F(TerminalViewTest, ctrlCGoesToTheProgramNotToAShortcut)
{
    run(QStringLiteral("sleep 30; echo not-interrupted"));
    ASSERT_TRUE(waitUntil([&] { return session->foregroundProgram() == QStringLiteral("sleep"); }));
    QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
    run(QStringLiteral("echo after-interrupt"));
    EXPECT_GE(outputRow("after-interrupt"), 0) << screen();
    EXPECT_EQ(outputRow("not-interrupted", 0), -1) << screen();
}

TEST_F(TerminalViewTest, dragSelectsTextAndCopyPutsItOnTheClipboard)
{
    run(QStringLiteral("echo alpha beta gamma"));
    const int outRow = outputRow("alpha beta gamma");
    ASSERT_GE(outRow, 0) << screen();
    QTest::mousePress(view->viewport(), Qt::LeftButton, Qt::NoModifier, cellCenter(outRow, 6));
    QTest::mouseMove(view->viewport(), cellCenter(outRow, 8));
    QTest::mouseMove(view->viewport(), cellCenter(outRow, 9));
    QTest::mouseRelease(view->viewport(), Qt::LeftButton, Qt::NoModifier, cellCenter(outRow, 9));
    EXPECT_EQ(view->selectedText(), QStringLiteral("beta"));
    view->copyToClipboard();
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("beta"));
}

TEST_F(TerminalViewTest, doubleClickSelectsAWordAndTripleClickTheLine)
{
    run(QStringLiteral("echo one /usr/lib/x.so three"));
    const int outRow = outputRow("one /usr/lib/x.so three");
    ASSERT_GE(outRow, 0) << screen();
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, cellCenter(outRow, 8));
    EXPECT_EQ(view->selectedText(), QStringLiteral("/usr/lib/x.so"));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, cellCenter(outRow, 8));
    EXPECT_EQ(view->selectedText(), QStringLiteral("one /usr/lib/x.so three"));
}

TEST_F(TerminalViewTest, pasteSendsClipboardTextAsInput)
{
    // bash asks for bracketed paste, so the pasted newline is inserted as
    // text rather than run: the command waits for Enter, as it should.
    QApplication::clipboard()->setText(QStringLiteral("echo pasted-$((2*21))\n"));
    view->pasteClipboard();
    ASSERT_TRUE(shows("$ echo pasted-$((2*21))")) << screen();
    EXPECT_EQ(outputRow("pasted-42", 300), -1) << screen();
    QTest::keyClick(view, Qt::Key_Return);
    EXPECT_GE(outputRow("pasted-42"), 0) << screen();
}

TEST_F(TerminalViewTest, wheelScrollsHistoryAndTypingReturnsToTheBottom)
{
    run(QStringLiteral("seq 1 300"));
    ASSERT_TRUE(shows("300\n"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().scrollback().size() > 250; }));
    QWheelEvent up(QPointF(50, 50), view->mapToGlobal(QPoint(50, 50)), QPoint(), QPoint(0, 120), Qt::NoButton,
                   Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &up);
    EXPECT_EQ(view->scrollOffset(), 3);
    EXPECT_EQ(view->verticalScrollBar()->value(), view->verticalScrollBar()->maximum() - 3);
    QTest::keyClick(view, Qt::Key_PageUp, Qt::ShiftModifier);
    EXPECT_GT(view->scrollOffset(), 3);
    run(QStringLiteral("echo back"));
    EXPECT_TRUE(waitUntil([&] { return view->scrollOffset() == 0; }));
}

// Output is parsed on the PTY's feeder thread whenever the GUI thread waits,
// and announced to the view a little later: in between, a view back in
// history still shows the same lines (it used to slide by what was parsed
// and jump back when told).
TEST_F(TerminalViewTest, aViewBackInHistoryStaysPutBetweenParsingAndItsNotice)
{
    run(QStringLiteral("seq 1 300"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().scrollback().size() > 250; }));
    view->scrollLines(20);
    const int64_t top = view->firstVisibleLine();
    const std::string topText = session->terminal().lineAt(top)->text();
    // Parsed, not yet announced: the test thread owns the models now, as
    // the feeder does during its turn.
    std::string lines;
    for (int i = 0; i < 50; ++i)
        lines += "parsed ahead\r\n";
    session->terminal().feed(lines);
    EXPECT_EQ(view->firstVisibleLine(), top);
    // Announced with what the shell prints next (sent to it directly:
    // typing into the view would bring the view down): the same lines still.
    session->sendBytes("echo ann''ounced\r");
    ASSERT_TRUE(waitUntil([&] {
        return session->terminal().linesScrolledSinceTaken() == 0 && screen().find("\nannounced") != std::string::npos;
    })) << screen();
    EXPECT_EQ(view->firstVisibleLine(), top);
    EXPECT_EQ(session->terminal().lineAt(view->firstVisibleLine())->text(), topText);
}

// Scroll lock: output that arrives while the reader is back in history
// leaves the same lines in view; with scroll-on-output it brings the view
// down, as before.
TEST_F(TerminalViewTest, outputWhileScrolledBackKeepsTheSameLinesInView)
{
    run(QStringLiteral("seq 1 300"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().scrollback().size() > 250; }));
    // The line the view shows at its top. Not the model's line count less
    // the offset: lines parsed but not yet announced to the view are in
    // the one and not yet in the other, so that line was one further on
    // whenever the prompt's line feed had not been announced yet.
    const auto topText = [&] {
        const dt::term::Line *line = session->terminal().lineAt(view->firstVisibleLine());
        return line ? line->text() : std::string();
    };
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    for (bool scrollOnOutput : {false, true}) {
        view->setScrollOnOutput(scrollOnOutput);
        const std::string marker = scrollOnOutput ? "second" : "first";
        // Output that comes while nobody types: a background job that
        // prints once the test has scrolled back and lets it go. It waits
        // on a file rather than a time, and the test waits for the prompt
        // that follows the command, so the output neither beats the scroll
        // nor lands in the middle of the prompt. It gives up after 30 s, so
        // a test that failed before letting it go leaves no loop behind.
        const QString go = dir.filePath(QString::fromStdString(marker));
        run(QStringLiteral("(for i in $(seq 1500); do [ -e '%1' ] && break; sleep 0.02; done; seq 1000 1100; echo %2-done) < /dev/null &")
                .arg(go, QString::fromStdString(marker)));
        ASSERT_TRUE(waitUntil([&] {
            const auto &t = session->terminal();
            std::string prompt = t.screenLine(t.cursor().row).text();
            while (!prompt.empty() && prompt.back() == ' ')
                prompt.pop_back();
            std::string shown = screen(); // the command wraps: look for it joined
            std::erase(shown, '\n');
            return prompt == "$" && shown.find(marker + "-done)") != std::string::npos;
        })) << screen();
        view->scrollLines(20);
        ASSERT_EQ(view->scrollOffset(), 20);
        const std::string before = topText();
        ASSERT_FALSE(before.empty());
        ASSERT_TRUE(QFile(go).open(QIODevice::WriteOnly));
        ASSERT_TRUE(waitUntil([&] {
            const auto &t = session->terminal();
            for (int r = 0; r < t.rows(); ++r)
                if (t.screenLine(r).text().rfind(marker + "-done", 0) == 0)
                    return true;
            return false;
        })) << screen();
        // The view hears of the new lines a little after they are parsed.
        ASSERT_TRUE(waitUntil([&] { return session->terminal().linesScrolledSinceTaken() == 0; }));
        if (scrollOnOutput) {
            EXPECT_TRUE(waitUntil([&] { return view->scrollOffset() == 0; }));
        } else {
            EXPECT_GT(view->scrollOffset(), 20);
            EXPECT_EQ(topText(), before) << "the reader's place did not move";
        }
        view->scrollToBottom();
    }
}

TEST_F(TerminalViewTest, smallWheelStepsFromTouchpadsAddUp)
{
    run(QStringLiteral("seq 1 200"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().scrollback().size() > 150; }));
    for (int i = 0; i < 4; ++i) {
        QWheelEvent step(QPointF(50, 50), view->mapToGlobal(QPoint(50, 50)), QPoint(), QPoint(0, 30), Qt::NoButton,
                         Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(view->viewport(), &step);
    }
    EXPECT_EQ(view->scrollOffset(), 3); // four quarter notches make one notch: three lines
}

TEST_F(TerminalViewTest, selectAllOnTheAlternateScreenTakesOnlyTheScreen)
{
    run(QStringLiteral("seq 1 100; printf '\\033[?1049h\\033[HALT'; sleep 30"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().altScreenActive(); }));
    view->selectAll();
    EXPECT_LE(view->selectedText().count(QLatin1Char('\n')), session->terminal().rows());
    EXPECT_TRUE(view->selectedText().startsWith(QStringLiteral("ALT")));
}

TEST_F(TerminalViewTest, paintsColouredCellsInTheThemeColours)
{
    run(QStringLiteral("clear; printf '\\033[41m      \\033[0m\\n'"));
    ASSERT_TRUE(waitUntil([&] {
        const auto &line = session->terminal().screenLine(0);
        return line[0].bg == dt::term::Color::indexed(1);
    }));
    ASSERT_TRUE(waitUntil([&] {
        const QImage img = grab();
        return img.pixelColor(cellCenter(0, 2)) == dt::ui::TerminalTheme::dark().palette[1];
    })) << "cell (0,2) is not painted red";
    // Far right on the same row keeps the default background.
    EXPECT_EQ(grab().pixelColor(cellCenter(0, 60)), dt::ui::TerminalTheme::dark().background);
}

TEST_F(TerminalViewTest, mouseReportingGoesToProgramsThatAskAndShiftOverridesIt)
{
    // Switch on SGR mouse reporting, then read one report back as text.
    run(QStringLiteral("printf '\\033[?1000h\\033[?1006h'; stty -echo -icanon; dd bs=1 count=9 2>/dev/null | od -c | head -1; stty sane"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().mouseTracking() != dt::term::MouseTracking::None; }));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, cellCenter(5, 3));
    EXPECT_TRUE(shows("[   <   0   ;   4   ;   6   M")) << screen();
    EXPECT_FALSE(view->hasSelection());
}

// A program that asked for SGR-Pixels gets the pixel under the mouse, from
// the text area's corner, not the cell.
TEST_F(TerminalViewTest, mouseReportsArePixelsForProgramsThatAskForSgrPixels)
{
    run(QStringLiteral("printf '\\033[?1000;1006;1016h'; stty raw -echo; IFS= read -r -d m r; stty sane; "
                       "printf '\\033[?1000;1006;1016l'; echo \"got ${r#?}\""));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().mouseReportsPixels(); })) << screen();
    const QPoint at = cellCenter(6, 9) + QPoint(1, 2);
    const QPoint corner = view->cellOrigin(0, 0);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, at);
    const std::string expected = "got [<0;" + std::to_string(at.x() - corner.x() + 1) + ";"
        + std::to_string(at.y() - corner.y() + 1) + "M";
    EXPECT_TRUE(shows(expected)) << expected << "\n" << screen();
}

TEST_F(TerminalViewTest, aShortcutKeyIsNotSentToTheProgram)
{
    EXPECT_TRUE(TerminalView::isApplicationShortcut(Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier));
    EXPECT_TRUE(TerminalView::isApplicationShortcut(Qt::Key_PageDown, Qt::ControlModifier));
    EXPECT_TRUE(TerminalView::isApplicationShortcut(Qt::Key_3, Qt::AltModifier));
    EXPECT_FALSE(TerminalView::isApplicationShortcut(Qt::Key_C, Qt::ControlModifier));
    EXPECT_FALSE(TerminalView::isApplicationShortcut(Qt::Key_R, Qt::ControlModifier));
    EXPECT_FALSE(TerminalView::isApplicationShortcut(Qt::Key_B, Qt::AltModifier));
    // Ctrl+_, Ctrl+@ and Ctrl+^ are Ctrl+Shift on a US layout: the program's.
    for (int key : {Qt::Key_Underscore, Qt::Key_At, Qt::Key_AsciiCircum})
        EXPECT_FALSE(TerminalView::isApplicationShortcut(key, Qt::ControlModifier | Qt::ShiftModifier)) << key;
}

// Receives the links the desktop would open (QDesktopServices::setUrlHandler).
class LinkCatcher : public QObject {
    Q_OBJECT
public:
    QList<QUrl> opened;
public slots:
    void open(const QUrl &url) { opened << url; }
};

TEST_F(TerminalViewTest, ctrlClickOpensTheLinkUnderTheMouseAndHoverUnderlinesIt)
{
    LinkCatcher catcher;
    QDesktopServices::setUrlHandler(QStringLiteral("https"), &catcher, "open");
    QDesktopServices::setUrlHandler(QStringLiteral("ssh"), &catcher, "open");
    run(QStringLiteral("echo 'see https://example.org/docs?q=1. and ssh://host/x'"));
    const int row = outputRow("see https");
    ASSERT_GE(row, 0) << screen();
    // A plain click selects nothing and opens nothing.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::NoModifier, cellCenter(row, 10));
    EXPECT_TRUE(catcher.opened.isEmpty());
    // Hovering underlines it: the row under the link's cells gets ink.
    const QColor background = dt::ui::TerminalTheme::dark().background;
    const int underlineY = view->cellOrigin(row, 10).y() + view->cellSize().height() - 2;
    auto underlined = [&](int col) { return grab().pixelColor(view->cellOrigin(row, col).x() + 2, underlineY) != background; };
    EXPECT_FALSE(underlined(12));
    QTest::mouseMove(view->viewport(), cellCenter(row, 10));
    EXPECT_TRUE(waitUntil([&] { return underlined(12) && underlined(30); }));
    EXPECT_FALSE(underlined(2)); // "see" is not the link
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, cellCenter(row, 10));
    ASSERT_EQ(catcher.opened.size(), 1);
    EXPECT_EQ(catcher.opened.front(), QUrl(QStringLiteral("https://example.org/docs?q=1")));
    // ssh:// is found but not handed to the desktop.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, cellCenter(row, 42));
    EXPECT_EQ(catcher.opened.size(), 1);
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    QDesktopServices::unsetUrlHandler(QStringLiteral("ssh"));
}

TEST_F(TerminalViewTest, inputMethodCommitsReachTheShell)
{
    QInputMethodEvent e(QString(), {});
    e.setCommitString(QStringLiteral("echo 漢字"));
    QApplication::sendEvent(view, &e);
    QTest::keyClick(view, Qt::Key_Return);
    EXPECT_TRUE(shows("\n漢字")) << screen();
}

// A program that asks for kitty's keyboard protocol reads the keys the
// user presses in its form: it pushes the flags, reads keys in raw mode
// until 'q' (and its release, when it asked for releases) and prints what
// it got, then pops the flags.
constexpr const char *kKeyReader = R"(import os, sys, termios, tty
flags = sys.argv[1]
old = termios.tcgetattr(0)
tty.setraw(0)
os.write(1, b'\x1b[>' + flags.encode() + b'u')
# q as this mode sends it, then its release if releases are reported
end = (b'\x1b[113u' if int(flags) & 8 else b'q') + (b'\x1b[113;1:3u' if int(flags) & 2 else b'')
got = b''
os.write(1, b'reading keys\r\n')
while not got.endswith(end):
    got += os.read(0, 64)
os.write(1, b'\x1b[<u')
termios.tcsetattr(0, termios.TCSADRAIN, old)
print('got', repr(got[:-len(end)]))
)";

// The key reader above as a file in `dir`; empty if it could not be written.
QString writeKeyReader(const QTemporaryDir &dir)
{
    QFile script(dir.filePath(QStringLiteral("keys.py")));
    if (!dir.isValid() || !script.open(QIODevice::WriteOnly) || script.write(kKeyReader) < 0)
        return {};
    return script.fileName();
}

TEST_F(TerminalViewTest, aProgramThatAsksForKittysKeyboardProtocolReadsKeysInItsForm)
{
    QTemporaryDir dir;
    const QString script = writeKeyReader(dir);
    ASSERT_FALSE(script.isEmpty());

    run(QStringLiteral("python3 %1 1").arg(script));
    ASSERT_TRUE(shows("reading keys")) << screen();
    QTest::keyClick(view, Qt::Key_Escape);
    QTest::keyClick(view, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(view, Qt::Key_Return, Qt::ShiftModifier);
    QTest::keyClick(view, Qt::Key_A);
    QTest::keyClick(view, Qt::Key_Q);
    EXPECT_TRUE(shows(R"(got b'\x1b[27u\x1b[97;5u\x1b[13;2ua')")) << screen();

    // With releases reported (flags 1 + 2): each key's press, then its release.
    run(QStringLiteral("python3 %1 3").arg(script));
    ASSERT_TRUE(waitUntil([&] { return screen().rfind("reading keys") > screen().find("got b'"); })) << screen();
    QTest::keyClick(view, Qt::Key_A);
    QTest::keyClick(view, Qt::Key_Up, Qt::ControlModifier);
    QTest::keyClick(view, Qt::Key_Q);
    EXPECT_TRUE(shows(R"(got b'a\x1b[97;1:3u\x1b[1;5A\x1b[1;5:3A')")) << screen();

    // Popped on the way out: the shell reads keys as before.
    EXPECT_TRUE(waitUntil([&] { return session->terminal().keyboardModes().kittyFlags(false) == 0; }));
    run(QStringLiteral("echo back to legacy"));
    EXPECT_TRUE(shows("\nback to legacy")) << screen();
}

// Under ReportAllKeys, Shift and Ctrl on their own are keys the program
// hears, but they are half of a chord: a selection survives them. A key
// released after focus left is heard going up; a release names the key
// the press named.
TEST_F(TerminalViewTest, modifierKeysUnderTheProtocolLeaveTheSelectionAndReleasesFollowPresses)
{
    QTemporaryDir dir;
    const QString script = writeKeyReader(dir);
    ASSERT_FALSE(script.isEmpty());
    run(QStringLiteral("echo selectable; python3 %1 11").arg(script));
    ASSERT_TRUE(shows("reading keys")) << screen();
    view->selectAll();
    ASSERT_TRUE(view->hasSelection());
    // As X delivers them: scan codes and keysyms (QTest sends neither).
    auto send = [&](QEvent::Type type, int key, Qt::KeyboardModifiers mods, quint32 scan, quint32 keysym,
                    const QString &text = {}) {
        QKeyEvent e(type, key, mods, scan, keysym, 0, text);
        QApplication::sendEvent(view, &e);
    };
    send(QEvent::KeyPress, Qt::Key_Control, Qt::ControlModifier, 37, 0xffe3);
    EXPECT_TRUE(view->hasSelection()) << "a lone Ctrl cleared the selection";
    send(QEvent::KeyRelease, Qt::Key_Control, Qt::NoModifier, 37, 0xffe3);
    // Shift+1 pressed, Shift let go, then the key: its release is still
    // the 1 key's, though Qt now calls it 1 rather than !.
    send(QEvent::KeyPress, Qt::Key_Shift, Qt::ShiftModifier, 50, 0xffe1);
    send(QEvent::KeyPress, Qt::Key_Exclam, Qt::ShiftModifier, 10, 0x21, QStringLiteral("!"));
    send(QEvent::KeyRelease, Qt::Key_Shift, Qt::NoModifier, 50, 0xffe1);
    send(QEvent::KeyRelease, Qt::Key_1, Qt::NoModifier, 10, 0x31, QStringLiteral("1"));
    // A held key whose release the focus took elsewhere is heard going up.
    send(QEvent::KeyPress, Qt::Key_A, Qt::NoModifier, 38, 0x61, QStringLiteral("a"));
    QFocusEvent out(QEvent::FocusOut, Qt::ActiveWindowFocusReason);
    QApplication::sendEvent(view, &out);
    QTest::keyClick(view, Qt::Key_Q);
    const std::string expected = R"(got b'\x1b[57442;5u\x1b[57442;1:3u\x1b[57441;2u\x1b[49;2u\x1b[57441;1:3u)"
                                 R"(\x1b[49;1:3u\x1b[97u\x1b[97;1:3u')";
    EXPECT_TRUE(waitUntil([&] { return session->terminal().logicalText(0).find(expected) != std::string::npos; }))
        << session->terminal().logicalText(0); // a line longer than the screen is wide
}

} // namespace

#include "terminal_view_test.moc"
