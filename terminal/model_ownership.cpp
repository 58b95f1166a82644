// The hand-over of the terminal models between the GUI thread and the PTY
// reader threads (model_ownership.h): a GLib source on the GUI thread's
// main context gives them up in its prepare (right before the poll) and
// takes them back in its check (after the poll, before any dispatch).
//
// This leans on two things GLib does for a context only Qt's GUI thread
// iterates, with sources all attached by that thread: every source is
// checked after every poll (a poll is redone, not cut short, when no other
// thread changes the context's descriptors meanwhile), and ours, of the
// highest priority in use, before any is dispatched.
//
// Where Qt runs without GLib (QT_NO_GLIB), the dispatcher's aboutToBlock,
// its awake (each processEvents call, blocking or not, lets a waiting reader
// have one turn) and an application event filter stand in. There a signal
// Qt emits straight from the window system's events, without an event of
// its own, may reach the GUI's code before the filter has taken the models
// back.

#include "terminal/model_ownership.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QThread>

#include <glib.h>

#include <condition_variable>
#include <mutex>
#include <thread>

namespace dt::terminal::ownership {

namespace {

enum class Owner { Nobody, Gui, Reader };

struct State {
    std::mutex mutex;
    // Two, so that a reader ending its turn while the GUI thread waits
    // wakes the GUI thread alone: no other reader could go then, and a
    // herd of them waking only to sleep again takes the CPU it needs.
    std::condition_variable guiMayTake;
    std::condition_variable readersMayTake;
    Owner owner = Owner::Nobody;
    int guiWaiting = 0;
    std::atomic<bool> guiWaits{false}; // guiWaiting > 0, for readers mid-turn
    int readersWaiting = 0;
    int smallWaiting = 0; // of those, small turns
    // The GUI thread gave the models up while a reader waited: that reader
    // goes first, so a GUI thread that polls without ever blocking (a busy
    // wait that processes events) cannot starve the readers.
    bool readerNext = false;
};

State &state()
{
    static State *s = new State; // readers may outlive static destruction
    return *s;
}

bool g_installed = false; // GUI thread only
bool g_guiOwns = false; // GUI thread only
std::thread::id g_guiThread;

void guiTake()
{
    if (g_guiOwns)
        return;
    State &s = state();
    std::unique_lock lock(s.mutex);
    ++s.guiWaiting;
    s.guiWaits.store(s.guiWaiting > 0, std::memory_order_relaxed);
    s.guiMayTake.wait(lock, [&] { return s.owner == Owner::Nobody && !(s.readerNext && s.readersWaiting > 0); });
    --s.guiWaiting;
    s.guiWaits.store(s.guiWaiting > 0, std::memory_order_relaxed);
    s.owner = Owner::Gui;
    g_guiOwns = true;
}

void guiGiveUp()
{
    if (!g_guiOwns)
        return;
    State &s = state();
    {
        std::lock_guard lock(s.mutex);
        s.owner = Owner::Nobody;
        s.readerNext = s.readersWaiting > 0;
    }
    g_guiOwns = false;
    s.readersMayTake.notify_all();
}

// A source that is never dispatched: it only watches the loop go by (the
// GUI thread's: should anything iterate the default context elsewhere, it
// is none of this source's business).
gboolean prepareGiveUp(GSource *, gint *timeout)
{
    *timeout = -1;
    if (std::this_thread::get_id() == g_guiThread)
        guiGiveUp();
    return FALSE;
}

gboolean checkTake(GSource *)
{
    if (std::this_thread::get_id() == g_guiThread)
        guiTake();
    return FALSE;
}

gboolean neverDispatched(GSource *, GSourceFunc, gpointer)
{
    return G_SOURCE_CONTINUE;
}

GSourceFuncs g_watchFuncs = {prepareGiveUp, checkTake, neverDispatched, nullptr, nullptr, nullptr};

// Without GLib: given up when the loop is about to block, taken back when
// it wakes or before any event reaches an object of the GUI thread.
class TakeBeforeEvents : public QObject {
public:
    using QObject::QObject;
    bool eventFilter(QObject *, QEvent *) override
    {
        guiTake();
        return false;
    }
};

} // namespace

void installOnGuiThread()
{
    if (g_installed)
        return;
    QCoreApplication *app = QCoreApplication::instance();
    Q_ASSERT(app && QThread::currentThread() == app->thread());
    g_installed = true;
    g_guiThread = std::this_thread::get_id();
    guiTake();
    QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance(app->thread());
    if (dispatcher && dispatcher->inherits("QEventDispatcherGlib")) {
        // Qt's GUI thread runs GLib's default context; the source lives as
        // long as the process (the readers are gone before it would matter).
        GSource *watch = g_source_new(&g_watchFuncs, sizeof(GSource));
        g_source_set_priority(watch, G_PRIORITY_HIGH);
        g_source_attach(watch, g_main_context_default());
        return;
    }
    auto *taker = new TakeBeforeEvents(app);
    app->installEventFilter(taker);
    if (dispatcher) {
        QObject::connect(dispatcher, &QAbstractEventDispatcher::aboutToBlock, taker, &guiGiveUp, Qt::DirectConnection);
        QObject::connect(dispatcher, &QAbstractEventDispatcher::awake, taker, [] {
            guiGiveUp(); // a waiting reader goes first (readerNext)
            guiTake();
        }, Qt::DirectConnection);
    }
}

GuiLoan::GuiLoan()
{
    if (std::this_thread::get_id() != g_guiThread || !g_guiOwns)
        return;
    guiGiveUp();
    m_lent = true;
}

GuiLoan::~GuiLoan()
{
    if (m_lent)
        guiTake();
}

ReaderTurn::ReaderTurn(const std::atomic<bool> &stop, bool small)
{
    State &s = state();
    std::unique_lock lock(s.mutex);
    ++s.readersWaiting;
    s.smallWaiting += small ? 1 : 0;
    s.readersMayTake.wait(lock, [&] {
        return stop.load()
            || (s.owner == Owner::Nobody && (s.guiWaiting == 0 || s.readerNext) && (small || s.smallWaiting == 0));
    });
    --s.readersWaiting;
    s.smallWaiting -= small ? 1 : 0;
    if (stop.load()) {
        lock.unlock();
        s.guiMayTake.notify_all(); // one fewer reader: a GUI thread letting it go first need not wait
        s.readersMayTake.notify_all();
        return;
    }
    s.owner = Owner::Reader;
    s.readerNext = false;
    m_acquired = true;
}

ReaderTurn::~ReaderTurn()
{
    if (!m_acquired)
        return;
    State &s = state();
    bool guiWaits = false;
    {
        std::lock_guard lock(s.mutex);
        s.owner = Owner::Nobody;
        guiWaits = s.guiWaiting > 0;
    }
    if (guiWaits)
        s.guiMayTake.notify_all(); // it goes next: readers wait while it does
    else
        s.readersMayTake.notify_all();
}

bool guiThreadWaits()
{
    return state().guiWaits.load(std::memory_order_relaxed);
}

void wakeWaitingReaders()
{
    State &s = state();
    { std::lock_guard lock(s.mutex); }
    s.readersMayTake.notify_all();
}

} // namespace dt::terminal::ownership
