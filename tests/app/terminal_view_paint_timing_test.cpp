// When the terminal view paints output: at most once per frame in a flood,
// at once after a quiet spell or a paint of another cause, and a frame a
// program draws with synchronized output only when it is done (or late);
// and which paints let the feeders have the models meanwhile.

#include "app/terminal_view_fixture.h"
#include "support/paint_counter.h"
#include "terminal/model_ownership.h"

#include <QDeadlineTimer>
#include <QTest>

#include <gtest/gtest.h>

#include <atomic>
#include <string>
#include <thread>

namespace {

using dt::terminal::TerminalSession;
using dt::test::nothingHappensFor;
using dt::test::PaintCounter;
using dt::test::TerminalViewTest;
using dt::test::waitUntil;

TEST_F(TerminalViewTest, aFrameDrawnWithSynchronizedOutputIsPaintedOnlyWhenDone)
{
    view->setSynchronizedOutputTimeout(60000);
    PaintCounter counter;
    view->viewport()->installEventFilter(&counter);
    run(QStringLiteral("printf '\\033[?2026hFRAME'; read x; printf '\\033[?2026lDONE'"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().synchronizedOutput() && outputRow("FRAME", 50) >= 0; }));
    counter.paints = 0;
    EXPECT_TRUE(nothingHappensFor(300, [&] { return counter.paints > 0; })) << "painted half a frame";
    QTest::keyClick(view, Qt::Key_Return); // the program ends its frame
    EXPECT_TRUE(waitUntil([&] { return counter.paints > 0 && !session->terminal().synchronizedOutput(); }));
}

TEST_F(TerminalViewTest, aFrameThatNeverEndsIsPaintedAfterTheTimeout)
{
    view->setSynchronizedOutputTimeout(100);
    PaintCounter counter;
    view->viewport()->installEventFilter(&counter);
    run(QStringLiteral("printf '\\033[?2026hFOREVER'"));
    ASSERT_TRUE(waitUntil([&] { return session->terminal().synchronizedOutput() && outputRow("FOREVER", 50) >= 0; }));
    counter.paints = 0;
    EXPECT_TRUE(waitUntil([&] { return counter.paints > 0; })) << "a program that never ends its frame froze the view";
}

// How many paints the view had made when the session first told of a
// screen showing `word` (-1: not yet). Connected after the view's own slot,
// so a paint made while the notice is handled is counted. The view loses
// the focus: no cursor blink paints meanwhile.
struct PaintsAtNotice {
    PaintCounter counter;
    int paints = -1;
    PaintsAtNotice(dt::ui::TerminalView *view, TerminalSession *session, std::string word)
    {
        view->viewport()->installEventFilter(&counter);
        view->clearFocus();
        m_notice = QObject::connect(session, &TerminalSession::contentChanged, view, [this, session, word] {
            if (paints < 0 && session->terminal().screenText().find(word) != std::string::npos)
                paints = counter.paints;
        });
    }
    ~PaintsAtNotice() { QObject::disconnect(m_notice); } // the view outlives the test's body

private:
    QMetaObject::Connection m_notice;
};

TEST_F(TerminalViewTest, outputAfterAQuietSpellIsPaintedAsItsNoticeArrives)
{
    // An echo after a pause is painted while the session tells of it, not
    // on a later pass of the event loop: that pass would first wait for
    // whatever turn another terminal's flood has under way.
    PaintsAtNotice watch(view, session, "QUIET");
    PaintCounter &counter = watch.counter;
    const int &paintsAtNotice = watch.paints;
    run(QStringLiteral("sleep 1; printf '%s%s' QUI ET")); // the command line does not show the word
    ASSERT_TRUE(shows("sleep 1"));
    ASSERT_TRUE(dt::test::waitUntilStill<int>([&] { return counter.paints; }, 150));
    const int paintsBefore = counter.paints;
    ASSERT_LT(paintsAtNotice, 0) << "the output came before the view was still: nothing to judge";
    ASSERT_TRUE(waitUntil([&] { return paintsAtNotice >= 0; }));
    EXPECT_GT(paintsAtNotice, paintsBefore);
}

TEST_F(TerminalViewTest, outputRightAfterAPaintOfAnotherCauseIsNotHeldForAFrame)
{
    // At most one paint of output per frame holds back floods; a paint for
    // another reason (a new view shown, a scroll, an expose) is no output,
    // and the output after it (a new tab's first prompt) goes at once.
    PaintsAtNotice watch(view, session, "AFTER");
    PaintCounter &counter = watch.counter;
    const int &paintsAtNotice = watch.paints;
    run(QStringLiteral("stty -echo; read x; printf '%s%s' AFT ER")); // the command line does not show the word
    ASSERT_TRUE(shows("read x"));
    ASSERT_TRUE(dt::test::waitUntilStill<int>([&] { return counter.paints; }, 150));
    view->viewport()->repaint();
    const int paintsAfterRepaint = counter.paints;
    QTest::keyClick(view, Qt::Key_Return); // read returns: the word comes at once
    ASSERT_TRUE(waitUntil([&] { return paintsAtNotice >= 0; }));
    EXPECT_GT(paintsAtNotice, paintsAfterRepaint);
}

// A paint of many rows lends the models, so that a flood is parsed while
// the font engines draw; a paint of a row or two (an echo) keeps them:
// taking them back would wait for the slice a feeder has under way, which
// takes longer than such a paint.
TEST_F(TerminalViewTest, onlyAPaintOfManyRowsLendsTheModelsToAWaitingReader)
{
    namespace ownership = dt::terminal::ownership;
    std::atomic<bool> stop{false};
    std::atomic<int> turns{0};
    std::thread reader([&] { // a feeder that always has bytes
        while (!stop) {
            const ownership::ReaderTurn turn(stop);
            if (turn)
                ++turns;
        }
    });
    // The test runs outside the event loop: the GUI thread owns the models
    // but for what a paint lends.
    const auto repaintRows = [&](int first, int count) {
        const int top = view->cellOrigin(first, 0).y();
        view->viewport()->repaint(QRect(0, top, view->viewport()->width(), count * view->cellSize().height()));
    };
    int before = turns;
    // Until the reader's thread runs and waits for its turn.
    for (QDeadlineTimer deadline(5000); turns == before && !deadline.hasExpired();)
        repaintRows(0, 24);
    EXPECT_GT(turns, before) << "the reader never had a turn during a whole-screen paint";
    before = turns;
    for (int paint = 0; paint < 50; ++paint)
        repaintRows(paint % 20, 2);
    EXPECT_EQ(turns, before) << "a paint of two rows lent the models";
    stop = true;
    ownership::wakeWaitingReaders();
    reader.join();
}

} // namespace
