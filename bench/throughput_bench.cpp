// Throughput: bytes from `cat` through a real PTY into a TerminalSession with
// a TerminalView painting (offscreen unless QT_QPA_PLATFORM names another
// platform: scripts/bench.sh runs it on Xvfb), timed until the terminal has answered
// a DSR sent after the data. Beside it, in the same run, two ceilings: a bare
// PTY drain and libvterm's state layer alone; and our model alone.
//
//   bench_throughput [--scale F] [--only WORD]
//   bench_throughput --write DIR [--scale F]
//   bench_throughput --drain FILE
//     F scales the file sizes (1 = 50/20/10/10 MB); WORD picks the streams
//     whose name holds it ("colour"), for profiling one of them. --write
//     writes the streams to DIR (plain, colour, wide, cursor) and --drain
//     prints the bare-PTY drain of one file in MB/s, for
//     scripts/bench_peers.py, which times other terminals on them.

#include "corpus.h"
#include "tests/support/paint_counter.h"
#include "terminal/core/terminal.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEvent>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTimer>

#include <vterm.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

double mbPerSecond(size_t bytes, double seconds)
{
    return bytes / 1e6 / seconds;
}

double ptyDrain(const QString &file, size_t bytes)
{
    int master = -1;
    struct winsize ws {};
    ws.ws_row = 30;
    ws.ws_col = 100;
    const auto start = Clock::now();
    const pid_t pid = forkpty(&master, nullptr, nullptr, &ws);
    if (pid == 0) {
        execlp("cat", "cat", file.toLocal8Bit().constData(), static_cast<char *>(nullptr));
        _exit(127);
    }
    std::vector<char> buf(64 * 1024);
    while (read(master, buf.data(), buf.size()) > 0) {
    }
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    close(master);
    waitpid(pid, nullptr, 0);
    return mbPerSecond(bytes, s);
}

// What the app reads for the file: the PTY's ONLCR turns each line feed
// into CR LF. The in-process columns take the same bytes, or their text
// would march right across the screen and wrap where the app's does not
// (the model's plain column read half what the app is offered).
std::string asThePtyDelivers(const std::string &file)
{
    std::string out;
    out.reserve(file.size() + file.size() / 16);
    for (char c : file) {
        if (c == '\n')
            out += '\r';
        out += c;
    }
    return out;
}

// Both ceilings are reported in MB of the file per second, as the app is.
double stateLayerOnly(const std::string &data, size_t fileBytes)
{
    VTerm *vt = vterm_new(30, 100);
    vterm_set_utf8(vt, 1);
    VTermState *state = vterm_obtain_state(vt);
    vterm_state_reset(state, 1);
    const auto start = Clock::now();
    for (size_t i = 0; i < data.size(); i += 65536)
        vterm_input_write(vt, data.data() + i, std::min<size_t>(65536, data.size() - i));
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    vterm_free(vt);
    return mbPerSecond(fileBytes, s);
}

double modelOnly(const std::string &data, size_t fileBytes)
{
    dt::term::Terminal t(30, 100, 10000);
    const auto start = Clock::now();
    for (size_t i = 0; i < data.size(); i += 65536)
        t.feed(data.data() + i, std::min<size_t>(65536, data.size() - i));
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    return mbPerSecond(fileBytes, s);
}

struct AppRun {
    double mbps = 0;
    int paints = 0;
    qint64 worstStallMs = 0; // longest the event loop was unavailable
};

using dt::test::PaintCounter; // paints reaching the view's viewport

AppRun sessionWithView(const QString &file, size_t bytes)
{
    dt::terminal::TerminalSession session(30, 100, 10000);
    dt::ui::TerminalView view(&session);
    view.resize(100 * view.cellSize().width() + 30, 30 * view.cellSize().height() + 10);
    view.show();
    PaintCounter counter;
    view.viewport()->installEventFilter(&counter);
    // The window is up and painted before the clock starts, as a terminal
    // is before its user runs `cat`: what is timed is the stream alone.
    QElapsedTimer shown;
    shown.start();
    while (counter.paints == 0 && shown.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    counter.paints = 0;

    QEventLoop loop;
    QElapsedTimer clock;
    qint64 answeredAt = -1;
    session.terminal().setOutput([&](const char *b, size_t n) {
        // The only reply this program provokes is the final DSR's. This runs
        // on the PTY's reader thread: the loop is told by a queued call.
        if (answeredAt < 0 && std::memchr(b, 'R', n)) {
            answeredAt = clock.nsecsElapsed();
            QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
        }
    });

    // The event loop must stay available for keystrokes: a 10 ms timer
    // records how late it fires at worst.
    AppRun run;
    QElapsedTimer sinceTick;
    QTimer tick;
    tick.setInterval(10);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        if (sinceTick.isValid())
            run.worstStallMs = std::max(run.worstStallMs, sinceTick.elapsed() - 10);
        sinceTick.restart();
    });

    dt::terminal::TerminalSession::Launch launch;
    launch.program = QStringLiteral("/bin/sh");
    launch.arguments = {QStringLiteral("-c"), QStringLiteral("cat '%1'; printf '\\033[6n'; sleep 30").arg(file)};
    clock.start();
    session.start(launch, nullptr);
    tick.start();
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    loop.exec();
    run.mbps = answeredAt > 0 ? mbPerSecond(bytes, answeredAt / 1e9) : 0;
    run.paints = counter.paints;
    return run;
}

} // namespace

int main(int argc, char **argv)
{
    double scale = 1.0;
    const char *only = "";
    const char *writeTo = nullptr;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--scale") == 0)
            scale = std::atof(argv[i + 1]);
        if (std::strcmp(argv[i], "--only") == 0)
            only = argv[i + 1];
        if (std::strcmp(argv[i], "--write") == 0)
            writeTo = argv[i + 1];
        if (std::strcmp(argv[i], "--drain") == 0) {
            QFile f(QString::fromLocal8Bit(argv[i + 1]));
            if (!f.exists())
                return 2;
            std::printf("%.1f\n", ptyDrain(f.fileName(), static_cast<size_t>(f.size())));
            return 0;
        }
    }
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    struct Case {
        const char *name;
        const char *file; // its name when written out (--write)
        std::string (*make)(size_t);
        size_t bytes;
        double goal;
    };
    const Case cases[] = {
        {"plain text", "plain", &dt::bench::plainText, static_cast<size_t>(50e6 * scale), 28},
        {"colour (SGR 256/24-bit)", "colour", &dt::bench::colourDense, static_cast<size_t>(20e6 * scale), 30},
        {"wide/emoji/combining", "wide", &dt::bench::wideCharacters, static_cast<size_t>(10e6 * scale), 20},
        {"cursor motion", "cursor", &dt::bench::cursorMotion, static_cast<size_t>(10e6 * scale), 0},
    };

    if (writeTo) {
        for (const Case &c : cases) {
            QFile f(QDir(QString::fromLocal8Bit(writeTo)).filePath(QString::fromLatin1(c.file)));
            const std::string data = c.make(c.bytes);
            if (!f.open(QIODevice::WriteOnly) || f.write(data.data(), static_cast<qint64>(data.size())) != static_cast<qint64>(data.size()))
                return 1;
        }
        return 0;
    }

    QTemporaryDir dir;
    std::printf("%-26s %7s %9s %9s %9s %9s %6s %7s %8s\n", "stream", "MB", "pty-drain", "vt-state", "model",
                "app+view", "goal", "paints", "stall-ms");
    for (const Case &c : cases) {
        if (!std::strstr(c.name, only))
            continue;
        const std::string data = c.make(c.bytes);
        const QString file = dir.filePath(QString::fromLatin1(c.name).remove(QLatin1Char(' ')).remove(QLatin1Char('/')));
        QFile f(file);
        f.open(QIODevice::WriteOnly);
        f.write(data.data(), static_cast<qint64>(data.size()));
        f.close();

        const double drain = ptyDrain(file, data.size());
        const std::string delivered = asThePtyDelivers(data);
        const double state = stateLayerOnly(delivered, data.size());
        const double model = modelOnly(delivered, data.size());
        const AppRun run = sessionWithView(file, data.size());
        char goal[16] = "-";
        if (c.goal > 0)
            std::snprintf(goal, sizeof goal, "%s%.0f", run.mbps >= c.goal ? ">=" : "<", c.goal);
        std::printf("%-26s %7.1f %9.1f %9.1f %9.1f %9.1f %6s %7d %8lld\n", c.name, data.size() / 1e6, drain, state,
                    model, run.mbps, goal, run.paints, static_cast<long long>(run.worstStallMs));
        std::fflush(stdout);
    }
    std::printf("(MB/s; app+view = cat through a PTY into a TerminalSession with its view painting,\n"
                " until the DSR after the data is answered; stall-ms = worst event-loop delay meanwhile)\n");
    return 0;
}
