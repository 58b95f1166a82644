// PtyReader on a real PTY: at which priority it reads, and what it keeps
// in memory. A flood is read below the thread that made the reader, an
// echo in a quiet terminal is not, and a reader that lowered its priority
// for a flood hands over to a fresh one at the first priority once no
// flood has been read for a while (keys typed meanwhile do not hold it
// back), losing nothing. What a burst grew is given back once it is quiet.

#include "pty_reader_fixture.h"

#include <QDeadlineTimer>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <thread>
#include <vector>

namespace {

using dt::terminal::PtyReader;
using dt::test::kReaderTimeoutMs;
using dt::test::numberedLines;
using dt::test::ownNice;
using dt::test::Program;
using dt::test::PtyReaderTest;
using dt::test::ReaderThread;
using dt::test::readerThreads;
using dt::test::waitUntil;

int lowered(int base)
{
    return std::min(base + 10, 19);
}

// Floods the reader from the program side: the id of the reader thread once
// it reads at lowered(base), or 0 if it never did. Returns once the flood
// is read whole, or the wait for it has timed out.
pid_t floodReadLowered(PtyReaderTest &test, const std::string &flood, int base)
{
    const Program program(test.m_programSide, flood);
    pid_t flooded = 0;
    waitUntil(
        [&] {
            const std::vector<ReaderThread> threads = readerThreads();
            if (threads.size() == 1 && threads[0].nice == lowered(base))
                flooded = threads[0].tid;
            return flooded != 0;
        },
        kReaderTimeoutMs);
    if (flooded != 0)
        waitUntil([&] { return test.receivedSize() >= flood.size(); }, kReaderTimeoutMs);
    return flooded;
}

TEST_F(PtyReaderTest, aFloodIsReadBelowTheMakersPriorityUntilAFreshReaderTakesOverOnceItIsQuiet)
{
    const int base = ownNice();
    auto reader = startReader();
    std::vector<ReaderThread> threads;
    ASSERT_TRUE(waitUntil([&] { return (threads = readerThreads()).size() == 1; }, kReaderTimeoutMs));
    EXPECT_EQ(base, threads[0].nice);

    const std::string flood = numberedLines(8 * PtyReader::kFloodBytes);
    const pid_t flooded = floodReadLowered(*this, flood, base);
    ASSERT_NE(0, flooded) << "the flood was not read at a lowered priority";
    ASSERT_EQ(flood, takeReceived());

    // Quiet for kQuietBeforeFreshReader: the flood's reader has gone, and
    // its successor reads at the first priority.
    ASSERT_TRUE(waitUntil(
        [&] {
            threads = readerThreads();
            return threads.size() == 1 && threads[0].tid != flooded;
        },
        kReaderTimeoutMs));
    EXPECT_EQ(base, threads[0].nice);
    write("after the flood");
    ASSERT_TRUE(waitUntil([&] { return receivedSize() >= 15; }, kReaderTimeoutMs));
    EXPECT_EQ("after the flood", takeReceived());
    reader.reset(); // joins the reader the feeder started too
    EXPECT_TRUE(waitUntil([] { return readerThreads().empty(); }, kReaderTimeoutMs));
}

TEST_F(PtyReaderTest, keysTypedAfterAFloodDoNotHoldItsReaderBelowTheMakersPriority)
{
    const int base = ownNice();
    const auto reader = startReader();
    const std::string flood = numberedLines(4 * PtyReader::kFloodBytes);
    const pid_t flooded = floodReadLowered(*this, flood, base);
    ASSERT_NE(0, flooded) << "the flood was not read at a lowered priority";
    ASSERT_EQ(flood, takeReceived());

    // A key every 100 ms, never a second without one: the reader still
    // hands over, and every key is read.
    {
        const Program typing(m_programSide, "k", std::chrono::milliseconds(100));
        ASSERT_TRUE(waitUntil(
            [&] {
                const std::vector<ReaderThread> threads = readerThreads();
                return threads.size() == 1 && threads[0].tid != flooded && threads[0].nice == base;
            },
            kReaderTimeoutMs));
    }
    const std::string keys = takeReceived();
    EXPECT_FALSE(keys.empty());
    EXPECT_EQ(std::string(keys.size(), 'k'), keys);
}

TEST_F(PtyReaderTest, burstsSmallerThanAFloodWithPausesBetweenThemKeepTheReadersPriority)
{
    const int base = ownNice();
    const auto reader = startReader();
    std::vector<ReaderThread> threads;
    ASSERT_TRUE(waitUntil([&] { return (threads = readerThreads()).size() == 1; }, kReaderTimeoutMs));
    const pid_t first = threads[0].tid;

    const std::string burst = numberedLines(PtyReader::kFloodBytes / 2);
    for (int i = 0; i < 4; ++i) {
        {
            const Program program(m_programSide, burst);
            ASSERT_TRUE(waitUntil([&] { return receivedSize() >= burst.size(); }, kReaderTimeoutMs));
        }
        EXPECT_EQ(burst, takeReceived());
        // The pause is what is tested, not a wait for something: a prompt
        // waiting for its next command.
        std::this_thread::sleep_for(4 * PtyReader::kBurstGap);
    }
    threads = readerThreads();
    ASSERT_EQ(1u, threads.size());
    EXPECT_EQ(first, threads[0].tid);
    EXPECT_EQ(base, threads[0].nice);
}

// While the test owns the models (it runs no event loop) nothing is fed,
// so a burst fills the queue to kMaxAhead; once the burst is fed and the
// terminal has been quiet for kQuietBeforeShrinking, the reader holds no
// buffer at all.
TEST_F(PtyReaderTest, aReaderQuietAfterABurstGivesBackTheBuffersItGrew)
{
    const auto reader = startReader();
    const std::string burst = numberedLines(2 * PtyReader::kMaxAhead);
    {
        const Program program(m_programSide, burst);
        QDeadlineTimer deadline(kReaderTimeoutMs);
        while (reader->heldBufferBytes() < PtyReader::kMaxAhead && !deadline.hasExpired())
            std::this_thread::yield();
        EXPECT_GE(reader->heldBufferBytes(), PtyReader::kMaxAhead) << "the queue did not grow";
        ASSERT_TRUE(waitUntil([&] { return receivedSize() == burst.size(); }, kReaderTimeoutMs)) << receivedSize();
    }
    EXPECT_EQ(takeReceived(), burst);
    const size_t nothing = std::string().capacity(); // an empty string's own room
    EXPECT_TRUE(waitUntil([&] { return reader->heldBufferBytes() <= nothing; }, kReaderTimeoutMs)) << reader->heldBufferBytes();
}

// The queue and the batch swap roles batch by batch, and a small batch
// frees the larger one: a burst whose last batches are small leaves less
// than the size that counts as a burst held. All of it goes all the same.
TEST_F(PtyReaderTest, aBurstEndingInSmallBatchesGivesBackAllItGrewAllTheSame)
{
    const auto reader = startReader();
    std::string sent = numberedLines(2 * PtyReader::kMaxAhead);
    {
        const Program program(m_programSide, sent);
        ASSERT_TRUE(waitUntil([&] { return receivedSize() == sent.size(); }, kReaderTimeoutMs)) << receivedSize();
    }
    for (int batch = 0; batch < 2; ++batch) {
        const std::string small = numberedLines(PtyReader::kTurnBytes / 2);
        sent += small;
        const Program program(m_programSide, small);
        ASSERT_TRUE(waitUntil([&] { return receivedSize() == sent.size(); }, kReaderTimeoutMs)) << receivedSize();
    }
    EXPECT_EQ(takeReceived(), sent);
    const size_t nothing = std::string().capacity();
    EXPECT_TRUE(waitUntil([&] { return reader->heldBufferBytes() <= nothing; }, kReaderTimeoutMs)) << reader->heldBufferBytes();
}

} // namespace
