// The device pane's own paint, measured: a real device (Xvfb, buses, the
// device shell) shown in a DevicePaneView, scaled to fit the pane.
//   - one paint of the pane (title, bezel, the scaled screen), p50/p95;
//   - the whole GUI side at 60 full-screen frames a second: the mirror's
//     copy plus the pane's paint, as CPU of one core;
// for a phone shown a little smaller than life and a TV shown at half size
// (the case the reference measured at 23-41 % of a core).
//
//   bench_pane_paint [--samples N]

#include "app/core/workspace.h"
#include "device_bench_support.h"
#include "devicepanes/simulator.h"
#include "app/ui/device_pane_view.h"

#include <QApplication>
#include <QImage>
#include <QTemporaryDir>

namespace {

using dt::devices::Simulator;
using namespace dt::bench;

void measure(dt::app::Workspace &ws, dt::app::WindowId window, const std::string &family, QSize paneSize, int samples, int n)
{
    dt::app::TerminalLaunch sh;
    sh.program = QStringLiteral("/bin/sh");
    const dt::app::TabId tab = ws.openTab(window, sh);
    const std::string udid = "BE7C4000-0000-4000-8000-0000000001" + std::to_string(10 + n);
    const dt::app::PaneId pane = ws.openDevicePane(ws.tab(tab)->primary, dt::devices::DeviceRecord{udid, "Bench", family, {}});
    dt::devices::DeviceBackend *sim = ws.devices().device(QString::fromStdString(udid));
    if (!sim || !waitFor([&] { return sim->state() == Simulator::State::Rendering; }, 25000)) {
        std::fprintf(stderr, "%s did not boot\n", family.c_str());
        return;
    }
    spin(500);
    // The pane on its own, as a top-level window of the size it would have
    // in a split.
    dt::ui::DevicePaneView view(ws, pane);
    view.resize(paneSize);
    view.show();
    spin(200);
    const QSize device = sim->display()->size();
    std::printf("\n%s %dx%d shown at %dx%d in a %dx%d pane\n", family.c_str(), device.width(), device.height(),
                view.screenRect().width(), view.screenRect().height(), paneSize.width(), paneSize.height());

    QImage target(paneSize, QImage::Format_RGB32);
    std::vector<double> ms;
    for (int i = 0; i < samples; ++i) {
        QElapsedTimer clock;
        clock.start();
        view.render(&target);
        ms.push_back(double(clock.nsecsElapsed()) / 1e6);
    }
    report("one paint of the pane (smooth scaling)", ms);

    // 60 full-screen frames a second for 3 s: the mirror copies, the pane
    // repaints (what a video or an animation on the device costs us).
    Painter painter(sim->displayName(), sim->xauthorityPath());
    QTimer flood;
    flood.setTimerType(Qt::PreciseTimer);
    int frame = 0;
    QObject::connect(&flood, &QTimer::timeout, [&] { painter.fill((frame++ % 2) ? 0x202020 : 0xe0e0e0, QRect(QPoint(0, 0), device)); });
    const double before = cpuSeconds();
    flood.start(16);
    spin(3000);
    flood.stop();
    std::printf("%-46s  %5.1f %% of one core  (%d frames drawn)\n", "mirror + pane paint at 60 Hz full screen",
                (cpuSeconds() - before) / 3.0 * 100, frame);
    spin(500);
    const double idle = cpuSeconds();
    spin(3000);
    std::printf("%-46s  %5.2f %% of one core\n", "pane while the device is idle", (cpuSeconds() - idle) / 3.0 * 100);
    ws.closeTab(tab);
    spin(300);
}

} // namespace

int main(int argc, char *argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen"); // a raster backing store, like the xcb one
    QApplication app(argc, argv);
    const int samples = samplesOption(argc, argv, 200);
    QTemporaryDir runtime;
    qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
    dt::app::Workspace::Settings settings;
    settings.deviceTools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
    dt::app::Workspace ws(settings);
    const dt::app::WindowId window = ws.openWindow();
    dt::app::TerminalLaunch sh;
    sh.program = QStringLiteral("/bin/sh");
    ws.openTab(window, sh); // keeps the window while the measured tabs come and go
    measure(ws, window, "phone", QSize(380, 760), samples, 1);
    measure(ws, window, "tv", QSize(1000, 600), samples / 2, 2);
    std::printf("\n");
    return 0;
}
