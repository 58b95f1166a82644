#pragma once

#include <QByteArray>
#include <QObject>
#include <QSocketNotifier>
#include <QString>
#include <QStringList>

#include <deque>
#include <functional>
#include <memory>
#include <sys/types.h>

namespace dt::terminal {

// A child process on a pseudo-terminal: forkpty + new session, a
// non-blocking master read in bounded batches, queued non-blocking writes,
// TIOCSWINSZ on resize, and exit detection through a pidfd (no polling).
class PtyProcess : public QObject {
    Q_OBJECT
public:
    struct Options {
        QString program; // absolute path or a name looked up in PATH
        QStringList arguments; // not including argv[0]
        QString argv0; // defaults to program; "-bash" makes a login shell
        QString workingDirectory;
        QStringList environment; // complete, KEY=VALUE
        int rows = 24;
        int columns = 80;
    };

    // Called for every chunk read; the pointer is valid for the call only.
    using DataHandler = std::function<void(const char *, size_t)>;

    explicit PtyProcess(QObject *parent = nullptr);
    ~PtyProcess() override;

    void setDataHandler(DataHandler handler) { m_onData = std::move(handler); }

    bool start(const Options &options, QString *error);
    void write(const char *bytes, size_t length);
    void write(const QByteArray &bytes) { write(bytes.constData(), static_cast<size_t>(bytes.size())); }
    void resize(int rows, int columns);
    // Sends SIGHUP to the child's process group, as closing a terminal does.
    void hangUp();

    bool isRunning() const { return m_pid > 0 && !m_exited; }
    pid_t pid() const { return m_pid; }
    int masterFd() const { return m_master; }
    // The process group currently in the foreground of the terminal.
    pid_t foregroundProcessGroup() const;
    qsizetype pendingWriteBytes() const { return m_pendingBytes; }

    // How much one wake-up may read before returning to the event loop,
    // so typing and painting stay responsive under a flood of output.
    static constexpr size_t kReadChunk = 64 * 1024;
    static constexpr int kReadsPerWakeup = 64;

signals:
    // After a batch of reads: the model has new content.
    void batchRead();
    void finished(int exitCode, int signalNumber);

private:
    void onReadable();
    void onWritable();
    void onChildExited();
    void reap();
    void closeMaster();

    int m_master = -1;
    pid_t m_pid = -1;
    int m_pidfd = -1;
    bool m_exited = false;
    std::unique_ptr<QSocketNotifier> m_readNotifier;
    std::unique_ptr<QSocketNotifier> m_writeNotifier;
    std::unique_ptr<QSocketNotifier> m_exitNotifier;
    std::deque<QByteArray> m_writeQueue;
    qsizetype m_writeOffset = 0; // into the front of the queue
    qsizetype m_pendingBytes = 0;
    DataHandler m_onData;
    std::unique_ptr<char[]> m_readBuffer;
};

} // namespace dt::terminal
