// Device panes, measured: a real device (Xvfb, buses, the device shell) and
// the GUI's mirror of it (DeviceDisplay), in this process.
//   - mirror latency: an X drawing on the device's screen to the mirror
//     holding its pixels (damage notify, round trip, copy), p50/p95;
//   - the mirror's CPU at 60 full-screen frames a second, and idle;
//   - recording (record start) into WebM and MP4: CPU on top of the
//     mirror's, with the whole screen or a label changing 60 times a
//     second, frames written and dropped, and while the screen is still;
//   - a tap to the app's answer: XTest press/release to the first picture
//     the app draws in reply (the counter counting up).
//
//   bench_device [--samples N]

#include "device_bench_support.h"
#include "devicepanes/screen_recorder.h"
#include "devicepanes/simulator.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFileInfo>
#include <QElapsedTimer>
#include <QGuiApplication>
#include <QTemporaryDir>
#include <QTimer>

#include <xcb/xcb.h>

#include <algorithm>
#include <cstdio>
#include <sys/resource.h>
#include <vector>

namespace {

using dt::devices::Simulator;
using namespace dt::bench;

std::unique_ptr<Simulator> boot(const std::string &family, int n)
{
    Simulator::Tools tools;
    tools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
    auto sim = std::make_unique<Simulator>(
        dt::devices::DeviceRecord{"BE7C4000-0000-4000-8000-00000000000" + std::to_string(n), "Bench", family, {}}, tools);
    sim->boot();
    if (!waitFor([&] { return sim->state() == Simulator::State::Rendering; }, 25000)) {
        std::fprintf(stderr, "%s did not boot: %s\n", family.c_str(), qPrintable(sim->failure()));
        return nullptr;
    }
    spin(500); // the app settles
    return sim;
}

// CPU of a recording (record start) at 60 changes a second, on top of the
// mirror's, into WebM and MP4: the whole screen changing every frame (the
// worst case), or a 240x64 block (a ticking label: what apps do), then
// with the screen still. The recorder's thread is this process's.
void measureRecording(Simulator &sim, Painter &painter, bool fullScreen)
{
    const QSize size = sim.display()->size();
    const QRect area = fullScreen ? QRect(QPoint(0, 0), size) : QRect(40, size.height() / 3, 240, 64);
    QTimer flood;
    flood.setTimerType(Qt::PreciseTimer);
    int frame = 0;
    QObject::connect(&flood, &QTimer::timeout, [&] { painter.fill((frame++ % 2) ? 0x202020 : 0xe0e0e0, area); });
    auto cpuOfFlood = [&] {
        frame = 0;
        const double before = cpuSeconds();
        flood.start(16);
        spin(3000);
        flood.stop();
        return cpuSeconds() - before;
    };
    const double mirror = cpuOfFlood();
    for (const char *format : {"webm", "mp4"}) {
        QTemporaryDir out;
        const QString path = out.filePath(QStringLiteral("bench.") + QLatin1String(format));
        dt::devices::ScreenRecorder recorder(*sim.display(), path, 60);
        QString problem = QStringLiteral("?");
        recorder.start([&problem](QString p) { problem = p; });
        waitFor([&] { return problem != QStringLiteral("?"); }, 5000);
        if (!problem.isEmpty()) {
            std::printf("recording %s: %s\n", format, qPrintable(problem));
            continue;
        }
        const double recording = cpuOfFlood();
        const double idleBefore = cpuSeconds();
        spin(2000);
        const double idle = cpuSeconds() - idleBefore;
        std::optional<dt::devices::ScreenRecorder::Summary> summary;
        recorder.stop([&summary](const dt::devices::ScreenRecorder::Summary &s) { summary = s; });
        waitFor([&] { return summary.has_value(); }, 20000);
        const QString what = QStringLiteral("record %1, %2 at 60 Hz")
                                 .arg(QLatin1String(format), fullScreen ? QStringLiteral("full screen") : QStringLiteral("a label"));
        std::printf("%-46s  %5.1f %% of one core over the mirror  (%lld frames of %d drawn, %lld dropped, %lld KiB)\n",
                    qPrintable(what), (recording - mirror) / 3.0 * 100, summary ? summary->frames : -1, frame,
                    summary ? summary->droppedFrames : -1, QFileInfo(path).size() / 1024);
        std::printf("%-46s  %5.2f %% of one core\n", "  then still, recording", idle / 2.0 * 100);
    }
}

void measure(const std::string &family, int samples, int n)
{
    auto sim = boot(family, n);
    if (!sim)
        return;
    std::printf("\n%s %dx%d\n", family.c_str(), sim->display()->size().width(), sim->display()->size().height());
    Painter painter(sim->displayName(), sim->xauthorityPath());
    const QSize size = sim->display()->size();

    // Mirror latency, small and full-screen drawings.
    for (const bool full : {false, true}) {
        std::vector<double> ms;
        for (int i = 0; i < samples; ++i) {
            const uint32_t colour = (i % 2) ? 0xff00ff : 0x00ffff;
            const QRect r = full ? QRect(QPoint(0, 0), size) : QRect(10, 10, 100, 100);
            bool seen = false;
            QElapsedTimer clock;
            auto c = QObject::connect(sim->display(), &dt::devices::DeviceDisplay::frameChanged, [&] {
                if (!seen && sim->display()->frame().pixel(r.center()) == (0xff000000 | colour)) {
                    seen = true;
                    ms.push_back(double(clock.nsecsElapsed()) / 1e6);
                }
            });
            clock.start();
            painter.fill(colour, r);
            waitFor([&] { return seen; }, 1000);
            QObject::disconnect(c);
            spin(5);
        }
        report(full ? "draw full screen -> mirror holds it" : "draw 100x100 -> mirror holds it", ms);
    }

    // CPU: 60 full-screen frames a second for 3 s, then 3 s idle.
    {
        QTimer flood;
        int frame = 0;
        QObject::connect(&flood, &QTimer::timeout, [&] { painter.fill((frame++ % 2) ? 0x202020 : 0xe0e0e0, QRect(QPoint(0, 0), size)); });
        flood.setTimerType(Qt::PreciseTimer);
        int copies = 0;
        auto c = QObject::connect(sim->display(), &dt::devices::DeviceDisplay::frameChanged, [&] { ++copies; });
        const double before = cpuSeconds();
        flood.start(16);
        spin(3000);
        flood.stop();
        const double used = cpuSeconds() - before;
        QObject::disconnect(c);
        std::printf("%-46s  %5.1f %% of one core  (%d frames drawn, %d copied)\n", "mirror at 60 Hz full screen", used / 3.0 * 100,
                    frame, copies);
        spin(500);
        const double idleBefore = cpuSeconds();
        spin(3000);
        std::printf("%-46s  %5.2f %% of one core\n", "mirror while the device is idle", (cpuSeconds() - idleBefore) / 3.0 * 100);
    }
    for (const bool full : {true, false})
        measureRecording(*sim, painter, full);
    sim->shutdown();
}

void tapLatency(int samples)
{
    auto sim = boot("phone", 9);
    if (!sim)
        return;
    // Into the counter: the first light block down the left is its button.
    const QImage home = sim->display()->frame();
    int top = -1, bottom = -1;
    for (int y = 0; y < home.height() && bottom < 0; ++y) {
        const bool light = home.pixelColor(40, y).lightness() > 180;
        if (light && top < 0)
            top = y;
        else if (!light && top >= 0)
            bottom = y;
    }
    sim->input()->tap({0.5, double(top + bottom) / 2 / home.height()});
    spin(500);
    // +1 is the first light block on the counter page.
    const QImage counter = sim->display()->frame();
    top = bottom = -1;
    for (int y = 0; y < counter.height() && bottom < 0; ++y) {
        const bool light = counter.pixelColor(40, y).lightness() > 180;
        if (light && top < 0)
            top = y;
        else if (!light && top >= 0)
            bottom = y;
    }
    const QPointF plus(0.5, double(top + bottom) / 2 / counter.height());
    std::vector<double> ms;
    for (int i = 0; i < samples; ++i) {
        bool seen = false;
        QElapsedTimer clock;
        // The count is drawn between the title and the buttons.
        const QRect countArea(0, counter.height() / 8, counter.width(), top - 20 - counter.height() / 8);
        auto c = QObject::connect(sim->display(), &dt::devices::DeviceDisplay::frameChanged, [&](const QRegion &r) {
            if (!seen && r.intersects(countArea)) {
                seen = true;
                ms.push_back(double(clock.nsecsElapsed()) / 1e6);
            }
        });
        clock.start();
        sim->input()->tap(plus);
        waitFor([&] { return seen; }, 1000);
        QObject::disconnect(c);
        spin(60);
    }
    report("tap -> the app's new picture in the mirror", ms);
    std::printf("  (includes the tap's 32 ms press; the app answers on release)\n");
    sim->shutdown();
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int samples = samplesOption(argc, argv, 200);
    QTemporaryDir runtime;
    qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
    measure("phone", samples, 1);
    measure("tv", samples / 2, 2);
    std::printf("\n");
    tapLatency(std::max(10, samples / 10));
    return 0;
}
