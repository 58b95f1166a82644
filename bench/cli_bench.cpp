// Automation round trips: the `deviceterm` CLI from process start to exit
// (`tabs list --json`) next to `tmux list-panes` in the same run, and
// requests over one connection (p50/p95 and requests per second): tabs.list,
// which the server's own thread answers, and daemon.capabilities, which the
// GUI thread answers (one hop there and back). Against the real GUI
// (offscreen) on a private socket; --gui times another build of it.
//
//   bench_cli [--runs N] [--requests N] [--gui PATH]

#include "rpc/client/connection.h"

#include "process_timing.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <vector>

namespace {

using dt::bench::percentile;
using dt::bench::timeProcess;

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    int runs = 200, requests = 10000;
    QString guiBinary = QStringLiteral(DT_GUI_BINARY);
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0)
            runs = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--requests") == 0)
            requests = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--gui") == 0)
            guiBinary = QString::fromLocal8Bit(argv[i + 1]);
    }
    QTemporaryDir dir;
    const QString socket = dir.filePath(QStringLiteral("bench.sock"));
    QProcess gui;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
    gui.setProcessEnvironment(env);
    gui.start(guiBinary, {QStringLiteral("--socket"), socket, QStringLiteral("-e"), QStringLiteral("sleep"),
                                              QStringLiteral("600")});
    for (int i = 0; i < 100 && !QFileInfo::exists(socket); ++i)
        QThread::msleep(50);
    qputenv("DEVICETERM_DAEMON_SOCK", socket.toLocal8Bit());

    std::vector<double> cli, tmux;
    const std::string tmuxSocket = "dt-bench-" + std::to_string(QCoreApplication::applicationPid());
    timeProcess({"tmux", "-L", tmuxSocket, "-f", "/dev/null", "new-session", "-d", "sleep 600"});
    for (int i = 0; i < runs; ++i) {
        cli.push_back(timeProcess({DT_CLI_BINARY, "tabs", "list", "--json"}));
        tmux.push_back(timeProcess({"tmux", "-L", tmuxSocket, "list-panes"}));
    }
    timeProcess({"tmux", "-L", tmuxSocket, "kill-server"});

    // Round trips in microseconds, and the seconds they took in all.
    const auto roundTrips = [&](const dt::rpc::MethodSpec &method, std::vector<double> &latency) {
        dt::rpc::Connection c;
        std::string why;
        if (!c.open(socket.toStdString(), &why))
            return 0.0;
        QElapsedTimer total;
        total.start();
        for (int i = 0; i < requests; ++i) {
            QElapsedTimer t;
            t.start();
            c.call(method, dt::rpc::Json::object(), &why);
            latency.push_back(t.nsecsElapsed() / 1e3);
        }
        return total.nsecsElapsed() / 1e9;
    };
    std::vector<double> latency, guiLatency;
    const double seconds = roundTrips(dt::rpc::method::TabsList, latency);
    roundTrips(dt::rpc::method::DaemonCapabilities, guiLatency);
    gui.kill();
    gui.waitForFinished();

    std::printf("%-46s %9s %9s\n", "measure", "p50", "p95");
    std::printf("%-46s %7.2f ms %7.2f ms\n", "deviceterm tabs list --json (process)", percentile(cli, 0.5), percentile(cli, 0.95));
    std::printf("%-46s %7.2f ms %7.2f ms\n", "tmux list-panes (process)", percentile(tmux, 0.5), percentile(tmux, 0.95));
    std::printf("%-46s %7.1f us %7.1f us\n", "tabs.list over one connection", percentile(latency, 0.5), percentile(latency, 0.95));
    std::printf("%-46s %7.1f us %7.1f us\n", "daemon.capabilities (GUI thread), likewise", percentile(guiLatency, 0.5),
                percentile(guiLatency, 0.95));
    std::printf("%-46s %9.0f /s  (goal: 10000 /s)\n", "requests per second, one client", requests / std::max(seconds, 1e-9));
    std::printf("CLI / tmux (p50): %.2fx  (goal: within 2x)\n", percentile(cli, 0.5) / std::max(percentile(tmux, 0.5), 1e-9));
    return 0;
}
