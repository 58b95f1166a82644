// The terminal view and the commands a real, integrated bash reports:
// ticks in the scroll bar (failures in the error colour), jumping between
// prompts, clicking a tick to select a command's output, and copying the
// last command's output.

#include "support/wait_until.h"
#include "app/ui/terminal_view.h"
#include "terminal/shell_integration.h"
#include "terminal/terminal_session.h"

#include <QApplication>
#include <QClipboard>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace {

using dt::terminal::TerminalSession;
using dt::test::waitUntil;
using dt::ui::CommandMarksBar;
using dt::ui::TerminalView;

class TerminalViewCommandsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(home.isValid());
        qputenv("SHELL", "/bin/bash");
        qputenv("HOME", home.path().toLocal8Bit()); // no developer start-up files
        QString why;
        const QString scripts = home.filePath(QStringLiteral("scripts"));
        ASSERT_TRUE(dt::terminal::writeIntegrationScripts(scripts, &why)) << why.toStdString();
        session = new TerminalSession(24, 80, 1000);
        view = new TerminalView(session);
        session->setParent(view);
        view->resize(700, 420);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view));
        TerminalSession::Launch l;
        l.shellIntegrationDirectory = scripts;
        ASSERT_TRUE(session->start(l, &why)) << why.toStdString();
        view->setFocus();
        ASSERT_TRUE(waitUntil([&] { return log().integrated() && log().pendingInput(); }, 10000)) << screen();
    }
    void TearDown() override { delete view; }

    const dt::term::CommandLog &log() const { return session->terminal().commands(); }
    std::string screen() const { return session->terminal().screenText(); }
    CommandMarksBar *bar() const { return static_cast<CommandMarksBar *>(view->verticalScrollBar()); }
    // Types `command` and Enter, and waits for its record to finish.
    void run(const QString &command)
    {
        const size_t finished = finishedCount();
        QTest::keyClicks(view, command);
        QTest::keyClick(view, Qt::Key_Return);
        ASSERT_TRUE(waitUntil([&] { return finishedCount() > finished && log().pendingInput(); })) << screen();
    }
    size_t finishedCount() const
    {
        size_t n = 0;
        for (const auto &r : log().records())
            n += r.finished;
        return n;
    }
    int64_t promptLine(size_t index) const { return log().records()[index].prompt.line; }
    int64_t topLine() const { return session->terminal().linesAboveScreen() - view->scrollOffset(); }

    QTemporaryDir home;
    TerminalSession *session = nullptr;
    TerminalView *view = nullptr;
};

TEST_F(TerminalViewCommandsTest, theScrollBarMarksEachCommandAndAFailureInTheErrorColour)
{
    run(QStringLiteral("seq 1 60"));
    run(QStringLiteral("false"));
    run(QStringLiteral("echo last"));
    ASSERT_TRUE(waitUntil([&] { return bar()->marks().size() == 3; }));
    const auto &marks = bar()->marks();
    EXPECT_FALSE(marks[0].failed);
    EXPECT_TRUE(marks[1].failed);
    EXPECT_FALSE(marks[2].failed);
    EXPECT_EQ(marks[0].line, promptLine(0));
    EXPECT_LT(bar()->tickY(marks[0]), bar()->tickY(marks[1])) << "older commands higher up";

    // The failure's tick is drawn in the theme's bright red; a success's is not.
    const QImage image = bar()->grab().toImage();
    const QColor red = dt::ui::TerminalTheme::dark().palette[9];
    EXPECT_EQ(image.pixelColor(bar()->width() / 2, bar()->tickY(marks[1])), red);
    EXPECT_NE(image.pixelColor(bar()->width() / 2, bar()->tickY(marks[0])), red);
}

TEST_F(TerminalViewCommandsTest, promptJumpsClickedTicksAndCopyOutputFollowTheRecords)
{
    run(QStringLiteral("seq 1 60"));
    run(QStringLiteral("false"));
    run(QStringLiteral("echo last"));
    ASSERT_GT(session->terminal().scrollback().size(), 0);

    // From the bottom, up to the first command's prompt (the only one above
    // the view), then down to the next one.
    EXPECT_TRUE(view->jumpToPrompt(-1));
    EXPECT_EQ(topLine(), promptLine(0));
    EXPECT_FALSE(view->jumpToPrompt(-1)) << "nothing further up";
    EXPECT_TRUE(view->jumpToPrompt(1));
    EXPECT_EQ(topLine(), std::min(promptLine(1), session->terminal().linesAboveScreen()));
    view->scrollToBottom();

    // Clicking the first command's tick selects exactly its output.
    ASSERT_TRUE(waitUntil([&] { return bar()->marks().size() == 3; }));
    QTest::mouseClick(bar(), Qt::LeftButton, {}, QPoint(bar()->width() / 2, bar()->tickY(bar()->marks()[0]) + 1));
    QStringList numbers;
    for (int i = 1; i <= 60; ++i)
        numbers << QString::number(i);
    EXPECT_EQ(view->selectedText(), numbers.join(QLatin1Char('\n')));
    EXPECT_EQ(topLine(), promptLine(0));

    // Copy Output of Last Command: the last one's output, without its prompt.
    QApplication::clipboard()->clear();
    EXPECT_TRUE(view->copyLastCommandOutput());
    EXPECT_EQ(QApplication::clipboard()->text(), QStringLiteral("last"));
}

TEST_F(TerminalViewCommandsTest, withoutCommandsThereIsNothingToJumpToOrCopy)
{
    EXPECT_TRUE(bar()->marks().empty());
    EXPECT_FALSE(view->jumpToPrompt(-1));
    EXPECT_FALSE(view->copyLastCommandOutput());
    EXPECT_FALSE(view->selectCommandOutput(1));
}

} // namespace
