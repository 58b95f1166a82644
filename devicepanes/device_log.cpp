// The device's program log (see device_log.h): the watcher thread on
// inotify, rotation by copy and truncate (the writers hold the file open in
// append mode, so they carry on at its new end), and reads across the two
// files by byte number.

#include "devicepanes/device_log.h"

#include <QFile>
#include <QTimer>

#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <exception>
#include <unistd.h>

namespace dt::devices {

namespace {

qint64 sizeOf(const QByteArray &path)
{
    struct stat st {};
    return ::stat(path.constData(), &st) == 0 ? qint64(st.st_size) : 0;
}

// Reads [offset, offset + length) of a file; fewer bytes if it is shorter.
QByteArray readRange(const QByteArray &path, qint64 offset, qint64 length)
{
    QByteArray out;
    if (length <= 0)
        return out;
    const int fd = ::open(path.constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0)
        return out;
    out.resize(length);
    qint64 got = 0;
    while (got < length) {
        const ssize_t n = ::pread(fd, out.data() + got, size_t(length - got), off_t(offset + got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += n;
    }
    ::close(fd);
    out.resize(got);
    return out;
}

// How many bytes at the end of `text` begin a UTF-8 character that is not
// complete yet (0 to 3).
int incompleteTail(const QByteArray &text)
{
    for (int back = 1; back <= std::min<qsizetype>(4, text.size()); ++back) {
        const auto byte = static_cast<unsigned char>(text[text.size() - back]);
        if ((byte & 0xC0) == 0x80)
            continue; // a continuation byte: look further back
        const int length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1;
        return length > back ? back : 0;
    }
    return 0;
}

} // namespace

LogFiles::LogFiles(const QString &path, bool punchHoles)
    : m_path(QFile::encodeName(path)), m_rotatedPath(m_path + ".1"), m_punchHoles(punchHoles)
{
    if (const int fd = ::open(m_path.constData(), O_RDONLY | O_CREAT | O_CLOEXEC, 0600); fd >= 0) {
        // A log kept from before (an earlier run of the device): where its
        // kept part starts, after a hole punched then.
        const off_t data = ::lseek(fd, 0, SEEK_DATA);
        m_holeEnd = data > 0 ? qint64(data) : 0;
        ::close(fd);
    }
    // Its older part in "<file>.1" counts first.
    m_rotatedBytes = sizeOf(m_rotatedPath);
    m_base = m_rotatedBytes;
}

DeviceLog::DeviceLog(QString path, QObject *parent, bool punchHoles)
    : QObject(parent), m_path(std::move(path)), m_files(std::make_shared<LogFiles>(m_path, punchHoles))
{
    m_stop = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    m_inotify = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (m_inotify >= 0 && ::inotify_add_watch(m_inotify, QFile::encodeName(m_path).constData(), IN_MODIFY) < 0) {
        ::close(m_inotify);
        m_inotify = -1;
    }
    // Without inotify (none left for this user, say) the watcher looks
    // once a second: the bound holds either way.
    // What is there now needs no notice; anything after it does.
    if (m_stop >= 0)
        startWatcher(m_files->total());
}

void DeviceLog::startWatcher(qint64 noticed)
{
    try {
        m_watcher = std::thread([this, noticed] { watch(noticed); });
    } catch (const std::exception &) {
        // No thread to be had (a process or thread limit reached): tried
        // again each second. Meanwhile the file grows unbounded and
        // followers hear nothing, but nothing written is lost.
        QTimer::singleShot(std::chrono::seconds(1), this, [this, noticed] { startWatcher(noticed); });
    }
}

DeviceLog::~DeviceLog()
{
    if (m_watcher.joinable()) {
        const uint64_t one = 1;
        [[maybe_unused]] const ssize_t n = ::write(m_stop, &one, sizeof one);
        m_watcher.join();
    }
    if (m_inotify >= 0)
        ::close(m_inotify);
    if (m_stop >= 0)
        ::close(m_stop);
}

void DeviceLog::watch(qint64 noticed)
{
    pollfd fds[2] = {{m_stop, POLLIN, 0}, {m_inotify, POLLIN, 0}};
    for (;;) {
        // Also once a second without an event: a watch the file lost (it
        // was removed) or never had still keeps the bound.
        if (::poll(fds, m_inotify >= 0 ? 2 : 1, 1000) < 0 && errno != EINTR)
            return;
        if (fds[0].revents)
            return;
        char events[4096];
        if (m_inotify >= 0)
            while (::read(m_inotify, events, sizeof events) > 0) {
            }
        m_files->rotateIfLarge();
        const qint64 total = m_files->total();
        if (total == noticed)
            continue;
        noticed = total;
        if (!m_noticePending.exchange(true))
            QMetaObject::invokeMethod(
                this,
                [this] {
                    m_noticePending = false;
                    emit grew();
                },
                Qt::QueuedConnection);
        // A program that prints without pause wakes us at most a hundred
        // times a second.
        pollfd stop{m_stop, POLLIN, 0};
        if (::poll(&stop, 1, 10) > 0)
            return;
    }
}

void LogFiles::rotateIfLarge()
{
    std::lock_guard lock(m_lock);
    const qint64 size = sizeOf(m_path);
    if (size - m_holeEnd <= kRotateBytes)
        return;
    if (m_punchHoles) {
        // Whole blocks only: the file system frees those.
        const qint64 keepFrom = (size - kKeptOnRotate) / 4096 * 4096;
        const int fd = ::open(m_path.constData(), O_WRONLY | O_CLOEXEC);
        const bool punched = fd >= 0
                             && ::fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, off_t(m_holeEnd),
                                            off_t(keepFrom - m_holeEnd))
                                    == 0;
        if (fd >= 0)
            ::close(fd);
        if (punched) {
            m_holeEnd = keepFrom;
            return;
        }
        m_punchHoles = false; // not on this file system: copy and truncate
    }
    const QByteArray tail = readRange(m_path, size - kKeptOnRotate, kKeptOnRotate);
    QFile rotated(QFile::decodeName(m_rotatedPath));
    if (rotated.open(QIODevice::WriteOnly | QIODevice::Truncate))
        rotated.write(tail);
    rotated.close();
    if (::truncate(m_path.constData(), 0) != 0)
        return;
    m_base += size;
    m_rotatedBytes = tail.size();
    m_holeEnd = 0;
}

qint64 LogFiles::total() const
{
    return m_base.load() + sizeOf(m_path);
}

LogFiles::Slice LogFiles::read(std::optional<qint64> since, qint64 maxBytes) const
{
    std::lock_guard lock(m_lock);
    const qint64 base = m_base.load();
    const qint64 total = base + sizeOf(m_path);
    const qint64 oldest = m_holeEnd > 0 ? base + m_holeEnd : base - m_rotatedBytes;
    Slice slice;
    qint64 start = since ? std::min(*since, total) : std::max(oldest, total - maxBytes);
    if (start < oldest) {
        slice.skipped = oldest - start;
        start = oldest;
    }
    const qint64 end = std::min(total, start + maxBytes);
    if (start < base)
        slice.text = readRange(m_rotatedPath, start - oldest, std::min(end, base) - start);
    if (end > base)
        slice.text += readRange(m_path, std::max(start, base) - base, end - std::max(start, base));
    // A character cut by the end is left for the next read (unless it is
    // all there is).
    if (const int cut = incompleteTail(slice.text); cut > 0 && cut < slice.text.size())
        slice.text.chop(cut);
    // The last bytes may begin inside a character: from the next whole one.
    if (!since) {
        qsizetype skip = 0;
        while (skip < std::min<qsizetype>(3, slice.text.size()) && (static_cast<unsigned char>(slice.text[skip]) & 0xC0) == 0x80)
            ++skip;
        slice.text.remove(0, skip);
        start += skip;
    }
    slice.from = start;
    slice.next = start + slice.text.size();
    return slice;
}

} // namespace dt::devices
