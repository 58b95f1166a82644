#pragma once

// Who may touch the terminal models: the GUI thread, except while its event
// loop waits; then the PTY reader threads, one batch at a time.
//
// A model (dt::term::Terminal) is read and changed by the GUI thread all
// over (painting, selection, find, input, automation) and fed by its
// session's reader thread. Rather than a lock at each of those places, the
// GUI thread owns every model whenever it runs anything: it hands them over
// just before its event loop polls and takes them back right after, before
// it dispatches a single event (a GLib source's prepare and check, which
// bracket the poll of every loop iteration, nested loops too). A reader
// with bytes waits for its turn, feeds one batch and hands back. So GUI
// code never sees a model mid-write, a flood is parsed while the GUI
// thread idles or paints, and the GUI thread waits at most one batch.

#include <atomic>
#include <cstddef>

namespace dt::terminal::ownership {

// On the GUI thread (later calls do nothing): from here on the GUI thread
// owns the models except while its event loop polls.
void installOnGuiThread();

// On the GUI thread, around work that touches no model (a paint drawing
// from its own copy of the rows): the models are free for the readers
// meanwhile and taken back, after at most one reader's turn, at the end.
// Does nothing where the GUI thread does not own them (not installed).
//
// A paint can also run inside a call (QWidget::repaint, grab, render, and
// Qt's own widgets repaint on a mouse press), so the models may move on
// across such a call: GUI code holds no Line reference, cell pointer or
// position read from a model across anything that can paint.
class GuiLoan {
public:
    GuiLoan();
    ~GuiLoan();
    GuiLoan(const GuiLoan &) = delete;
    GuiLoan &operator=(const GuiLoan &) = delete;

private:
    bool m_lent = false;
};

// A reader thread's turn: waits until the models are free and the GUI
// thread is not waiting for them; gives up once `stop` is set (see
// wakeWaitingReaders). A `small` turn (an echo, a prompt: what someone
// waits to see) goes before the waiting turns of floods.
class ReaderTurn {
public:
    explicit ReaderTurn(const std::atomic<bool> &stop, bool small = false);
    ~ReaderTurn();
    ReaderTurn(const ReaderTurn &) = delete;
    ReaderTurn &operator=(const ReaderTurn &) = delete;
    explicit operator bool() const { return m_acquired; }

private:
    bool m_acquired = false;
};

// Whether the GUI thread waits to take the models back: a reader's turn
// may end early for it (a hint, read without the hand-over's lock).
bool guiThreadWaits();

// How much a small turn feeds at most.
constexpr size_t kSmallTurnBytes = 4096;

// Makes readers waiting for a turn look at their stop flags again.
void wakeWaitingReaders();

} // namespace dt::terminal::ownership
