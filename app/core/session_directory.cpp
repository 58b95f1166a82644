// Makes the private runtime directory and each session's directory in it (owner file, bin/deviceterm link
// to the matching CLI), and sweeps away those whose owning process is gone.

#include "app/core/session_directory.h"

#include "base/xdg_paths.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <sys/stat.h>
#include <unistd.h>

namespace dt::app {

namespace {

// A process is identified by pid and start time, so a recycled pid does not
// keep a dead owner's directory alive.
QByteArray processStartTime(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return {};
    const QByteArray line = stat.readAll();
    const QList<QByteArray> fields = line.mid(line.lastIndexOf(')') + 2).split(' ');
    return fields.value(19); // starttime, field 22 of proc(5)
}

bool makePrivateDirectory(const QString &path)
{
    const QByteArray p = QFile::encodeName(path);
    if (::mkdir(p.constData(), 0700) != 0 && errno != EEXIST)
        return false;
    struct stat st {};
    if (::lstat(p.constData(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::getuid())
        return false;
    return (st.st_mode & 0077) == 0 || ::chmod(p.constData(), 0700) == 0;
}

} // namespace

QString runtimeDirectory()
{
    const QString base = QString::fromStdString(dt::base::runtimeDirectory());
    if (!makePrivateDirectory(base) || !makePrivateDirectory(base + QStringLiteral("/sessions")))
        return {};
    return base;
}

std::unique_ptr<SessionDirectory> SessionDirectory::create(const QString &runtimeDir, const QString &sessionId,
                                                           const QString &cliPath)
{
    if (runtimeDir.isEmpty())
        return nullptr;
    const QString path = runtimeDir + QStringLiteral("/sessions/") + sessionId;
    if (!makePrivateDirectory(path) || !makePrivateDirectory(path + QStringLiteral("/bin")))
        return nullptr;
    std::unique_ptr<SessionDirectory> dir(new SessionDirectory(path));
    QFile owner(path + QStringLiteral("/owner"));
    if (owner.open(QIODevice::WriteOnly))
        owner.write(QByteArray::number(QCoreApplication::applicationPid()) + ' '
                    + processStartTime(QCoreApplication::applicationPid()) + '\n');
    QFile::link(cliPath, dir->binDirectory() + QStringLiteral("/deviceterm"));
    return dir;
}

SessionDirectory::~SessionDirectory()
{
    QDir(m_path).removeRecursively();
}

int SessionDirectory::sweepDeadOwners(const QString &runtimeDir)
{
    if (runtimeDir.isEmpty())
        return 0;
    int removed = 0;
    QDir sessions(runtimeDir + QStringLiteral("/sessions"));
    for (const QString &name : sessions.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        // Another GUI may be creating this one right now (its owner file is
        // written just after the directory): leave young ones alone.
        const QFileInfo info(sessions.filePath(name));
        if (info.lastModified().secsTo(QDateTime::currentDateTime()) < 10)
            continue;
        QFile owner(sessions.filePath(name) + QStringLiteral("/owner"));
        bool alive = false;
        if (owner.open(QIODevice::ReadOnly)) {
            const QList<QByteArray> parts = owner.readAll().trimmed().split(' ');
            const qint64 pid = parts.value(0).toLongLong();
            alive = pid > 0 && !parts.value(1).isEmpty() && processStartTime(pid) == parts.value(1);
        }
        if (!alive && QDir(sessions.filePath(name)).removeRecursively())
            ++removed;
    }
    return removed;
}

} // namespace dt::app
