#pragma once

#include <QDir>
#include <QFile>
#include <QStringList>

#include <csignal>
#include <unistd.h>

namespace dt::test {

// Processes whose command line or environment mentions `needle` (a device's
// directory or udid): some name it on their command line (Xvfb, the bus),
// the rest only in their environment (the app, the launcher).
inline QStringList processesMentioning(const QString &needle)
{
    QStringList out;
    for (const QString &pid : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        QByteArray about;
        for (const char *file : {"cmdline", "environ"}) {
            QFile f(QStringLiteral("/proc/%1/%2").arg(pid, QLatin1String(file)));
            if (f.open(QIODevice::ReadOnly))
                about += f.readAll();
        }
        about.replace('\0', ' ');
        if (about.contains(needle.toLocal8Bit()))
            out << pid + QLatin1Char(' ') + QString::fromLocal8Bit(about.left(200));
    }
    return out;
}

// For a failure message: each process mentioning `needle` with its parent,
// state, what it waits in and its open files (who holds a socket open).
inline QString describeProcessesMentioning(const QString &needle)
{
    QString out;
    for (const QString &line : processesMentioning(needle)) {
        const QString pid = line.section(QLatin1Char(' '), 0, 0);
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid)), wchan(QStringLiteral("/proc/%1/wchan").arg(pid));
        stat.open(QIODevice::ReadOnly);
        wchan.open(QIODevice::ReadOnly);
        const QString fields = QString::fromLocal8Bit(stat.readAll()).section(QLatin1Char(')'), 1).trimmed();
        out += line.left(80) + QStringLiteral("\n    state/ppid: ") + fields.section(QLatin1Char(' '), 0, 1)
            + QStringLiteral("  waits in: ") + QString::fromLocal8Bit(wchan.readAll()) + QStringLiteral("\n    files:");
        const QDir fds(QStringLiteral("/proc/%1/fd").arg(pid));
        for (const QString &fd : fds.entryList(QDir::Files | QDir::System))
            out += QLatin1Char(' ') + fd + QStringLiteral("->") + QFile::symLinkTarget(fds.filePath(fd)).section(QLatin1Char('/'), -1);
        out += QLatin1Char('\n');
    }
    return out;
}

// A test's last word: whatever still mentions `needle` (a device kept
// running by a test that failed half-way) is killed, so it cannot outlive
// the test.
inline void killProcessesMentioning(const QString &needle)
{
    for (const QString &line : processesMentioning(needle))
        if (const int pid = line.section(QLatin1Char(' '), 0, 0).toInt(); pid > 1 && pid != ::getpid())
            ::kill(pid, SIGKILL);
}

} // namespace dt::test
