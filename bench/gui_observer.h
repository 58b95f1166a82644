#pragma once

// The real deviceterm-gui on a private Xvfb, watched from outside through X
// as a person sees it: the server, the app's process (its memory and CPU
// from /proc), and a client that finds its window, grabs its pixels and
// presses keys with XTest. What bench_gui measures is built from these;
// its target defines DT_GUI_BINARY, the app to start.

#include <QDeadlineTimer>
#include <QFile>
#include <QProcess>
#include <QString>
#include <QStringList>

#include <xcb/xcb.h>
#include <xcb/xtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <vector>

namespace dt::bench {

inline constexpr uint32_t kBackground = 0x1b1e24; // the dark theme
inline constexpr uint32_t kCursor = 0x7ac7ff;

struct Xvfb {
    QProcess process;
    QString display;
    Xvfb()
    {
        process.start(QStringLiteral("Xvfb"), {QStringLiteral("-displayfd"), QStringLiteral("1"), QStringLiteral("-screen"),
                                               QStringLiteral("0"), QStringLiteral("1280x800x24"), QStringLiteral("-nolisten"),
                                               QStringLiteral("tcp")});
        QByteArray out;
        QDeadlineTimer deadline(10000);
        while (!out.contains('\n') && !deadline.hasExpired()) {
            process.waitForReadyRead(100);
            out += process.readAllStandardOutput();
        }
        display = QLatin1Char(':') + QString::fromLatin1(out.trimmed());
    }
    ~Xvfb()
    {
        process.terminate();
        process.waitForFinished(3000);
    }
};

struct Gui {
    QProcess process;
    // `startupFile`: what an interactive sh of a new tab runs first ($ENV).
    Gui(const QString &display, const QStringList &args, const QString &startupFile = QString())
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("DISPLAY"), display);
        env.insert(QStringLiteral("SHELL"), QStringLiteral("/bin/sh"));
        env.insert(QStringLiteral("ENV"), startupFile); // by default none
        env.insert(QStringLiteral("PS1"), QStringLiteral("$ "));
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        process.setProcessEnvironment(env);
        process.start(QStringLiteral(DT_GUI_BINARY), args);
        process.waitForStarted();
    }
    ~Gui()
    {
        process.kill();
        process.waitForFinished(3000);
    }
    long rssKiB() const
    {
        QFile f(QStringLiteral("/proc/%1/status").arg(process.processId()));
        f.open(QIODevice::ReadOnly);
        for (const QByteArray &line : f.readAll().split('\n'))
            if (line.startsWith("VmRSS:"))
                return line.mid(6).trimmed().split(' ').value(0).toLong();
        return -1;
    }
    long cpuTicks() const
    {
        QFile f(QStringLiteral("/proc/%1/stat").arg(process.processId()));
        f.open(QIODevice::ReadOnly);
        const QList<QByteArray> fields = f.readAll().split(')').value(1).trimmed().split(' ');
        return fields.value(11).toLong() + fields.value(12).toLong(); // utime + stime
    }
};

class X {
public:
    explicit X(const QString &display)
    {
        m_conn = xcb_connect(display.toLocal8Bit().constData(), nullptr);
        m_screen = xcb_setup_roots_iterator(xcb_get_setup(m_conn)).data;
    }
    ~X() { xcb_disconnect(m_conn); }

    // The first mapped top-level window whose WM_CLASS instance is `name`.
    xcb_window_t findWindow(const char *name)
    {
        auto *tree = xcb_query_tree_reply(m_conn, xcb_query_tree(m_conn, m_screen->root), nullptr);
        if (!tree)
            return 0;
        xcb_window_t found = 0;
        xcb_window_t *children = xcb_query_tree_children(tree);
        for (int i = 0; i < xcb_query_tree_children_length(tree) && !found; ++i) {
            auto *prop = xcb_get_property_reply(
                m_conn, xcb_get_property(m_conn, 0, children[i], XCB_ATOM_WM_CLASS, XCB_ATOM_STRING, 0, 64), nullptr);
            if (prop && xcb_get_property_value_length(prop) > 0
                && std::strcmp(static_cast<const char *>(xcb_get_property_value(prop)), name) == 0) {
                auto *attr = xcb_get_window_attributes_reply(m_conn, xcb_get_window_attributes(m_conn, children[i]), nullptr);
                if (attr && attr->map_state == XCB_MAP_STATE_VIEWABLE)
                    found = children[i];
                free(attr);
            }
            free(prop);
        }
        free(tree);
        return found;
    }

    // Pixels of a window region as 0xRRGGBB.
    std::vector<uint32_t> grab(xcb_window_t w, int x, int y, int width, int height)
    {
        std::vector<uint32_t> px;
        auto *img = xcb_get_image_reply(
            m_conn, xcb_get_image(m_conn, XCB_IMAGE_FORMAT_Z_PIXMAP, w, static_cast<int16_t>(x), static_cast<int16_t>(y),
                                  static_cast<uint16_t>(width), static_cast<uint16_t>(height), ~0u),
            nullptr);
        if (!img)
            return px;
        const auto *data = reinterpret_cast<const uint32_t *>(xcb_get_image_data(img));
        px.assign(data, data + xcb_get_image_data_length(img) / 4);
        for (uint32_t &p : px)
            p &= 0xffffff;
        free(img);
        return px;
    }

    xcb_get_geometry_reply_t geometry(xcb_window_t w)
    {
        auto *g = xcb_get_geometry_reply(m_conn, xcb_get_geometry(m_conn, w), nullptr);
        xcb_get_geometry_reply_t out = *g;
        free(g);
        return out;
    }

    xcb_keycode_t keycodeFor(xcb_keysym_t sym)
    {
        const xcb_setup_t *setup = xcb_get_setup(m_conn);
        const int count = setup->max_keycode - setup->min_keycode + 1;
        auto *map = xcb_get_keyboard_mapping_reply(
            m_conn, xcb_get_keyboard_mapping(m_conn, setup->min_keycode, static_cast<uint8_t>(count)), nullptr);
        const xcb_keysym_t *syms = xcb_get_keyboard_mapping_keysyms(map);
        xcb_keycode_t code = 0;
        for (int i = 0; i < count && !code; ++i)
            for (int j = 0; j < map->keysyms_per_keycode; ++j)
                if (syms[i * map->keysyms_per_keycode + j] == sym)
                    code = static_cast<xcb_keycode_t>(setup->min_keycode + i);
        free(map);
        return code;
    }

    void focus(xcb_window_t w)
    {
        xcb_set_input_focus(m_conn, XCB_INPUT_FOCUS_POINTER_ROOT, w, XCB_CURRENT_TIME);
        xcb_flush(m_conn);
    }

    // Keys pressed together, released in reverse (Ctrl+Shift+T).
    void chord(std::initializer_list<xcb_keycode_t> codes)
    {
        for (xcb_keycode_t code : codes)
            xcb_test_fake_input(m_conn, XCB_KEY_PRESS, code, XCB_CURRENT_TIME, m_screen->root, 0, 0, 0);
        for (auto it = std::rbegin(codes); it != std::rend(codes); ++it)
            xcb_test_fake_input(m_conn, XCB_KEY_RELEASE, *it, XCB_CURRENT_TIME, m_screen->root, 0, 0, 0);
        xcb_flush(m_conn);
    }

    void key(xcb_keycode_t code)
    {
        xcb_test_fake_input(m_conn, XCB_KEY_PRESS, code, XCB_CURRENT_TIME, m_screen->root, 0, 0, 0);
        xcb_test_fake_input(m_conn, XCB_KEY_RELEASE, code, XCB_CURRENT_TIME, m_screen->root, 0, 0, 0);
        xcb_flush(m_conn);
    }

private:
    xcb_connection_t *m_conn;
    xcb_screen_t *m_screen;
};

// The terminal's area: the rows of the window whose left edge shows the
// terminal background.
inline bool terminalArea(X &x, xcb_window_t w, int &top, int &bottom)
{
    const auto g = x.geometry(w);
    const std::vector<uint32_t> column = x.grab(w, 1, 0, 1, g.height);
    top = -1;
    for (int y = 0; y < static_cast<int>(column.size()); ++y) {
        if (column[static_cast<size_t>(y)] == kBackground) {
            if (top < 0)
                top = y;
            bottom = y;
        }
    }
    return top >= 0;
}

inline bool hasText(const std::vector<uint32_t> &px)
{
    return std::any_of(px.begin(), px.end(), [](uint32_t p) { return p != kBackground && p != kCursor; });
}

} // namespace dt::bench
