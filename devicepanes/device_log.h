#pragma once

// What a device's programs print (its app and the programs launched on
// it): they append straight to one file kept with the device's record, so
// the kernel does the writing, a device kept running past the GUI keeps
// its log, and the log outlives a crash. A watcher thread keeps the file
// bounded and tells followers when it grows. Past 4 MiB of kept output,
// all but the last MiB is dropped by punching a hole at the file's start
// (its size, and so every byte's number, stays; nothing written meanwhile
// is lost). Where the file system cannot punch holes, the last MiB is
// copied to "<file>.1" and the file truncated, as logrotate's copytruncate
// does (what is written during that copy is lost). Bytes are numbered, so
// a follower asks for "everything past N".

#include <QByteArray>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

namespace dt::devices {

// The files and their numbering, shared with readers on other threads
// (a read may outlive the device that wrote the log).
class LogFiles {
public:
    // `punchHoles` false: the copy-and-truncate way only (for tests).
    explicit LogFiles(const QString &path, bool punchHoles = true);

    struct Slice {
        QByteArray text;
        qint64 from = 0; // the number of its first byte
        qint64 next = 0; // where the next read starts
        qint64 skipped = 0; // asked for but no longer kept (rotated away)
    };
    // From `since` on (or, without it, the last maxBytes), at most
    // maxBytes, ending on a whole UTF-8 character.
    Slice read(std::optional<qint64> since, qint64 maxBytes) const;
    // Bytes written so far.
    qint64 total() const;
    // Past kRotateBytes kept, only the last kKeptOnRotate stay.
    void rotateIfLarge();

    static constexpr qint64 kRotateBytes = 4 * 1024 * 1024;
    static constexpr qint64 kKeptOnRotate = 1024 * 1024;

private:
    const QByteArray m_path, m_rotatedPath;
    mutable std::mutex m_lock; // the numbering below, and the files' rotation
    std::atomic<qint64> m_base{0}; // the number of the file's first byte (total() reads it unlocked)
    qint64 m_holeEnd = 0; // the file's first byte still kept
    qint64 m_rotatedBytes = 0; // in "<file>.1": the bytes just before m_base
    bool m_punchHoles;
};

class DeviceLog : public QObject {
    Q_OBJECT
public:
    // Watches `path` (made if missing, empty or not).
    explicit DeviceLog(QString path, QObject *parent = nullptr, bool punchHoles = true);
    ~DeviceLog() override;

    const QString &path() const { return m_path; }
    std::shared_ptr<LogFiles> files() const { return m_files; }

signals:
    // More was written (at most one notice waits at a time).
    void grew();

private:
    void startWatcher(qint64 noticed);
    void watch(qint64 noticed); // the watcher thread; `noticed`: the total already told

    const QString m_path;
    std::shared_ptr<LogFiles> m_files;
    std::atomic<bool> m_noticePending{false};
    int m_inotify = -1;
    int m_stop = -1; // an eventfd that ends the watch
    std::thread m_watcher;
};

} // namespace dt::devices
