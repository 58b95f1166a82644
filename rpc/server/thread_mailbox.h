#pragma once

// Work handed to the thread of one QObject: any thread posts a task, the
// object's event loop runs them in the order they were posted. The tasks
// travel under a std::mutex rather than inside Qt's events, so that what a
// task captures is handed over where ThreadSanitizer can see it (Qt's own
// locks are invisible to it); the event that wakes the receiver carries
// nothing and is posted only when the box was empty.

#include <QMetaObject>
#include <QObject>

#include <deque>
#include <functional>
#include <mutex>
#include <utility>

namespace dt::rpc {

class ThreadMailbox {
public:
    // `slot` names a Q_INVOKABLE method of `receiver` that calls runAll().
    ThreadMailbox(QObject *receiver, const char *slot) : m_receiver(receiver), m_slot(slot) {}

    // From any thread. After close(), the task is dropped unrun.
    void post(std::function<void()> task)
    {
        std::lock_guard lock(m_mutex);
        if (!m_receiver)
            return;
        m_tasks.push_back(std::move(task));
        if (m_tasks.size() == 1)
            QMetaObject::invokeMethod(m_receiver, m_slot, Qt::QueuedConnection);
    }

    // On the receiver's thread: what was posted until now, oldest first.
    void runAll()
    {
        std::deque<std::function<void()>> batch;
        {
            std::lock_guard lock(m_mutex);
            batch.swap(m_tasks);
        }
        for (auto &task : batch)
            task();
    }

    // No more tasks run; those waiting are dropped (on the caller's thread).
    void close()
    {
        std::deque<std::function<void()>> dropped;
        std::lock_guard lock(m_mutex);
        m_receiver = nullptr;
        dropped.swap(m_tasks);
    }

private:
    std::mutex m_mutex;
    QObject *m_receiver;
    const char *m_slot;
    std::deque<std::function<void()>> m_tasks;
};

} // namespace dt::rpc
