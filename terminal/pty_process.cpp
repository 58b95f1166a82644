// Runs a program on a pseudo-terminal: forkpty with a clean signal state, bounded non-blocking reads,
// queued writes, window-size changes, exit noticed through a pidfd, and hang-up then SIGKILL on teardown.

#include "terminal/pty_process.h"

#include "terminal/pty_reader.h"

#include <QFileInfo>
#include <QLoggingCategory>
#include <QThread>
#include <QTimer>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <pty.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include <vector>

Q_LOGGING_CATEGORY(lcPty, "deviceterm.terminal.pty", QtWarningMsg)

namespace dt::terminal {

namespace {

int openPidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
    return static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
#else
    Q_UNUSED(pid);
    errno = ENOSYS;
    return -1;
#endif
}

// Owns the C strings of an argv or envp array, built before fork() so the
// child does not allocate.
struct CStringArray {
    std::vector<std::string> storage;
    std::vector<char *> pointers;

    explicit CStringArray(const QStringList &items)
    {
        storage.reserve(static_cast<size_t>(items.size()));
        for (const QString &s : items)
            storage.push_back(s.toStdString());
        for (std::string &s : storage)
            pointers.push_back(s.data());
        pointers.push_back(nullptr);
    }
    char **data() { return pointers.data(); }
};

} // namespace

PtyProcess::PtyProcess(QObject *parent) : QObject(parent) {}

PtyProcess::~PtyProcess()
{
    if (isRunning()) {
        hangUp();
        // Give the shell no chance to linger as a zombie of ours.
        ::kill(m_pid, SIGHUP);
        // A shell exits on SIGHUP at once; a program that ignores it gets
        // a short grace period and then SIGKILL, so nothing outlives us.
        int status = 0;
        bool reaped = false;
        for (int i = 0; i < 40 && !reaped; ++i) {
            reaped = ::waitpid(m_pid, &status, WNOHANG) == m_pid;
            if (!reaped)
                ::usleep(5000);
        }
        if (!reaped) {
            ::kill(-m_pid, SIGKILL);
            ::kill(m_pid, SIGKILL);
            ::waitpid(m_pid, &status, 0);
        }
    }
    closeMaster();
    if (m_pidfd >= 0)
        ::close(m_pidfd);
}

bool PtyProcess::start(const Options &options, QString *error)
{
    struct winsize ws {};
    ws.ws_row = static_cast<unsigned short>(options.rows);
    ws.ws_col = static_cast<unsigned short>(options.columns);

    QStringList argv;
    argv << (options.argv0.isEmpty() ? options.program : options.argv0) << options.arguments;
    CStringArray args(argv);
    CStringArray env(options.environment);
    const std::string program = options.program.toStdString();
    const std::string cwd = options.workingDirectory.toStdString();

    int master = -1;
    const pid_t pid = ::forkpty(&master, nullptr, nullptr, &ws);
    if (pid < 0) {
        if (error)
            *error = QString::fromLocal8Bit(std::strerror(errno));
        return false;
    }
    if (pid == 0) {
        // Child: forkpty already made a new session with the PTY as its
        // controlling terminal. Undo what the GUI process changed.
        sigset_t all;
        sigemptyset(&all);
        sigprocmask(SIG_SETMASK, &all, nullptr);
        for (int sig = 1; sig < NSIG; ++sig)
            ::signal(sig, SIG_DFL);
        if (!cwd.empty() && ::chdir(cwd.c_str()) != 0) {
            const char *home = ::getenv("HOME");
            if (!home || ::chdir(home) != 0)
                (void)::chdir("/");
        }
        environ = env.data();
        ::execvp(program.c_str(), args.data());
        const int err = errno;
        const char *prefix = "deviceterm: cannot run ";
        (void)!::write(STDERR_FILENO, prefix, std::strlen(prefix));
        (void)!::write(STDERR_FILENO, program.c_str(), program.size());
        (void)!::write(STDERR_FILENO, ": ", 2);
        const char *msg = std::strerror(err);
        (void)!::write(STDERR_FILENO, msg, std::strlen(msg));
        (void)!::write(STDERR_FILENO, "\r\n", 2);
        ::_exit(127);
    }

    m_pid = pid;
    m_master = master;
    ::fcntl(m_master, F_SETFL, ::fcntl(m_master, F_GETFL) | O_NONBLOCK);
    ::fcntl(m_master, F_SETFD, FD_CLOEXEC);

    PtyReader::Events events;
    events.context = this;
    events.batchRead = [this] { emit batchRead(); };
    events.ended = [this] { onReaderEnded(); };
    events.drained = [this] { reap(); };
    m_reader = std::make_unique<PtyReader>(m_master, m_onData, std::move(events));
    m_writeNotifier = std::make_unique<QSocketNotifier>(m_master, QSocketNotifier::Write);
    m_writeNotifier->setEnabled(false);
    connect(m_writeNotifier.get(), &QSocketNotifier::activated, this, &PtyProcess::onWritable);

    m_pidfd = openPidfd(pid);
    if (m_pidfd >= 0) {
        ::fcntl(m_pidfd, F_SETFD, FD_CLOEXEC);
        m_exitNotifier = std::make_unique<QSocketNotifier>(m_pidfd, QSocketNotifier::Read);
        connect(m_exitNotifier.get(), &QSocketNotifier::activated, this, &PtyProcess::onChildExited);
    } else {
        qCWarning(lcPty) << "pidfd_open failed; child exit is noticed when the terminal closes";
    }
    return true;
}

void PtyProcess::onReaderEnded()
{
    // EOF or EIO: every process holding the PTY's other side has gone.
    m_readerEnded = true;
    if (m_pidfd < 0 || m_drainRequested)
        reap();
}

void PtyProcess::onChildExited()
{
    if (m_exitNotifier)
        m_exitNotifier->setEnabled(false);
    // What the child wrote just before it went (an error message, a final
    // prompt) is fed first, so its last words are on screen; then reap.
    if (m_reader && !m_readerEnded) {
        m_drainRequested = true;
        m_reader->drain();
        return;
    }
    reap();
}

void PtyProcess::reap()
{
    if (m_exited)
        return; // reported once
    int status = 0;
    const pid_t r = ::waitpid(m_pid, &status, WNOHANG);
    if (r == 0) {
        // Not gone yet (the terminal closed first): look again shortly.
        QTimer::singleShot(20, this, &PtyProcess::reap);
        return;
    }
    m_exited = true;
    int exitCode = -1;
    int signalNumber = 0;
    if (r == m_pid) {
        if (WIFEXITED(status))
            exitCode = WEXITSTATUS(status);
        else if (WIFSIGNALED(status))
            signalNumber = WTERMSIG(status);
    }
    if (m_writeNotifier)
        m_writeNotifier->setEnabled(false);
    emit finished(exitCode, signalNumber);
}

void PtyProcess::write(const char *bytes, size_t length)
{
    if (m_master < 0 || length == 0 || m_exited)
        return;
    if (m_writeQueue.empty()) {
        const ssize_t n = ::write(m_master, bytes, length);
        if (n == static_cast<ssize_t>(length))
            return;
        const size_t written = n > 0 ? static_cast<size_t>(n) : 0;
        if (n < 0 && errno != EAGAIN && errno != EINTR)
            return;
        m_writeQueue.emplace_back(bytes + written, static_cast<qsizetype>(length - written));
        m_pendingBytes += static_cast<qsizetype>(length - written);
        if (QThread::currentThread() == thread()) {
            m_writeNotifier->setEnabled(true);
        } else {
            // A notifier is only switched on its own thread.
            QMetaObject::invokeMethod(this, [this] {
                if (m_writeNotifier && !m_writeQueue.empty())
                    m_writeNotifier->setEnabled(true);
            }, Qt::QueuedConnection);
        }
        return;
    }
    m_writeQueue.emplace_back(bytes, static_cast<qsizetype>(length));
    m_pendingBytes += static_cast<qsizetype>(length);
}

void PtyProcess::onWritable()
{
    while (!m_writeQueue.empty()) {
        const QByteArray &front = m_writeQueue.front();
        const ssize_t n = ::write(m_master, front.constData() + m_writeOffset,
                                  static_cast<size_t>(front.size() - m_writeOffset));
        if (n < 0) {
            if (errno == EAGAIN || errno == EINTR)
                return;
            m_writeQueue.clear();
            m_pendingBytes = 0;
            m_writeOffset = 0;
            break;
        }
        m_writeOffset += n;
        m_pendingBytes -= n;
        if (m_writeOffset == front.size()) {
            m_writeQueue.pop_front();
            m_writeOffset = 0;
        }
    }
    m_writeNotifier->setEnabled(false);
}

void PtyProcess::resize(int rows, int columns)
{
    if (m_master < 0)
        return;
    struct winsize ws {};
    ws.ws_row = static_cast<unsigned short>(rows);
    ws.ws_col = static_cast<unsigned short>(columns);
    ::ioctl(m_master, TIOCSWINSZ, &ws);
}

void PtyProcess::hangUp()
{
    if (m_pid > 0 && !m_exited)
        ::kill(-m_pid, SIGHUP);
}

pid_t PtyProcess::foregroundProcessGroup() const
{
    return m_master >= 0 ? ::tcgetpgrp(m_master) : -1;
}

void PtyProcess::closeMaster()
{
    m_reader.reset(); // joined before its descriptor goes
    m_writeNotifier.reset();
    m_exitNotifier.reset();
    if (m_master >= 0) {
        ::close(m_master);
        m_master = -1;
    }
}

} // namespace dt::terminal
