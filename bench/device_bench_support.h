#pragma once

// What the device benchmarks share: CPU time, percentiles, event-loop waits
// and an X client that draws on a device's screen.

#include <QCoreApplication>
#include <QFile>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QRect>
#include <QString>
#include <QTimer>

#include <xcb/xcb.h>

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <functional>
#include <sys/resource.h>
#include <vector>

namespace dt::bench {

inline double cpuSeconds()
{
    rusage u {};
    getrusage(RUSAGE_SELF, &u);
    return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

inline void report(const char *what, std::vector<double> ms)
{
    if (ms.empty()) {
        std::printf("%-46s  no samples\n", what);
        return;
    }
    std::sort(ms.begin(), ms.end());
    std::printf("%-46s  p50 %7.3f ms  p95 %7.3f ms  max %7.3f ms  (n=%zu)\n", what, ms[ms.size() / 2],
                ms[std::min(ms.size() - 1, ms.size() * 95 / 100)], ms.back(), ms.size());
}

// Runs the event loop for `ms`, sleeping between events (a busy loop
// would measure itself).
inline void spin(int ms)
{
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

inline bool waitFor(const std::function<bool()> &done, int ms)
{
    QElapsedTimer t;
    t.start();
    QTimer wake; // bounds each wait, so a condition nobody signals still ends
    wake.start(5);
    while (!done() && t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    return done();
}

// Draws on the device's root window from a second X client.
struct Painter {
    xcb_connection_t *c;
    xcb_window_t root;
    xcb_gcontext_t gc;
    // `xauthority`: the device's cookie file (the display wants it).
    Painter(const QString &display, const QString &xauthority)
    {
        qputenv("XAUTHORITY", QFile::encodeName(xauthority));
        c = xcb_connect(display.toLocal8Bit().constData(), nullptr);
        root = xcb_setup_roots_iterator(xcb_get_setup(c)).data->root;
        gc = xcb_generate_id(c);
        const uint32_t values[] = {0, XCB_SUBWINDOW_MODE_INCLUDE_INFERIORS};
        xcb_create_gc(c, gc, root, XCB_GC_FOREGROUND | XCB_GC_SUBWINDOW_MODE, values);
    }
    ~Painter() { xcb_disconnect(c); }
    void fill(uint32_t colour, QRect r)
    {
        xcb_change_gc(c, gc, XCB_GC_FOREGROUND, &colour);
        const xcb_rectangle_t rect{int16_t(r.x()), int16_t(r.y()), uint16_t(r.width()), uint16_t(r.height())};
        xcb_poly_fill_rectangle(c, root, gc, 1, &rect);
        xcb_flush(c);
    }
};

// --samples N from the command line, else `fallback`.
inline int samplesOption(int argc, char *argv[], int fallback)
{
    for (int i = 1; i + 1 < argc; ++i)
        if (qstrcmp(argv[i], "--samples") == 0)
            return std::atoi(argv[i + 1]);
    return fallback;
}

} // namespace dt::bench
