// A booted device's process family: starting the display, buses and app in
// order, watching them, and the state the pane shows. Stopping them is in
// simulator_stop.cpp, keeping and attaching again in simulator_keep.cpp.

#include "devicepanes/simulator.h"

#include "base/xdg_paths.h"

#include "devicepanes/display_cookie.h"

#include "devicepanes/lifeline.h"
#include "devicepanes/private_network.h"
#include "devicepanes/store/device_processes.h"

#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <csignal>
#include <cstring>
#include <sys/types.h>
#include <unistd.h>

namespace dt::devices {

namespace {
constexpr int kBootBudget = 20000; // ms, from Xvfb's start to the app's first picture
} // namespace

Simulator::Simulator(DeviceRecord record, Tools tools, QObject *parent)
    : DeviceBackend(parent), m_record(std::move(record)), m_profile(profileNamed(m_record.family).value_or(DeviceProfile{"phone", 390, 844})),
      m_tools(std::move(tools))
{
    m_bootDeadline.setSingleShot(true);
    connect(&m_bootDeadline, &QTimer::timeout, this, [this] {
        if (m_state == State::Booting)
            fail(m_displayName.isEmpty() ? QStringLiteral("the display server did not start within %1 s").arg(kBootBudget / 1000)
                                         : QStringLiteral("the app drew nothing within %1 s").arg(kBootBudget / 1000));
    });
}

Simulator::~Simulator()
{
    shutdown();
}

QProcess *Simulator::start(const QString &program, const QStringList &arguments, const QProcessEnvironment &env, bool guest,
                           PrivateNetwork *network)
{
    auto process = std::make_unique<QProcess>();
    if (guest)
        m_guests.insert(process.get());
    process->setProgram(program);
    process->setArguments(arguments);
    process->setProcessEnvironment(env);
    process->setWorkingDirectory(m_runtime);
    // What they print goes to files, never into our memory; only the lines
    // we wait for are read. The device's own servers write into its
    // directory (gone with it); the app and what is launched beside it
    // into the program log, which is kept.
    const bool server = program == m_tools.xvfb || program == m_tools.dbusDaemon || program == m_tools.atSpiLauncher;
    const QString log = server || !m_log ? m_runtime + QLatin1Char('/') + QFileInfo(program).fileName() + QStringLiteral(".log")
                                         : m_log->path();
    process->setStandardErrorFile(log, QIODevice::Append);
    if (program != m_tools.xvfb && program != m_tools.dbusDaemon)
        process->setStandardOutputFile(log, QIODevice::Append);
    // Its own process group: a signal to the group reaches whatever it
    // spawned (the accessibility bus starts a dbus-daemon of its own). If
    // we die, the device's watchdog stops the groups (see Lifeline). The
    // modifier runs within start() below, while `network` still lives.
    process->setChildProcessModifier([network] {
        ::setpgid(0, 0);
        if (network)
            network->enterInChild();
    });
    QProcess *p = process.get();
    connect(p, &QProcess::finished, this, [this, p](int code, QProcess::ExitStatus status) {
        if (m_stopping)
            return;
        const QString how = howItEnded(code, status);
        if (p == m_xvfb) {
            QFile log(m_runtime + QLatin1Char('/') + QFileInfo(p->program()).fileName() + QStringLiteral(".log"));
            log.open(QIODevice::ReadOnly);
            fail(QStringLiteral("the display server %1: %2")
                     .arg(how, QString::fromLocal8Bit(log.readAll()).trimmed().section(QLatin1Char('\n'), -1)));
        } else if (p == m_app) {
            fail(QStringLiteral("the app (%1) %2").arg(QFileInfo(p->program()).fileName(), how));
        } else if (p == m_bus) {
            fail(QStringLiteral("the device's session bus %1").arg(how));
        }
    });
    connect(p, &QProcess::errorOccurred, this, [this, p](QProcess::ProcessError error) {
        if (error == QProcess::FailedToStart && !m_stopping && !m_guests.contains(p))
            fail(QStringLiteral("cannot start %1: %2").arg(p->program(), p->errorString()));
    });
    m_processes.push_back(std::move(process));
    p->start();
    if (network) // it is gone after this call: nothing may reach it later
        p->setChildProcessModifier([] { ::setpgid(0, 0); });
    // Its group, on record for shutting down and for a sweep after a crash
    // of ours.
    if (const qint64 pid = p->processId(); pid > 0) {
        m_groups.push_back(pid);
        QFile groups(m_runtime + QStringLiteral("/groups"));
        if (groups.open(QIODevice::Append))
            groups.write(QByteArray::number(pid) + '\n');
    }
    return p;
}

// Qt reports a process killed by a signal as a crash, with the signal as
// its exit code. A stop request (TERM, INT, HUP, KILL) is not a crash.
QString Simulator::howItEnded(int code, QProcess::ExitStatus status)
{
    if (status != QProcess::CrashExit)
        return QStringLiteral("exited with status %1").arg(code);
    const char *abbreviation = ::sigabbrev_np(code);
    const QString name = abbreviation ? QStringLiteral("SIG") + QString::fromLatin1(abbreviation) : QStringLiteral("signal %1").arg(code);
    if (code == SIGTERM || code == SIGINT || code == SIGHUP || code == SIGKILL)
        return QStringLiteral("was stopped by %1").arg(name);
    return QStringLiteral("crashed (%1)").arg(name);
}

void Simulator::boot()
{
    if (m_state == State::Booting || m_state == State::Rendering)
        return;
    m_orientation = Orientation::Portrait;
    m_failure.clear();
    m_stopping = false;
    m_displayName.clear();
    m_runtime = QString::fromStdString(runtimeDirectoryOf(m_record.udid));
    // One device, one deviceterm: another one's device shares this directory.
    if (const auto other = bootedBy(m_record.udid); other && *other != ::getpid()) {
        m_failure = QStringLiteral("the device is running in another deviceterm (pid %1)").arg(*other);
        m_runtime.clear(); // not ours to remove
        setState(State::Failed);
        return;
    }
    const auto kept = readKept(m_record.udid);
    openProgramLog(!kept);
    if (kept) {
        adopt(*kept);
        return;
    }
    QDir().mkpath(m_runtime);
    QFile::setPermissions(m_runtime, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    QFile::remove(m_runtime + QStringLiteral("/kept")); // a stale one: its device is gone
    m_lifeline = std::make_unique<Lifeline>(m_runtime.toStdString());
    setState(State::Booting);
    // Only clients holding the cookie may use the display: ours, the
    // device's app and what `sim launch` and `with-pane` start.
    std::string cookieWhy;
    if (!writeXauthority(xauthorityPath().toStdString(), makeDisplayCookie(), &cookieWhy)) {
        fail(QString::fromStdString(cookieWhy));
        return;
    }
    m_bootDeadline.start(kBootBudget);
    // The display: a square of the device's longer side (so it can turn);
    // it writes its number to stdout (-displayfd 1); no cursor in the
    // framebuffer; no reset when the last client leaves (that would wipe
    // the accessibility bus property).
    m_xvfb = start(m_tools.xvfb,
                   {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"), QStringLiteral("0"),
                    QStringLiteral("%1x%1x24").arg(std::max(m_profile.width, m_profile.height)), QStringLiteral("-fbdir"), m_runtime,
                    QStringLiteral("-nocursor"), QStringLiteral("-noreset"), QStringLiteral("-nolisten"), QStringLiteral("tcp"),
                    QStringLiteral("-auth"), xauthorityPath()},
                   QProcessEnvironment::systemEnvironment());
    connect(m_xvfb, &QProcess::readyReadStandardOutput, this, [this] {
        if (!m_displayName.isEmpty())
            return;
        const QByteArray line = m_xvfb->readAllStandardOutput().trimmed();
        bool ok = false;
        const int number = line.toInt(&ok);
        if (!ok)
            return;
        m_displayName = QStringLiteral(":%1").arg(number);
        // A square screen, so that the device can turn: RandR cannot grow a
        // screen beyond its framebuffer. It starts in its natural size.
        attachDisplay();
        QString why;
        if (m_display && !m_display->setScreenSize(naturalSize(), &why))
            fail(why);
        startBuses();
    });
    writeOwner();
}

// Which deviceterm has it booted, for `sim list` in any shell.
void Simulator::writeOwner()
{
    QFile owner(m_runtime + QStringLiteral("/owner"));
    if (owner.open(QIODevice::WriteOnly))
        owner.write(QByteArray::number(::getpid()) + '\n');
}

void Simulator::startBuses()
{
    if (m_state != State::Booting)
        return;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DISPLAY"), m_displayName);
    env.insert(QStringLiteral("XAUTHORITY"), xauthorityPath());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime);
    // A private session bus: a Qt app without one autolaunches a stray bus
    // per display that outlives everything. It prints its address once it
    // listens; the rest starts then.
    m_busAddress = QStringLiteral("unix:path=%1/bus").arg(m_runtime);
    m_bus = start(m_tools.dbusDaemon,
                  {QStringLiteral("--session"), QStringLiteral("--nofork"), QStringLiteral("--nopidfile"),
                   QStringLiteral("--address=") + m_busAddress, QStringLiteral("--print-address=1")},
                  env);
    connect(m_bus, &QProcess::readyReadStandardOutput, this, [this] {
        if (m_bus->readAllStandardOutput().contains("unix:"))
            startAccessibilityAndApp();
    });
}

void Simulator::startAccessibilityAndApp()
{
    if (m_state != State::Booting || m_app)
        return;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DISPLAY"), m_displayName);
    env.insert(QStringLiteral("XAUTHORITY"), xauthorityPath());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime);
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), m_busAddress);
    // Qt connects to accessibility only once org.a11y.Bus exists, so the
    // launcher comes first (when installed: without it the device runs,
    // only its accessibility tree is missing).
    if (QFileInfo(m_tools.atSpiLauncher).isExecutable())
        start(m_tools.atSpiLauncher, {QStringLiteral("--launch-immediately")}, env);
    startApp();
}

QProcessEnvironment Simulator::appEnvironment() const
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DISPLAY"), m_displayName);
    env.insert(QStringLiteral("XAUTHORITY"), xauthorityPath());
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), m_runtime);
    env.insert(QStringLiteral("DBUS_SESSION_BUS_ADDRESS"), m_busAddress);
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("xcb"));
    env.insert(QStringLiteral("QT_LINUX_ACCESSIBILITY_ALWAYS_ON"), QStringLiteral("1"));
    env.insert(QStringLiteral("DEVICETERM_DEVICE_FAMILY"), QString::fromStdString(m_profile.family));
    env.insert(QStringLiteral("DEVICETERM_DEVICE_UDID"), QString::fromStdString(m_record.udid));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    return env;
}

void Simulator::startApp()
{
    if (m_state != State::Booting)
        return;
    const QProcessEnvironment env = appEnvironment();
    QString program = m_tools.deviceShell;
    QStringList arguments;
    if (!m_record.app.empty()) {
        program = QString::fromStdString(m_record.app.front());
        for (size_t i = 1; i < m_record.app.size(); ++i)
            arguments << QString::fromStdString(m_record.app[i]);
    }
    m_noMultitouch.clear();
    std::string why;
    if (!wantsTouch()) {
        m_noMultitouch = QStringLiteral("the app was not created with Qt touch (sim create --qt-touch)");
        m_app = start(program, arguments, env);
    } else if (!PrivateNetwork::available(&why)) {
        m_noMultitouch = QString::fromStdString(why);
        m_app = start(program, arguments, env);
    } else {
        // Qt's touch plugin reads TUIO on its port; the port lives in the
        // app's own network, where only our socket can reach it.
        QProcessEnvironment touchEnv = env;
        touchEnv.insert(QStringLiteral("QT_QPA_GENERIC_PLUGINS"), QStringLiteral("tuiotouch:udp=%1").arg(PrivateNetwork::kTouchPort));
        PrivateNetwork network;
        m_app = start(program, arguments, touchEnv, false, &network);
        const int socket = network.takeTouchSocket(5000, &why);
        if (socket < 0) // the app did not start: not without its own network
            fail(QString::fromStdString(why));
        else if (m_input)
            m_input->setTouchChannel(socket);
        else
            ::close(socket);
    }
}

bool Simulator::wantsTouch() const
{
    return m_record.app.empty() || m_record.qtTouch;
}

void Simulator::checkTouchPlugin()
{
    // Observed, not assumed: the plugin is mapped into the app once it
    // loaded (a non-Qt app, or a Qt without the plugin, never maps it).
    if (!m_noMultitouch.isEmpty() || !m_app)
        return;
    QFile maps(QStringLiteral("/proc/%1/maps").arg(m_app->processId()));
    if (maps.open(QIODevice::ReadOnly) && !maps.readAll().contains("libqtuiotouchplugin"))
        m_noMultitouch = QStringLiteral("the app did not load Qt's touch plugin (is it a Qt app?)");
}

bool Simulator::multitouch(QString *why) const
{
    QString reason = m_noMultitouch;
    if (reason.isEmpty() && !(m_input && m_input->hasTouchChannel()))
        reason = QStringLiteral("the device is not running");
    if (why)
        *why = reason;
    return reason.isEmpty();
}

void Simulator::attachDisplay()
{
    QString why;
    m_display = DeviceDisplay::open(m_displayName, m_runtime + QStringLiteral("/Xvfb_screen0"), xauthorityPath(), &why);
    if (!m_display) {
        fail(why);
        return;
    }
    m_input = std::make_unique<DeviceInput>(*m_display);
    connect(m_display.get(), &DeviceDisplay::frameChanged, this, [this](const QRegion &region) {
        // The first picture after the app started: the device is up.
        if (m_state == State::Booting && m_app && m_app->state() == QProcess::Running) {
            m_bootDeadline.stop();
            checkTouchPlugin();
            setState(State::Rendering);
        }
        emit frameChanged(region);
    });
    // Queued: it is raised from within input steps, which must not see
    // their DeviceInput deleted under them.
    connect(
        m_display.get(), &DeviceDisplay::lost, this,
        [this] {
            if (!m_stopping)
                fail(QStringLiteral("the display server went away"));
        },
        Qt::QueuedConnection);
}

qint64 Simulator::launch(const QStringList &command, QString *why)
{
    if (m_state != State::Rendering || command.isEmpty()) {
        *why = command.isEmpty() ? QStringLiteral("nothing to launch") : QStringLiteral("the device is not running");
        return 0;
    }
    // One of the device's family: its screen, its buses, and it goes down
    // with the device (its exit does not fail the device).
    QProcess *p = start(command.first(), command.mid(1), appEnvironment(), true);
    if (!p->waitForStarted(5000)) {
        *why = QStringLiteral("cannot start %1: %2").arg(command.first(), p->errorString());
        return 0;
    }
    return p->processId();
}

QSize Simulator::naturalSize() const
{
    return {m_profile.width, m_profile.height};
}

bool Simulator::press(DeviceButton button, QString *why)
{
    // XF86 keys: what a Linux device's hardware buttons send.
    static const std::pair<DeviceButton, uint32_t> keysyms[] = {
        {DeviceButton::Home, 0x1008ff18}, // XF86HomePage
        {DeviceButton::Lock, 0x1008ff2a}, // XF86PowerOff
        {DeviceButton::VolumeUp, 0x1008ff13}, // XF86AudioRaiseVolume
        {DeviceButton::VolumeDown, 0x1008ff11}, // XF86AudioLowerVolume
        {DeviceButton::Back, 0x1008ff26}, // XF86Back
    };
    if (!m_input || m_state != State::Rendering) {
        *why = QStringLiteral("the device is not running");
        return false;
    }
    for (const auto &[b, keysym] : keysyms)
        if (b == button) {
            if (m_input->key(keysym))
                return true;
            break;
        }
    *why = QStringLiteral("the device's keyboard has no key for '%1'").arg(QLatin1String(deviceButtonName(button)));
    return false;
}

bool Simulator::rotate(Orientation to, QString *why)
{
    if (!m_display) {
        *why = QStringLiteral("the device is not running");
        return false;
    }
    const QSize size = isSideways(to) ? naturalSize().transposed() : naturalSize();
    if (!m_display->setScreenSize(size, why))
        return false;
    m_orientation = to;
    return true;
}

Orientation Simulator::orientation() const
{
    // What the screen shows decides; the last request only tells the two
    // orientations of one shape apart.
    if (!m_display)
        return m_orientation;
    const bool sideways = m_display->size() != naturalSize();
    if (sideways == isSideways(m_orientation))
        return m_orientation;
    return sideways ? Orientation::LandscapeLeft : Orientation::Portrait;
}

DeviceBackend::Capabilities Simulator::capabilities() const
{
    Capabilities c;
    c.accessibility = true;
    c.crown = m_profile.family == "watch";
    c.rotate = true;
    c.multitouch = multitouch();
    return c;
}

void Simulator::setState(State s)
{
    if (m_state == s)
        return;
    m_state = s;
    emit stateChanged(s);
}

std::vector<qint64> Simulator::programPids() const
{
    std::vector<qint64> pids;
    if (m_app && m_app->processId() > 0)
        pids.push_back(m_app->processId());
    else if (m_adoptedApp > 0 && m_state == State::Rendering)
        pids.push_back(m_adoptedApp);
    for (const QProcess *guest : m_guests)
        if (guest->processId() > 0)
            pids.push_back(guest->processId());
    return pids;
}

void Simulator::openProgramLog(bool freshBoot)
{
    const QString path = QString::fromStdString(programLogOf(m_record.udid));
    dt::base::makePrivateDirectories(QFileInfo(path).path().toStdString());
    m_log = std::make_unique<DeviceLog>(path);
    if (!freshBoot)
        return; // the programs writing it are still running
    // Where this run begins, for whoever reads the log as a whole.
    QFile file(path);
    if (file.open(QIODevice::Append))
        file.write(QStringLiteral("--- deviceterm: %1 booted at %2 ---\n")
                       .arg(QString::fromStdString(m_record.name), QDateTime::currentDateTime().toString(Qt::ISODate))
                       .toUtf8());
}

void Simulator::fail(const QString &why)
{
    if (m_state == State::Failed || m_state == State::Shutdown)
        return;
    m_failure = why;
    m_bootDeadline.stop();
    stopProcesses();
    setState(State::Failed);
}

} // namespace dt::devices
