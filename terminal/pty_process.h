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

class PtyReader;

// A child process on a pseudo-terminal (pty_spawn.h: a new session), its output
// read on a thread of its own (pty_reader.h) and handed to the data handler
// there, queued non-blocking writes, TIOCSWINSZ on resize, and exit
// detection through a pidfd (no polling).
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

    // Called for every batch read, on the reader thread during its turn
    // (model_ownership.h); the pointer is valid for the call only.
    using DataHandler = std::function<void(const char *, size_t)>;

    explicit PtyProcess(QObject *parent = nullptr);
    ~PtyProcess() override;

    // Before start().
    void setDataHandler(DataHandler handler) { m_onData = std::move(handler); }

    bool start(const Options &options, QString *error);
    // From the GUI thread, or from the reader thread during its turn (a
    // reply the model gives while fed): both own the models then, which
    // keeps the queue to one thread at a time.
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

signals:
    // After a batch of reads was fed (coalesced): the model has new content.
    void batchRead();
    void finished(int exitCode, int signalNumber);

private:
    void onWritable();
    void onChildExited();
    void onReaderEnded();
    void reap();
    void killAndReap();
    void closeMaster();

    int m_master = -1;
    pid_t m_pid = -1;
    int m_pidfd = -1;
    bool m_exited = false;
    std::unique_ptr<PtyReader> m_reader;
    bool m_readerEnded = false;
    bool m_drainRequested = false;
    std::unique_ptr<QSocketNotifier> m_writeNotifier;
    std::unique_ptr<QSocketNotifier> m_exitNotifier;
    std::deque<QByteArray> m_writeQueue;
    qsizetype m_writeOffset = 0; // into the front of the queue
    qsizetype m_pendingBytes = 0;
    DataHandler m_onData;
};

} // namespace dt::terminal
