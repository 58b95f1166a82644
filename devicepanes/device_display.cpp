// The GUI's window onto a device's X display: maps Xvfb's XWD framebuffer, copies XDamage'd rectangles into
// a QImage, resizes the screen with RandR, and injects pointer and key events with XTest.

#include "devicepanes/device_display.h"

#include "devicepanes/display_cookie.h"

#include <QFile>
#include <QSocketNotifier>
#include <QTimer>

#include <xcb/damage.h>
#include <xcb/randr.h>
#include <xcb/xcb.h>
#include <xcb/xtest.h>

#include <arpa/inet.h>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace dt::devices {

namespace {
constexpr uint32_t kShiftL = 0xffe1;
// The fields of an XWD header we read (all big-endian CARD32, X11/XWDFile.h).
enum XwdField { HeaderSize = 0, PixmapDepth = 3, Width = 4, Height = 5, BitsPerPixel = 11, BytesPerLine = 12, NColors = 19 };
constexpr size_t kXwdColorSize = 12;

uint32_t field(const uchar *map, int index)
{
    uint32_t v;
    std::memcpy(&v, map + index * 4, 4);
    return ntohl(v);
}
} // namespace

std::unique_ptr<DeviceDisplay> DeviceDisplay::open(const QString &display, const QString &framebuffer,
                                                   const QString &xauthority, QString *why)
{
    auto fail = [why](const QString &what) {
        if (why)
            *why = what;
        return std::unique_ptr<DeviceDisplay>();
    };
    std::unique_ptr<DeviceDisplay> d(new DeviceDisplay);
    const int fd = ::open(QFile::encodeName(framebuffer).constData(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(QStringLiteral("cannot open the framebuffer %1").arg(framebuffer));
    struct stat st {};
    ::fstat(fd, &st);
    d->m_mapSize = size_t(st.st_size);
    void *map = d->m_mapSize > 100 ? ::mmap(nullptr, d->m_mapSize, PROT_READ, MAP_SHARED, fd, 0) : MAP_FAILED;
    ::close(fd);
    if (map == MAP_FAILED)
        return fail(QStringLiteral("cannot map the framebuffer %1").arg(framebuffer));
    d->m_map = static_cast<uchar *>(map);
    const int width = int(field(d->m_map, Width));
    const int height = int(field(d->m_map, Height));
    d->m_bytesPerLine = int(field(d->m_map, BytesPerLine));
    d->m_pixelOffset = field(d->m_map, HeaderSize) + field(d->m_map, NColors) * kXwdColorSize;
    if (field(d->m_map, BitsPerPixel) != 32 || width <= 0 || height <= 0 || d->m_bytesPerLine < width * 4
        || d->m_pixelOffset + size_t(d->m_bytesPerLine) * size_t(height) > d->m_mapSize)
        return fail(QStringLiteral("the framebuffer is not a 32-bit XWD image"));
    // Our own cookie, not $XAUTHORITY: that is the user's desktop's.
    const auto cookie = xauthority.isEmpty() ? std::nullopt : readXauthority(QFile::encodeName(xauthority).toStdString());
    if (cookie) {
        xcb_auth_info_t auth{};
        auth.namelen = static_cast<int>(std::strlen(kCookieName));
        auth.name = const_cast<char *>(kCookieName);
        auth.datalen = static_cast<int>(cookie->size());
        auth.data = reinterpret_cast<char *>(const_cast<uint8_t *>(cookie->data()));
        d->m_connection = xcb_connect_to_display_with_auth_info(display.toLocal8Bit().constData(), &auth, nullptr);
    } else {
        d->m_connection = xcb_connect(display.toLocal8Bit().constData(), nullptr);
    }
    if (xcb_connection_has_error(d->m_connection))
        return fail(QStringLiteral("cannot connect to the device's display %1").arg(display));
    d->m_root = xcb_setup_roots_iterator(xcb_get_setup(d->m_connection)).data->root;
    // The screen may be smaller than its framebuffer (a RandR size set
    // before we came: a device kept running and attached again).
    QSize screen(width, height);
    if (auto *root = xcb_get_geometry_reply(d->m_connection, xcb_get_geometry(d->m_connection, d->m_root), nullptr)) {
        screen = QSize(root->width, root->height).boundedTo(screen);
        free(root);
    }
    d->m_frame = QImage(screen, QImage::Format_RGB32);
    d->m_frame.fill(Qt::black);
    const xcb_query_extension_reply_t *damage = xcb_get_extension_data(d->m_connection, &xcb_damage_id);
    if (!damage || !damage->present)
        return fail(QStringLiteral("the device's display has no DAMAGE extension"));
    d->m_damageEvent = damage->first_event;
    free(xcb_damage_query_version_reply(d->m_connection, xcb_damage_query_version(d->m_connection, 1, 1), nullptr));
    xcb_damage_create(d->m_connection, xcb_generate_id(d->m_connection), d->m_root,
                      XCB_DAMAGE_REPORT_LEVEL_RAW_RECTANGLES);
    d->loadKeymap();
    xcb_flush(d->m_connection);

    DeviceDisplay *self = d.get();
    d->m_notifier = std::make_unique<QSocketNotifier>(xcb_get_file_descriptor(d->m_connection), QSocketNotifier::Read);
    connect(d->m_notifier.get(), &QSocketNotifier::activated, self, [self] { self->readEvents(); });
    // What was on screen before we watched.
    d->m_dirty = QRegion(d->m_frame.rect());
    d->copyDamage();
    return d;
}

DeviceDisplay::~DeviceDisplay()
{
    emit closing();
    m_notifier.reset();
    if (m_connection) {
        releaseScratchKeysyms();
        xcb_disconnect(m_connection);
    }
    if (m_map)
        ::munmap(m_map, m_mapSize);
}

bool DeviceDisplay::setScreenSize(QSize size, QString *why)
{
    const int fbWidth = int(field(m_map, Width)), fbHeight = int(field(m_map, Height));
    if (size.width() > fbWidth || size.height() > fbHeight || size.isEmpty()) {
        *why = QStringLiteral("the screen cannot be %1x%2").arg(size.width()).arg(size.height());
        return false;
    }
    auto *resources = xcb_randr_get_screen_resources_current_reply(
        m_connection, xcb_randr_get_screen_resources_current(m_connection, m_root), nullptr);
    if (!resources || xcb_randr_get_screen_resources_current_outputs_length(resources) < 1
        || xcb_randr_get_screen_resources_current_crtcs_length(resources) < 1) {
        free(resources);
        *why = QStringLiteral("the device's display has no RandR output");
        return false;
    }
    const xcb_randr_output_t output = xcb_randr_get_screen_resources_current_outputs(resources)[0];
    const xcb_randr_crtc_t crtc = xcb_randr_get_screen_resources_current_crtcs(resources)[0];
    const xcb_timestamp_t configTime = resources->config_timestamp;
    // A mode of that size: one that exists, or a new one named like xrandr's.
    xcb_randr_mode_t mode = 0;
    const xcb_randr_mode_info_t *modes = xcb_randr_get_screen_resources_current_modes(resources);
    for (int i = 0; i < xcb_randr_get_screen_resources_current_modes_length(resources); ++i)
        if (modes[i].width == size.width() && modes[i].height == size.height())
            mode = modes[i].id;
    free(resources);
    if (!mode) {
        const QByteArray name = QByteArray::number(size.width()) + 'x' + QByteArray::number(size.height());
        xcb_randr_mode_info_t info {};
        info.width = uint16_t(size.width());
        info.height = uint16_t(size.height());
        info.hsync_start = info.hsync_end = info.htotal = info.width;
        info.vsync_start = info.vsync_end = info.vtotal = info.height;
        info.name_len = uint16_t(name.size());
        auto *created = xcb_randr_create_mode_reply(
            m_connection, xcb_randr_create_mode(m_connection, m_root, info, uint32_t(name.size()), name.constData()), nullptr);
        if (!created) {
            *why = QStringLiteral("RandR refused a %1 mode").arg(QString::fromLatin1(name));
            return false;
        }
        mode = created->mode;
        free(created);
        xcb_randr_add_output_mode(m_connection, output, mode);
    }
    // The screen must hold the crtc at every step (as xrandr does it): grow
    // it to hold both sizes, switch the crtc, then fit it to the new one.
    auto setScreen = [&](QSize s) {
        const int dpi = 96;
        xcb_randr_set_screen_size(m_connection, m_root, uint16_t(s.width()), uint16_t(s.height()),
                                  uint32_t(s.width() * 254 / (dpi * 10)), uint32_t(s.height() * 254 / (dpi * 10)));
    };
    setScreen(size.expandedTo(m_frame.size()));
    auto *set = xcb_randr_set_crtc_config_reply(
        m_connection,
        xcb_randr_set_crtc_config(m_connection, crtc, XCB_CURRENT_TIME, configTime, 0, 0, mode, XCB_RANDR_ROTATION_ROTATE_0, 1, &output),
        nullptr);
    const bool ok = set && set->status == XCB_RANDR_SET_CONFIG_SUCCESS;
    free(set);
    if (!ok) {
        *why = QStringLiteral("RandR could not switch the screen to %1x%2").arg(size.width()).arg(size.height());
        return false;
    }
    setScreen(size);
    flush();
    m_frame = QImage(size, QImage::Format_RGB32);
    m_frame.fill(Qt::black);
    m_dirty = QRegion(m_frame.rect());
    if (!m_copyScheduled) {
        m_copyScheduled = true;
        QTimer::singleShot(0, this, &DeviceDisplay::copyDamage);
    }
    return true;
}

// Sending can read too (xcb takes in what arrived while it waited to
// write), so queued events are looked at after every flush.
void DeviceDisplay::flush()
{
    xcb_flush(m_connection);
    readQueuedEvents();
}

void DeviceDisplay::readEvents()
{
    handleEvents(false);
}

// Waiting for a reply reads whatever events arrive meanwhile into xcb's
// queue, where no socket notification will ever announce them: after every
// call that waits, this takes them from the queue (and only from there).
void DeviceDisplay::readQueuedEvents()
{
    handleEvents(true);
}

void DeviceDisplay::handleEvents(bool queuedOnly)
{
    auto next = [this, queuedOnly] {
        return queuedOnly ? xcb_poll_for_queued_event(m_connection) : xcb_poll_for_event(m_connection);
    };
    while (xcb_generic_event_t *e = next()) {
        if ((e->response_type & 0x7f) == m_damageEvent + XCB_DAMAGE_NOTIFY) {
            const auto *n = reinterpret_cast<xcb_damage_notify_event_t *>(e);
            m_dirty += QRect(n->area.x, n->area.y, n->area.width, n->area.height);
        }
        free(e);
    }
    if (xcb_connection_has_error(m_connection)) {
        if (m_notifier)
            m_notifier->setEnabled(false);
        emit lost();
        return;
    }
    if (!m_dirty.isEmpty() && !m_copyScheduled) {
        m_copyScheduled = true;
        QTimer::singleShot(0, this, &DeviceDisplay::copyDamage);
    }
}

void DeviceDisplay::copyDamage()
{
    m_copyScheduled = false;
    if (m_dirty.isEmpty())
        return;
    // One round trip: the server has drawn what it reported by the time it
    // answers, so the mapping holds the new pixels. Damage that came in
    // while we waited is copied now too.
    free(xcb_get_input_focus_reply(m_connection, xcb_get_input_focus(m_connection), nullptr));
    while (xcb_generic_event_t *e = xcb_poll_for_queued_event(m_connection)) {
        if ((e->response_type & 0x7f) == m_damageEvent + XCB_DAMAGE_NOTIFY) {
            const auto *n = reinterpret_cast<xcb_damage_notify_event_t *>(e);
            m_dirty += QRect(n->area.x, n->area.y, n->area.width, n->area.height);
        }
        free(e);
    }
    const QRegion region = m_dirty & m_frame.rect();
    m_dirty = QRegion();
    for (const QRect &r : region) {
        for (int y = r.top(); y <= r.bottom(); ++y)
            std::memcpy(m_frame.scanLine(y) + r.left() * 4,
                        m_map + m_pixelOffset + size_t(y) * size_t(m_bytesPerLine) + size_t(r.left()) * 4,
                        size_t(r.width()) * 4);
    }
    emit frameChanged(region);
}

void DeviceDisplay::loadKeymap()
{
    const xcb_setup_t *setup = xcb_get_setup(m_connection);
    m_minKeycode = setup->min_keycode;
    const int count = setup->max_keycode - setup->min_keycode + 1;
    auto *reply = xcb_get_keyboard_mapping_reply(
        m_connection, xcb_get_keyboard_mapping(m_connection, setup->min_keycode, uint8_t(count)), nullptr);
    if (!reply)
        return;
    m_keysymsPerKeycode = reply->keysyms_per_keycode;
    const xcb_keysym_t *syms = xcb_get_keyboard_mapping_keysyms(reply);
    m_keysyms = QList<uint32_t>(syms, syms + xcb_get_keyboard_mapping_keysyms_length(reply));
    free(reply);
    m_freeKeycodes.clear();
    for (int k = 0; k < count; ++k) {
        bool empty = true;
        for (int c = 0; c < m_keysymsPerKeycode; ++c)
            empty = empty && m_keysyms.at(k * m_keysymsPerKeycode + c) == 0;
        if (empty)
            m_freeKeycodes << uint8_t(m_minKeycode + k);
    }
    bool unused = false;
    m_shiftKeycode = keycodeFor(kShiftL, &unused);
}

uint8_t DeviceDisplay::keycodeFor(uint32_t keysym, bool *shifted) const
{
    if (m_keysymsPerKeycode == 0)
        return 0;
    for (int column = 0; column < std::min(m_keysymsPerKeycode, 2); ++column)
        for (qsizetype k = 0; k * m_keysymsPerKeycode < m_keysyms.size(); ++k)
            if (m_keysyms.at(k * m_keysymsPerKeycode + column) == keysym) {
                *shifted = column == 1;
                return uint8_t(m_minKeycode + k);
            }
    return 0;
}

void DeviceDisplay::movePointer(QPoint at)
{
    xcb_test_fake_input(m_connection, XCB_MOTION_NOTIFY, 0, XCB_CURRENT_TIME, m_root, int16_t(at.x()), int16_t(at.y()), 0);
    flush();
}

void DeviceDisplay::pressButton(int button, bool down)
{
    xcb_test_fake_input(m_connection, down ? XCB_BUTTON_PRESS : XCB_BUTTON_RELEASE, uint8_t(button), XCB_CURRENT_TIME,
                        XCB_NONE, 0, 0, 0);
    flush();
}

bool DeviceDisplay::typeKeysym(uint32_t keysym, bool down)
{
    bool shifted = false;
    const uint8_t keycode = keycodeFor(keysym, &shifted);
    if (!keycode)
        return false;
    if (shifted && down && m_shiftKeycode)
        xcb_test_fake_input(m_connection, XCB_KEY_PRESS, m_shiftKeycode, XCB_CURRENT_TIME, XCB_NONE, 0, 0, 0);
    xcb_test_fake_input(m_connection, down ? XCB_KEY_PRESS : XCB_KEY_RELEASE, keycode, XCB_CURRENT_TIME, XCB_NONE, 0, 0, 0);
    if (shifted && !down && m_shiftKeycode)
        xcb_test_fake_input(m_connection, XCB_KEY_RELEASE, m_shiftKeycode, XCB_CURRENT_TIME, XCB_NONE, 0, 0, 0);
    flush();
    return true;
}

bool DeviceDisplay::bindScratchKeysyms(const QList<uint32_t> &keysyms)
{
    if (keysyms.size() > m_freeKeycodes.size() || m_keysymsPerKeycode == 0)
        return false;
    for (qsizetype i = 0; i < keysyms.size(); ++i) {
        const uint8_t keycode = m_freeKeycodes.at(i);
        QList<uint32_t> row(m_keysymsPerKeycode, keysyms.at(i)); // same with or without Shift
        xcb_change_keyboard_mapping(m_connection, 1, keycode, uint8_t(m_keysymsPerKeycode), row.constData());
        for (int c = 0; c < m_keysymsPerKeycode; ++c)
            m_keysyms[(keycode - m_minKeycode) * m_keysymsPerKeycode + c] = keysyms.at(i);
        m_boundKeycodes << keycode;
    }
    flush();
    return true;
}

void DeviceDisplay::releaseScratchKeysyms()
{
    for (uint8_t keycode : std::as_const(m_boundKeycodes)) {
        QList<uint32_t> row(m_keysymsPerKeycode, 0);
        xcb_change_keyboard_mapping(m_connection, 1, keycode, uint8_t(m_keysymsPerKeycode), row.constData());
        for (int c = 0; c < m_keysymsPerKeycode; ++c)
            m_keysyms[(keycode - m_minKeycode) * m_keysymsPerKeycode + c] = 0;
    }
    m_boundKeycodes.clear();
    flush();
}

} // namespace dt::devices
