#pragma once

// Two threads per PTY for its output: one reads whatever the PTY has into a
// bounded queue, the other feeds the queue to the data handler a slice per
// turn on the models (model_ownership.h), and the GUI thread hears of it
// through queued calls. Reading, parsing and the GUI thread's painting so
// run side by side: the program writing is never held up while a batch is
// parsed, and a flood in one terminal holds up the others, the menus or the
// automation server for one slice at most. A flood is also read at a lower
// priority than the GUI thread, an echo in a quiet terminal is not.

#include <QObject>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace dt::terminal {

class PtyReader {
public:
    using DataHandler = std::function<void(const char *, size_t)>;
    struct Events {
        // On `context`'s thread, by queued calls (dropped once it is gone).
        QObject *context = nullptr;
        std::function<void()> batchRead; // new bytes were fed (coalesced)
        std::function<void()> ended; // EOF or EIO: nobody holds the PTY's other side
        std::function<void()> drained; // what the child left is fed (drain())
    };

    // How much one turn feeds at most (well under a millisecond of
    // parsing), in slices of kTurnSliceBytes: a turn ends after the slice
    // during which the GUI thread began to wait for the models. That holds
    // for the turn the GUI thread let go first as well, so a GUI thread
    // that never blocks still lets each waiting reader feed one slice per
    // pass of its loop.
    static constexpr size_t kTurnBytes = 16 * 1024;
    static constexpr size_t kTurnSliceBytes = 4 * 1024;
    // How far reading may run ahead of feeding: past this the program
    // writing is held up by the PTY, as it would be by a slow terminal.
    static constexpr size_t kMaxAhead = 1024 * 1024;
    // What one read pass takes at most before handing it to the queue.
    static constexpr size_t kReadBytes = 64 * 1024;
    // How often a flood tells the GUI thread of new content: faster than
    // any display repaints, rarely enough not to keep taking its turns.
    static constexpr std::chrono::milliseconds kFloodNotifyInterval{8};
    // A reader starts at the priority of the thread that made it, and
    // lowers its own once it has read this much without a pause of
    // kBurstGap: a flood then reads below the GUI thread, while an echo in
    // a quiet terminal is read at once even with floods elsewhere.
    static constexpr size_t kFloodBytes = 1024 * 1024;
    static constexpr std::chrono::milliseconds kBurstGap{50};
    // A thread cannot raise its priority again without privileges, so a
    // reader that lowered it hands over to a new reader, at the priority it
    // started at, once no flood has been read for this long: what trickles
    // in meanwhile (keys typed, a prompt) does not hold it back. Without a
    // wake-up descriptor (none could be made) a reader never hands over.
    static constexpr std::chrono::milliseconds kQuietBeforeFreshReader{1000};
    // A burst grows the queue and the batch being fed to as much as
    // kMaxAhead each; once no byte has come for this long they are given
    // back, so that a tab left idle after a build's output holds no more
    // than a quiet one (40 MB through the app's one tab: 1.5-3 MiB less
    // resident afterwards). A terminal that prints on holds on to them.
    static constexpr std::chrono::milliseconds kQuietBeforeShrinking{1000};
    // How often the feeder tries again when no thread can be made for it.
    static constexpr std::chrono::milliseconds kRetryFreshReader{100};

    // Starts reading `masterFd` (non-blocking; it stays the caller's).
    // Throws (std::system_error) when its threads cannot be made.
    PtyReader(int masterFd, DataHandler onData, Events events);
    // Stops both threads and waits for them; call on the GUI thread, which
    // then owns the models, so nothing is mid-feed.
    ~PtyReader();
    PtyReader(const PtyReader &) = delete;
    PtyReader &operator=(const PtyReader &) = delete;

    // The child exited: read what it left (up to kMaxAhead, should something
    // it left behind keep writing), feed it, then end with `drained`.
    void drain();

    // What the queue and the batch being fed take in memory now (their
    // capacity, not what they hold).
    size_t heldBufferBytes();

private:
    enum class End { Open, Ended, Drained };
    void startReader();
    void startFreshReader();
    void stopThreads(); // and closes the wake-up descriptor
    void read();
    void feed();
    void giveBackBuffers(std::string &work, std::unique_lock<std::mutex> &lock);
    void post(const std::function<void()> &event);
    void wake();

    int m_master;
    int m_wake = -1; // eventfd: stop or drain was asked for
    DataHandler m_onData;
    Events m_events;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_drain{false};
    // Shared with the queued call that clears it, which may run after the
    // reader is gone.
    std::shared_ptr<std::atomic<bool>> m_batchPosted = std::make_shared<std::atomic<bool>>(false);

    std::mutex m_queueMutex; // guards the five below
    std::condition_variable m_queueChanged;
    std::string m_queue; // read, not yet taken by the feeder
    End m_end = End::Open; // how reading stopped, once the queue is fed
    bool m_readerRetired = false; // a quiet reader of lowered priority has ended
    size_t m_workCapacity = 0; // of the feeder's batch, for heldBufferBytes()

    // Replaced by the feeder when a reader retires; joined after the feeder.
    std::thread m_reader;
    std::thread m_feeder;
};

} // namespace dt::terminal
