// Stopping a device's processes: shutdown, the groups still its own, and
// the start-up sweep of what a deviceterm that died left behind.

#include "devicepanes/lifeline.h"
#include "devicepanes/simulator.h"
#include "devicepanes/store/device_processes.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QSet>

#include <csignal>
#include <sys/types.h>
#include <unistd.h>

namespace dt::devices {

namespace {
constexpr int kStopGrace = 1000; // ms between SIGTERM and SIGKILL
} // namespace

std::vector<qint64> Simulator::processGroups() const
{
    std::vector<qint64> out;
    for (qint64 group : m_groups)
        if (::kill(-pid_t(group), 0) == 0)
            out.push_back(group);
    return out;
}

void Simulator::stopProcesses()
{
    m_stopping = true;
    m_input.reset();
    m_display.reset();
    // Only groups that are still the device's: a child we have not reaped
    // keeps its pid (even one not yet past exec, which does not name the
    // device yet); any other leader must name the device's directory (a
    // guest's pid may have been reused since it exited).
    QSet<qint64> unreaped;
    for (const auto &p : m_processes)
        if (p->state() != QProcess::NotRunning)
            unreaped << p->processId();
    std::vector<qint64> groups;
    const QByteArray mark = m_runtime.toLocal8Bit();
    for (qint64 group : m_groups)
        if (unreaped.contains(group) || (!mark.isEmpty() && processMentions(int(group), mark.constData())))
            groups.push_back(group);
    m_groups = groups;
    // Every group at once (the app's first), then one deadline for all of
    // them, then whatever is left is killed: a slow app must not hold the
    // GUI for a second per process.
    for (auto it = m_groups.rbegin(); it != m_groups.rend(); ++it)
        ::kill(-pid_t(*it), SIGTERM);
    QElapsedTimer clock;
    clock.start();
    for (auto &p : m_processes)
        if (p->state() != QProcess::NotRunning)
            p->waitForFinished(int(std::max<qint64>(1, kStopGrace - clock.elapsed())));
    if (m_adopted)
        waitForAdoptedGroups(kStopGrace - clock.elapsed());
    for (qint64 group : m_groups)
        ::kill(-pid_t(group), SIGKILL); // what they spawned and left behind, too
    for (auto &p : m_processes)
        if (p->state() != QProcess::NotRunning)
            p->waitForFinished(kStopGrace);
    // Deleted later: this may run inside one of their own signals.
    for (auto &p : m_processes) {
        p->disconnect(this);
        p.release()->deleteLater();
    }
    m_processes.clear();
    m_guests.clear();
    m_groups.clear();
    m_xvfb = nullptr;
    m_app = nullptr;
    m_bus = nullptr;
    clearExitWatchers();
    m_adopted = false;
    if (!m_runtime.isEmpty())
        QDir(m_runtime).removeRecursively();
    m_lifeline.reset(); // after the directory: the watchdog finds nothing to stop
}

void Simulator::sweepOrphans()
{
    const QString base = QFileInfo(QString::fromStdString(runtimeDirectoryOf("X"))).path();
    for (const QString &name : QDir(base).entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const std::string udid = name.toStdString();
        if (bootedBy(udid) || readKept(udid))
            continue; // a live deviceterm's, or kept running for the next one
        const QString dir = base + QLatin1Char('/') + name;
        QSet<qint64> recorded;
        for (int group : readGroups(dir.toStdString()))
            recorded << group;
        // Only processes in those groups that show they are this device's
        // (its directory in their command line or environment): a recorded
        // group id may belong to someone else by now.
        const QByteArray mark = dir.toLocal8Bit();
        for (const QString &entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
            bool isPid = false;
            const pid_t pid = entry.toInt(&isPid);
            if (isPid && !recorded.isEmpty() && recorded.contains(qint64(::getpgid(pid)))
                && processMentions(pid, mark.constData()))
                ::kill(pid, SIGKILL);
        }
        QDir(dir).removeRecursively();
    }
}

void Simulator::shutdown()
{
    if (m_state == State::Shutdown && m_processes.empty())
        return;
    m_bootDeadline.stop();
    stopProcesses();
    setState(State::Shutdown);
}

} // namespace dt::devices
