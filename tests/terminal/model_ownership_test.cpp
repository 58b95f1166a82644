// The hand-over of the terminal models between the GUI thread and reader
// threads: a reader waits while the GUI thread runs, and has its turn while
// the GUI thread lends the models (ownership::GuiLoan) to paint from a copy.

#include "terminal/model_ownership.h"

#include <QDeadlineTimer>

#include <gtest/gtest.h>

#include <atomic>
#include <thread>

namespace {

namespace ownership = dt::terminal::ownership;

// Waits without running the event loop (which would hand the models over).
bool spinUntil(const std::atomic<bool> &flag, int timeoutMs)
{
    QDeadlineTimer deadline(timeoutMs);
    while (!flag.load()) {
        if (deadline.hasExpired())
            return flag.load();
        std::this_thread::yield();
    }
    return true;
}

TEST(ModelOwnership, aReaderHasItsTurnOnlyWhileTheGuiThreadLendsTheModels)
{
    ownership::installOnGuiThread();
    std::atomic<bool> stop{false}, acquired{false}, release{false}, done{false};
    std::thread reader([&] {
        ownership::ReaderTurn turn(stop);
        acquired = static_cast<bool>(turn);
        spinUntil(release, 10000);
        done = true;
    });
    // The GUI thread runs (no event loop): the reader waits.
    EXPECT_FALSE(spinUntil(acquired, 200));
    {
        ownership::GuiLoan loan;
        EXPECT_TRUE(spinUntil(acquired, 5000));
        release = true;
        if (!acquired) { // never had its turn: let it go rather than hang
            stop = true;
            ownership::wakeWaitingReaders();
        }
    } // taken back once the reader's turn ends
    reader.join();
    ASSERT_TRUE(acquired.load());
    EXPECT_TRUE(done.load());
    stop = false;

    // Owned again: the next reader waits until it is told to stop.
    std::atomic<bool> second{false}, gaveUp{false};
    std::thread next([&] {
        ownership::ReaderTurn turn(stop);
        second = static_cast<bool>(turn);
        gaveUp = true;
    });
    EXPECT_FALSE(spinUntil(second, 200));
    stop = true;
    ownership::wakeWaitingReaders();
    EXPECT_TRUE(spinUntil(gaveUp, 5000));
    EXPECT_FALSE(second.load());
    next.join();
}

TEST(ModelOwnership, aReaderMidTurnSeesTheGuiThreadWaitForTheModels)
{
    // What lets a flood's turn end early: the GUI thread, taking the
    // models back after a loan, waits for the reader, and the reader can
    // tell.
    ownership::installOnGuiThread();
    std::atomic<bool> stop{false}, acquired{false}, waitedBefore{true}, sawWait{false};
    std::thread reader([&] {
        ownership::ReaderTurn turn(stop);
        if (!turn)
            return;
        waitedBefore = ownership::guiThreadWaits();
        acquired = true;
        QDeadlineTimer deadline(5000);
        while (!ownership::guiThreadWaits() && !deadline.hasExpired())
            std::this_thread::yield();
        sawWait = ownership::guiThreadWaits();
    }); // the turn ends here, for the waiting GUI thread
    {
        ownership::GuiLoan loan;
        EXPECT_TRUE(spinUntil(acquired, 5000));
        if (!acquired) { // never had its turn: let it go rather than hang
            stop = true;
            ownership::wakeWaitingReaders();
        }
    }
    reader.join();
    ASSERT_TRUE(acquired.load());
    EXPECT_FALSE(waitedBefore.load()) << "the GUI thread had lent the models: it was not waiting";
    EXPECT_TRUE(sawWait.load());
    EXPECT_FALSE(ownership::guiThreadWaits()) << "the GUI thread has the models again";
}

TEST(ModelOwnership, aLoanOffTheGuiThreadLendsNothing)
{
    ownership::installOnGuiThread();
    std::atomic<bool> stop{false}, acquired{false}, finished{false};
    std::thread other([&] {
        ownership::GuiLoan loan; // not the GUI thread: a no-op
        std::thread reader([&] {
            ownership::ReaderTurn turn(stop);
            acquired = static_cast<bool>(turn);
        });
        EXPECT_FALSE(spinUntil(acquired, 200));
        stop = true;
        ownership::wakeWaitingReaders();
        reader.join();
        finished = true;
    });
    other.join();
    EXPECT_TRUE(finished.load());
    EXPECT_FALSE(acquired.load());
}

} // namespace
