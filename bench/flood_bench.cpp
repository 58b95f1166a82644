// Responsiveness while terminals flood: N sessions with views (offscreen,
// in one process, as background tabs of one window: not shown) each `cat` a
// file of dense output while the shown session runs `cat` and echoes what
// is typed. Reported: the echo's latency (a byte written to its PTY until
// the GUI thread hears its model shows it), how late a 1 ms timer fires on
// the GUI thread (what any event waits at worst: keys, menus, the
// automation server), and the floods' total throughput; and what one more
// idle terminal costs in memory.
//
//   bench_flood [--mb MB] [--floods N...]   (defaults: 50 MB; 1 and 8 floods)

#include "corpus.h"
#include "process_timing.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace {

using dt::terminal::TerminalSession;

using dt::bench::percentile;

struct Pane {
    std::unique_ptr<TerminalSession> session;
    std::unique_ptr<dt::ui::TerminalView> view;
};

Pane openPane(const QString &program, const QStringList &arguments, bool shown)
{
    Pane p;
    p.session = std::make_unique<TerminalSession>(30, 100, 10000);
    p.view = std::make_unique<dt::ui::TerminalView>(p.session.get());
    p.view->resize(100 * p.view->cellSize().width() + 30, 30 * p.view->cellSize().height() + 10);
    if (shown)
        p.view->show();
    TerminalSession::Launch launch;
    launch.program = program;
    launch.arguments = arguments;
    p.session->start(launch, nullptr);
    return p;
}

// Runs the event loop until `done` or `ms` pass.
void runUntil(const std::function<bool()> &done, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (!done() && clock.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 5);
}

struct Result {
    double echoP50 = 0, echoP99 = 0, lateP99 = 0, lateMax = 0, mbps = 0;
    int echoes = 0;
};

Result floodAndType(const QString &file, size_t bytes, int floods)
{
    // The typing pane: `cat` with the PTY raw, so each byte comes back at once.
    Pane echo = openPane(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), QStringLiteral("stty raw -echo; exec cat")}, true);
    runUntil([&] { return echo.session->isRunning(); }, 2000);
    QElapsedTimer settle;
    settle.start();
    runUntil([&] { return settle.elapsed() > 300; }, 400); // stty done before the first key

    std::vector<Pane> flooding;
    int finished = 0;
    QElapsedTimer clock;
    clock.start();
    for (int i = 0; i < floods; ++i) {
        flooding.push_back(openPane(QStringLiteral("/bin/sh"),
                                    {QStringLiteral("-c"), QStringLiteral("cat '%1'").arg(file)}, false));
        QObject::connect(flooding.back().session.get(), &TerminalSession::finished, [&] { ++finished; });
    }

    // The GUI thread's lateness: a 1 ms timer, measured throughout.
    std::vector<double> lateness;
    QElapsedTimer sinceTick;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    tick.setInterval(1);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        if (sinceTick.isValid())
            lateness.push_back(std::max(0.0, sinceTick.nsecsElapsed() / 1e6 - 1.0));
        sinceTick.restart();
    });
    tick.start();

    // Typing: one byte every 20 ms, timed until the GUI thread hears the
    // model holds it. Row 0 is written over and over: the letter at a column
    // differs from the one there before (99 columns, 26 letters).
    std::vector<double> echoes;
    int column = 0;
    char letter = 0;
    QElapsedTimer typed;
    QEventLoop waitForEcho;
    QTimer giveUp; // an echo that never comes ends the wait
    giveUp.setSingleShot(true);
    giveUp.setInterval(2000);
    QObject::connect(&giveUp, &QTimer::timeout, &waitForEcho, &QEventLoop::quit);
    QObject::connect(echo.session.get(), &TerminalSession::contentChanged, [&] {
        if (letter && echo.session->terminal().screenLine(0).text(column, column + 1) == std::string(1, letter)) {
            echoes.push_back(typed.nsecsElapsed() / 1e6);
            letter = 0;
            waitForEcho.quit();
        }
    });
    while (finished < floods && clock.elapsed() < 120000) {
        letter = static_cast<char>('a' + echoes.size() % 26);
        typed.start();
        echo.session->sendBytes(QByteArray(1, letter));
        giveUp.start();
        waitForEcho.exec();
        giveUp.stop();
        letter = 0;
        column = (column + 1) % 99;
        if (column == 0)
            echo.session->sendBytes("\r");
        QElapsedTimer pause;
        pause.start();
        runUntil([&] { return finished >= floods || pause.elapsed() >= 20; }, 25);
    }
    const double seconds = clock.nsecsElapsed() / 1e9;
    tick.stop();

    Result r;
    r.echoes = static_cast<int>(echoes.size());
    r.echoP50 = percentile(echoes, 0.5);
    r.echoP99 = percentile(echoes, 0.99);
    r.lateP99 = percentile(lateness, 0.99);
    r.lateMax = percentile(lateness, 1.0);
    r.mbps = static_cast<double>(bytes) * floods / 1e6 / seconds;
    return r;
}

long rssKiB()
{
    QFile status(QStringLiteral("/proc/self/status"));
    status.open(QIODevice::ReadOnly);
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong();
    return 0;
}

// What one more idle terminal costs this process: eight shells that have
// drawn their prompt, in background tabs.
double rssPerIdleTerminalKiB()
{
    std::vector<Pane> warm; // the first one pays for what every terminal shares
    warm.push_back(openPane(QStringLiteral("/bin/sh"), {QStringLiteral("-i")}, false));
    runUntil([&] { return warm.back().session->hasOutput(); }, 3000);
    const long before = rssKiB();
    std::vector<Pane> idle;
    for (int i = 0; i < 8; ++i) {
        idle.push_back(openPane(QStringLiteral("/bin/sh"), {QStringLiteral("-i")}, false));
        runUntil([&] { return idle.back().session->hasOutput(); }, 3000);
    }
    QElapsedTimer settle;
    settle.start();
    runUntil([&] { return settle.elapsed() > 300; }, 400);
    return static_cast<double>(rssKiB() - before) / 8;
}

} // namespace

int main(int argc, char **argv)
{
    double mb = 50;
    std::vector<int> floodCounts;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--mb") == 0 && i + 1 < argc)
            mb = std::atof(argv[++i]);
        else if (std::strcmp(argv[i], "--floods") == 0)
            while (i + 1 < argc && argv[i + 1][0] != '-')
                floodCounts.push_back(std::atoi(argv[++i]));
    }
    if (floodCounts.empty())
        floodCounts = {1, 8};
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("flood"));
    const std::string data = dt::bench::colourDense(static_cast<size_t>(mb * 1e6));
    QFile f(file);
    f.open(QIODevice::WriteOnly);
    f.write(data.data(), static_cast<qint64>(data.size()));
    f.close();

    std::printf("%-8s %8s %10s %10s %12s %12s %10s\n", "floods", "MB each", "echo p50", "echo p99", "late p99",
                "late max", "MB/s all");
    for (int floods : floodCounts) {
        const Result r = floodAndType(file, data.size(), floods);
        std::printf("%-8d %8.0f %7.2f ms %7.2f ms %9.2f ms %9.2f ms %10.1f\n", floods, mb, r.echoP50, r.echoP99,
                    r.lateP99, r.lateMax, r.mbps);
        std::fflush(stdout);
    }
    std::printf("RSS per extra idle terminal (a shell at its prompt, in a background tab): %.0f KiB\n",
                rssPerIdleTerminalKiB());
    std::printf("(dense SGR colour output; echo: a byte written to a raw `cat` until its model shows it, on the GUI\n"
                " thread; late: how much later than asked a 1 ms timer fires on the GUI thread during the floods)\n");
    return 0;
}
