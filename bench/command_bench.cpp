// Commands as agents run them, measured:
//  1. `deviceterm tab run --tab T -- true` from the CLI's start to its exit
//     with the record, p50/p95 over N runs, from an orchestrator tab of the
//     real GUI (offscreen) against a bash tab with the integration. The
//     orchestrator tab runs this program in its measuring role, so the CLI
//     it spawns is a process of that tab, as an agent's would be.
//  2. What the integration adds to a shell's start: time to the first
//     prompt of bash, zsh and fish with and without it (medians).
//  3. Agents on a device: `deviceterm ax snapshot` of the device shell's
//     home, and `deviceterm tap --label +1 --then-wait-idle`, CLI start to
//     exit, p50/p95, from a tab that booted a phone.
//
//   bench_commands [--runs N]

#include "terminal/shell_integration.h"
#include "terminal/terminal_session.h"

#include "process_timing.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
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

// The measuring role, inside the orchestrator tab: opens a bash tab (its
// first command run and waited on, so the shell is ready), then times the
// runs and writes one figure per line to `out`.
int measureRuns(int runs, const char *out)
{
    QProcess open;
    open.start(QStringLiteral(DT_CLI_BINARY), {QStringLiteral("tab"), QStringLiteral("open"), QStringLiteral("--cmd"),
                                               QStringLiteral("true"), QStringLiteral("--wait"), QStringLiteral("--json")});
    open.waitForFinished(30000);
    const QByteArray record = open.readAllStandardOutput();
    const int at = record.indexOf("\"tab\":\"");
    if (open.exitCode() != 0 || at < 0) {
        QFile(QString::fromLocal8Bit(out)).open(QIODevice::WriteOnly);
        return 1;
    }
    const QByteArray tab = record.mid(at + 7, record.indexOf('"', at + 7) - at - 7);
    QFile file(QString::fromLocal8Bit(out) + QStringLiteral(".part"));
    file.open(QIODevice::WriteOnly);
    for (int i = 0; i < runs; ++i)
        file.write(QByteArray::number(timeProcess({DT_CLI_BINARY, "tab", "run", "--tab", tab.toStdString(), "--", "true"}))
                   + '\n');
    file.close();
    file.rename(QString::fromLocal8Bit(out)); // whole, or not there
    return 0;
}

// The device role, inside a tab: boots a phone, then times snapshots of
// its home and settled taps on its counter; "snapshot MS" and "tap MS"
// lines in `out`.
int measureDevice(int runs, const char *out)
{
    const auto cli = [](QStringList args) {
        QProcess p;
        p.start(QStringLiteral(DT_CLI_BINARY), args);
        p.waitForFinished(30000);
        return p.exitCode() == 0 ? p.readAllStandardOutput() : QByteArray();
    };
    cli({QStringLiteral("sim"), QStringLiteral("create"), QStringLiteral("Bench"), QStringLiteral("--profile"),
         QStringLiteral("phone")});
    cli({QStringLiteral("sim"), QStringLiteral("boot"), QStringLiteral("Bench")});
    cli({QStringLiteral("wait-for"), QStringLiteral("--label"), QStringLiteral("Counter"), QStringLiteral("--timeout"),
         QStringLiteral("30s")});
    QFile file(QString::fromLocal8Bit(out) + QStringLiteral(".part"));
    file.open(QIODevice::WriteOnly);
    for (int i = 0; i < runs; ++i)
        file.write("snapshot " + QByteArray::number(timeProcess({DT_CLI_BINARY, "ax", "snapshot"})) + '\n');
    timeProcess({DT_CLI_BINARY, "tap", "--label", "Counter", "--then-wait-idle"});
    for (int i = 0; i < runs; ++i)
        file.write("tap " + QByteArray::number(timeProcess({DT_CLI_BINARY, "tap", "--label", "+1", "--then-wait-idle"})) + '\n');
    cli({QStringLiteral("sim"), QStringLiteral("shutdown"), QStringLiteral("Bench")});
    file.close();
    file.rename(QString::fromLocal8Bit(out));
    return 0;
}

// Starts the GUI offscreen whose first tab runs this program in `role`,
// and reads the figures it leaves (lines, optionally "name value").
QList<QByteArray> runInATab(const char *role, int runs)
{
    QTemporaryDir dir;
    const QString socket = dir.filePath(QStringLiteral("bench.sock"));
    const QString out = dir.filePath(QStringLiteral("runs.txt"));
    QFile rc(dir.filePath(QStringLiteral(".bashrc")));
    rc.open(QIODevice::WriteOnly);
    rc.write("PS1='$ '\n");
    rc.close();
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
    env.insert(QStringLiteral("HOME"), dir.path());
    env.insert(QStringLiteral("SHELL"), QStringLiteral("/bin/bash"));
    QProcess gui;
    gui.setProcessEnvironment(env);
    gui.start(QStringLiteral(DT_GUI_BINARY),
              {QStringLiteral("--orchestrator"), QStringLiteral("--socket"), socket, QStringLiteral("-e"),
               QCoreApplication::applicationFilePath(), QLatin1String(role), QString::number(runs), out});
    for (int i = 0; i < 9000 && !QFile::exists(out); ++i)
        QThread::msleep(20);
    QList<QByteArray> lines;
    QFile results(out);
    if (results.open(QIODevice::ReadOnly))
        while (!results.atEnd())
            lines << results.readLine().trimmed();
    gui.kill();
    gui.waitForFinished();
    return lines;
}

// The figures of lines "name value" (or bare values when `name` is empty).
std::vector<double> figures(const QList<QByteArray> &lines, const QByteArray &name = {})
{
    std::vector<double> out;
    for (const QByteArray &line : lines) {
        const QList<QByteArray> words = line.split(' ');
        const QByteArray value = name.isEmpty() ? line : (words.size() == 2 && words[0] == name ? words[1] : QByteArray());
        if (const double v = value.toDouble(); v > 0)
            out.push_back(v);
    }
    return out;
}

// Milliseconds from starting `shell` to its first prompt: with the
// integration until its input mark, without it until the prompt's text.
double timeToPrompt(const QString &shell, bool integrated, const QString &scripts)
{
    dt::terminal::TerminalSession session(24, 80, 1000);
    dt::terminal::TerminalSession::Launch launch;
    if (integrated)
        launch.shellIntegrationDirectory = scripts;
    else
        launch.program = shell;
    qputenv("SHELL", shell.toLocal8Bit());
    QElapsedTimer t;
    t.start();
    if (!session.start(launch, nullptr))
        return -1;
    const auto ready = [&] {
        return integrated ? session.terminal().commands().pendingInput().has_value()
                          : session.terminal().screenText().find("ready>") != std::string::npos;
    };
    while (!ready() && t.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
    return ready() ? t.nsecsElapsed() / 1e6 : -1;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 4 && std::strcmp(argv[1], "--measure") == 0) {
        QCoreApplication app(argc, argv);
        return measureRuns(std::atoi(argv[2]), argv[3]);
    }
    if (argc == 4 && std::strcmp(argv[1], "--measure-device") == 0) {
        QCoreApplication app(argc, argv);
        return measureDevice(std::atoi(argv[2]), argv[3]);
    }
    QCoreApplication app(argc, argv);
    int runs = 200;
    for (int i = 1; i + 1 < argc; ++i)
        if (std::strcmp(argv[i], "--runs") == 0)
            runs = std::atoi(argv[i + 1]);

    const std::vector<double> run = figures(runInATab("--measure", runs));
    std::printf("%-52s %9s %9s %6s\n", "measure", "p50", "p95", "runs");
    std::printf("%-52s %6.2f ms %6.2f ms %6zu  (goal: p50 <= 15 ms)\n", "deviceterm tab run -- true (CLI start to record)",
                percentile(run, 0.5), percentile(run, 0.95), run.size());

    // Each shell's own start-up file sets a prompt the screen can be
    // searched for; the integration must find and keep it.
    QTemporaryDir home;
    qputenv("HOME", home.path().toLocal8Bit());
    const QString scripts = home.filePath(QStringLiteral("integration"));
    dt::terminal::writeIntegrationScripts(scripts, nullptr);
    const auto write = [&](const QString &name, const QByteArray &text) {
        QFile f(home.filePath(name));
        f.open(QIODevice::WriteOnly);
        f.write(text);
    };
    write(QStringLiteral(".bashrc"), "PS1='ready> '\n");
    write(QStringLiteral(".zshrc"), "PROMPT='ready> '\n");
    QDir(home.path()).mkpath(QStringLiteral(".config/fish"));
    write(QStringLiteral(".config/fish/config.fish"), "function fish_prompt; printf 'ready> '; end\nset -g fish_greeting\n");
    std::printf("\n%-12s %14s %14s %10s  (goal: < 5 ms added)\n", "first prompt", "without (p50)", "with (p50)", "added");
    for (const char *name : {"bash", "zsh", "fish"}) {
        const QString shell = QStandardPaths::findExecutable(QLatin1String(name));
        if (shell.isEmpty())
            continue;
        std::vector<double> without, with;
        for (int i = 0; i < 20; ++i) {
            without.push_back(timeToPrompt(shell, false, scripts));
            with.push_back(timeToPrompt(shell, true, scripts));
        }
        std::printf("%-12s %11.1f ms %11.1f ms %7.1f ms\n", name, percentile(without, 0.5), percentile(with, 0.5),
                    percentile(with, 0.5) - percentile(without, 0.5));
    }
    const QList<QByteArray> device = runInATab("--measure-device", 50);
    const std::vector<double> snapshot = figures(device, "snapshot"), tap = figures(device, "tap");
    std::printf("\n%-52s %9s %9s %6s\n", "device (phone, device shell)", "p50", "p95", "runs");
    std::printf("%-52s %6.2f ms %6.2f ms %6zu  (goal: p50 <= 20 ms)\n", "deviceterm ax snapshot (home)",
                percentile(snapshot, 0.5), percentile(snapshot, 0.95), snapshot.size());
    std::printf("%-52s %6.2f ms %6.2f ms %6zu\n", "deviceterm tap --label +1 --then-wait-idle", percentile(tap, 0.5),
                percentile(tap, 0.95), tap.size());
    return 0;
}
