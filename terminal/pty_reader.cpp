// The PTY reader and feeder threads (pty_reader.h).

#include "terminal/pty_reader.h"

#include "terminal/model_ownership.h"

#include <QMetaObject>
#include <QtGlobal>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <cstring>
#include <malloc.h>
#include <exception>
#include <poll.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace dt::terminal {

namespace {
// A flood reads below the GUI thread and the feeders. In a flood every
// reader and every program writing is runnable, and the GUI thread must
// still get the CPU the moment a key or a paint wants it. The feeders stay
// at the GUI thread's priority: only one has a turn at a time, and the GUI
// thread waits for it, so a feeder held back by the readers held the GUI
// thread back too. (Eight floods on two cores, feeders at +5 and readers
// at 0: turns of 0.1-1 ms of CPU took 5-15 ms, and the event loop's worst
// lateness was 23-67 ms over six runs; this way round, 15-27 ms. Parsing
// no longer yields to reading in one terminal either, which is what the
// terminal's throughput was waiting on.)
//
// Only a flood's reader, though: a quiet terminal's reader at +10 woke for
// an echo behind every thread at 0. (Another tab flooding, bench_flood's
// echo in six runs: p50 0.70 ms and p99 2.5 ms reading the echo at 0,
// against 0.95 and 3.7 ms at +10; medians of the runs.)
constexpr int kFloodReaderNiceness = 10;
void readBelowTheGuiThread()
{
    const auto self = static_cast<id_t>(::gettid());
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, self);
    if (errno == 0)
        ::setpriority(PRIO_PROCESS, self, std::min(nice + kFloodReaderNiceness, 19));
}
} // namespace

PtyReader::PtyReader(int masterFd, DataHandler onData, Events events)
    : m_master(masterFd)
    , m_wake(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK))
    , m_onData(std::move(onData))
    , m_events(std::move(events))
{
    if (m_wake < 0)
        qWarning("deviceterm: no eventfd for a PTY reader (%s); it looks for a stop every 100 ms", std::strerror(errno));
    // Named, so that top -H, perf and a debugger tell a terminal's two
    // threads from Qt's and from each other.
    try {
        startReader();
        m_feeder = std::thread([this] {
            ::pthread_setname_np(::pthread_self(), "pty feeder");
            feed();
        });
    } catch (...) {
        // No thread to be had (a process or thread limit reached): what
        // started stops, and the caller hears of it.
        stopThreads();
        throw;
    }
}

PtyReader::~PtyReader()
{
    stopThreads();
}

void PtyReader::stopThreads()
{
    {
        std::lock_guard lock(m_queueMutex);
        m_stop = true;
    }
    m_queueChanged.notify_all();
    ownership::wakeWaitingReaders();
    wake();
    // The feeder first: it may be starting a fresh reader. Either may be
    // missing: not made, or (the reader) not made again.
    if (m_feeder.joinable())
        m_feeder.join();
    if (m_reader.joinable())
        m_reader.join();
    if (m_wake >= 0)
        ::close(m_wake);
    m_wake = -1;
}

// On the thread that made this reader, then on the feeder, at the
// priority the reader starts at. Throws as std::thread does when no
// thread can be made (std::system_error).
void PtyReader::startReader()
{
    m_reader = std::thread([this] {
        ::pthread_setname_np(::pthread_self(), "pty reader");
        read();
    });
}

// Tried again until a thread can be had (a process or thread limit may be
// reached for a while): meanwhile the PTY holds the program's output, and
// the program waits for room as it would for a slow terminal.
void PtyReader::startFreshReader()
{
    while (true) {
        try {
            startReader();
            return;
        } catch (const std::exception &) {
        }
        std::unique_lock lock(m_queueMutex);
        if (m_queueChanged.wait_for(lock, kRetryFreshReader, [&] { return m_stop.load(); }))
            return;
    }
}

void PtyReader::drain()
{
    m_drain = true;
    wake();
}

void PtyReader::wake()
{
    const uint64_t one = 1;
    if (m_wake >= 0)
        (void)!::write(m_wake, &one, sizeof one);
}

// Only during a turn: the GUI thread takes the models back before it
// dispatches anything, which orders what is posted here before it.
void PtyReader::post(const std::function<void()> &event)
{
    if (event && m_events.context)
        QMetaObject::invokeMethod(m_events.context, event, Qt::QueuedConnection);
}

void PtyReader::read()
{
    const auto buffer = std::make_unique<char[]>(kReadBytes);
    End end = End::Open;
    size_t drained = 0; // read since the child exited
    using Clock = std::chrono::steady_clock;
    size_t burst = 0; // read since the last pause of kBurstGap
    bool lowered = false;
    // Lowered: whether, and since when, no flood is read (the pause that
    // ended it began then), whatever trickles in meanwhile: a prompt, keys.
    bool floodOver = false;
    Clock::time_point floodOverSince;
    while (end == End::Open) {
        const bool draining = m_drain;
        // What the PTY has now: it hands out a few KiB per read even when
        // the writer has more ready, so read on until it runs dry.
        size_t filled = 0;
        bool dry = false;
        while (filled < kReadBytes) {
            const ssize_t n = ::read(m_master, buffer.get() + filled, kReadBytes - filled);
            if (n > 0) {
                filled += static_cast<size_t>(n);
                continue;
            }
            if (n < 0 && errno == EINTR)
                continue;
            dry = true;
            if (!(n < 0 && errno == EAGAIN))
                end = End::Ended; // EOF or EIO: every holder of the other side has gone
            break;
        }
        drained += draining ? filled : 0;
        burst += filled;
        if (burst >= kFloodBytes) {
            if (!lowered)
                readBelowTheGuiThread();
            lowered = true;
            floodOver = false;
        }
        // All the child left is read; or, when something it left behind
        // (`yes &`) keeps writing, as much as a full queue: its exit is
        // reported all the same.
        if (end == End::Open && draining && (dry || drained >= kMaxAhead))
            end = End::Drained;
        {
            std::unique_lock lock(m_queueMutex);
            m_queueChanged.wait(lock, [&] { return m_stop || m_queue.size() < kMaxAhead; });
            if (m_stop)
                return;
            m_queue.append(buffer.get(), filled);
            m_end = end;
        }
        m_queueChanged.notify_all();
        if (end != End::Open || !dry)
            continue;
        // Without a wake-up descriptor (none could be made), stop and drain
        // are looked for every 100 ms instead.
        pollfd fds[2] = {{m_master, POLLIN, 0}, {m_wake, POLLIN, 0}};
        const auto waitFrom = Clock::now();
        int timeout = -1;
        if (m_wake < 0) {
            timeout = 100;
        } else if (lowered) {
            // Until the flood has been over for kQuietBeforeFreshReader.
            const auto handOver = (floodOver ? floodOverSince : waitFrom) + kQuietBeforeFreshReader;
            timeout = static_cast<int>(std::max<Clock::duration::rep>(
                0, std::chrono::ceil<std::chrono::milliseconds>(handOver - waitFrom).count()));
        }
        const int ready = ::poll(fds, m_wake >= 0 ? 2 : 1, timeout);
        if (ready < 0 && errno != EINTR) {
            end = End::Ended; // cannot wait for output any more: the end is reported, not lost
            {
                std::lock_guard lock(m_queueMutex);
                m_end = end;
            }
            m_queueChanged.notify_all();
            return;
        }
        const auto now = Clock::now();
        if (now - waitFrom >= kBurstGap) {
            burst = 0;
            if (lowered && !floodOver) {
                floodOver = true;
                floodOverSince = waitFrom;
            }
        }
        if (m_wake >= 0 && (fds[1].revents & POLLIN)) {
            uint64_t count;
            (void)!::read(m_wake, &count, sizeof count);
        }
        if (m_stop)
            return;
        if (lowered && floodOver && now - floodOverSince >= kQuietBeforeFreshReader && m_wake >= 0) {
            // The flood is over: the feeder starts a reader at the first
            // one's priority (a thread inherits its maker's), which reads
            // whatever is waiting.
            {
                std::lock_guard lock(m_queueMutex);
                m_readerRetired = true;
            }
            m_queueChanged.notify_all();
            return;
        }
    }
}

// On the feeder, with `lock` (the queue's) held; it is let go meanwhile.
void PtyReader::giveBackBuffers(std::string &work, std::unique_lock<std::mutex> &lock)
{
    std::string().swap(m_queue);
    std::string().swap(work);
    m_workCapacity = 0;
#ifdef __GLIBC__
    // Freed, a megabyte or two may stay in the allocator's arenas rather
    // than go back to the system; this hands back what is free in all of
    // them (about half a millisecond, off the GUI thread, once per burst),
    // while the reader may queue what comes meanwhile.
    lock.unlock();
    ::malloc_trim(0);
    lock.lock();
#endif
}

size_t PtyReader::heldBufferBytes()
{
    std::lock_guard lock(m_queueMutex);
    return m_queue.capacity() + m_workCapacity;
}

void PtyReader::feed()
{
    std::string work;
    std::chrono::steady_clock::time_point lastPost;
    // Whether a burst grew the buffers past what prompts and echoes need
    // (two reads' worth) since they were last given back. Once it has, all
    // of them go after the quiet spell, however small the last batches
    // left them: the buffers swap roles batch by batch, so a burst can end
    // with less than that threshold still held. Small output never sets
    // it, so an idle terminal that only ever echoed never wakes.
    bool burstHeld = false;
    while (true) {
        End end;
        {
            std::unique_lock lock(m_queueMutex);
            const auto ready = [&] { return m_stop || !m_queue.empty() || m_end != End::Open || m_readerRetired; };
            burstHeld = burstHeld || work.capacity() + m_queue.capacity() > 2 * kReadBytes;
            if (!ready() && burstHeld && !m_queueChanged.wait_for(lock, kQuietBeforeShrinking, ready)) {
                giveBackBuffers(work, lock);
                burstHeld = false;
            }
            m_queueChanged.wait(lock, ready);
            if (m_stop)
                return;
            if (m_readerRetired && m_queue.empty()) { // what it read is fed first
                m_readerRetired = false;
                lock.unlock();
                m_reader.join();
                startFreshReader();
                continue;
            }
            if (work.capacity() > kReadBytes && m_queue.size() <= kTurnBytes)
                std::string().swap(work); // a flood is over: what it grew goes
            work.clear();
            work.swap(m_queue);
            m_workCapacity = work.capacity();
            end = m_end;
        }
        m_queueChanged.notify_all(); // room for the reader
        for (size_t at = 0; at < work.size();) {
            const ownership::ReaderTurn turn(m_stop, work.size() - at <= ownership::kSmallTurnBytes);
            if (!turn)
                return;
            // A key's echo waits behind whatever turn the GUI thread finds
            // under way, at every step of its way to the screen: a flood's
            // turn gives way after the slice it is in.
            const size_t turnEnd = std::min(work.size(), at + kTurnBytes);
            do {
                const size_t n = std::min(kTurnSliceBytes, turnEnd - at);
                m_onData(work.data() + at, n);
                at += n;
            } while (at < turnEnd && !ownership::guiThreadWaits());
            // The GUI thread hears of the last slice at once (an echo, the
            // end of a burst); in a flood, every few milliseconds: each time
            // it wakes, it takes the models back, and the feeders wait.
            const auto now = std::chrono::steady_clock::now();
            if (at < work.size() && now - lastPost < kFloodNotifyInterval)
                continue;
            lastPost = now;
            if (!m_batchPosted->exchange(true))
                post([posted = m_batchPosted, batchRead = m_events.batchRead] {
                    *posted = false;
                    if (batchRead)
                        batchRead();
                });
        }
        if (end != End::Open) {
            // Taken together with the last bytes, so all of them are fed.
            // Posted during a turn, as every post is: the hand-over is what
            // orders it before the GUI thread's reading it.
            const ownership::ReaderTurn turn(m_stop);
            if (turn)
                post(end == End::Ended ? m_events.ended : m_events.drained);
            return;
        }
    }
}

} // namespace dt::terminal
