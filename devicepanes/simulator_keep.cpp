// Keeping a device running past deviceterm's exit, and attaching it again
// in the next deviceterm: the part of Simulator that deals with processes
// that are not (or no longer) our children.

#include "devicepanes/lifeline.h"
#include "devicepanes/private_network.h"
#include "devicepanes/simulator.h"
#include "devicepanes/store/device_processes.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSocketNotifier>
#include <QThread>

#include <csignal>
#include <sys/syscall.h>
#include <unistd.h>

namespace dt::devices {

bool Simulator::keepRunning()
{
    if (m_state != State::Rendering)
        return false;
    KeptDevice kept;
    kept.display = m_displayName.toStdString();
    kept.app = int(m_app ? m_app->processId() : m_adoptedApp);
    kept.displayServer = int(m_xvfb ? m_xvfb->processId() : m_adoptedDisplayServer);
    kept.orientation = int(orientation());
    kept.noMultitouch = m_noMultitouch.toStdString();
    if (kept.app <= 0 || kept.displayServer <= 0 || !writeKept(m_record.udid, kept))
        return false;
    m_stopping = true;
    m_bootDeadline.stop();
    m_input.reset();
    m_display.reset();
    clearExitWatchers();
    // A QProcess deleted while its program runs kills it: these programs
    // are to run on, so their QProcess objects are let go of, not deleted
    // (kept reachable here, for as long as this process lives).
    static auto *letGo = new std::vector<QProcess *>; // never destroyed, so never "leaked"
    for (auto &p : m_processes) {
        p->disconnect(this);
        letGo->push_back(p.release());
    }
    m_processes.clear();
    m_guests.clear();
    m_groups.clear();
    m_xvfb = m_app = m_bus = nullptr;
    m_adopted = false;
    QFile::remove(m_runtime + QStringLiteral("/owner"));
    m_lifeline.reset(); // the watchdog finds the marker and leaves
    m_runtime.clear(); // no longer ours to remove
    m_state = State::Shutdown; // for us; not announced: the device runs on
    return true;
}

void Simulator::adopt(const KeptDevice &kept)
{
    m_adopted = true;
    m_displayName = QString::fromStdString(kept.display);
    m_busAddress = QStringLiteral("unix:path=%1/bus").arg(m_runtime);
    m_adoptedApp = kept.app;
    m_adoptedDisplayServer = kept.displayServer;
    m_orientation = Orientation(std::clamp(kept.orientation, 0, 3));
    for (int group : readGroups(m_runtime.toStdString()))
        m_groups.push_back(group);
    // Ours now: the marker goes, our pid goes on record, a new watchdog.
    QFile::remove(m_runtime + QStringLiteral("/kept"));
    writeOwner();
    m_lifeline = std::make_unique<Lifeline>(m_runtime.toStdString());
    setState(State::Booting);
    watchExit(kept.displayServer, QStringLiteral("the display server"));
    if (m_state != State::Booting)
        return;
    watchExit(kept.app, QStringLiteral("the app"));
    if (m_state != State::Booting)
        return;
    attachDisplay();
    if (!m_display)
        return;
    m_noMultitouch = QString::fromStdString(kept.noMultitouch);
    if (m_noMultitouch.isEmpty()) {
        // The app's touch port lives in the app's own network: join it.
        std::string why;
        const int socket = PrivateNetwork::joinTouchSocket(kept.app, &why);
        if (socket >= 0)
            m_input->setTouchChannel(socket);
        else
            m_noMultitouch = QString::fromStdString(why);
    }
    setState(State::Rendering);
}

void Simulator::watchExit(qint64 pid, const QString &what)
{
    const int fd = int(::syscall(SYS_pidfd_open, pid_t(pid), 0));
    if (fd < 0) {
        fail(QStringLiteral("%1 of the kept device is gone").arg(what));
        return;
    }
    // A pidfd turns readable when its process exits (and stays so).
    auto watcher = std::make_unique<QSocketNotifier>(fd, QSocketNotifier::Read);
    QSocketNotifier *n = watcher.get();
    connect(n, &QSocketNotifier::activated, this, [this, n, what] {
        n->setEnabled(false);
        if (!m_stopping)
            fail(QStringLiteral("%1 exited").arg(what));
    });
    m_exitWatchers.push_back(std::move(watcher));
}

void Simulator::clearExitWatchers()
{
    // Deleted later: this may run inside one of their own signals.
    for (auto &watcher : m_exitWatchers) {
        watcher->setEnabled(false);
        ::close(int(watcher->socket()));
        watcher.release()->deleteLater();
    }
    m_exitWatchers.clear();
}

void Simulator::waitForAdoptedGroups(qint64 untilMs)
{
    QElapsedTimer clock;
    clock.start();
    // Not our children: their parent (init) reaps them, so a group with
    // no process left is gone for kill() too.
    auto anyRuns = [this] {
        for (qint64 group : m_groups)
            if (::kill(-pid_t(group), 0) == 0)
                return true;
        return false;
    };
    while (clock.elapsed() < untilMs && anyRuns())
        QThread::msleep(10);
}

} // namespace dt::devices
