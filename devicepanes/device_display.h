#pragma once

#include <QImage>
#include <QObject>
#include <QRegion>
#include <QString>

#include <memory>

struct xcb_connection_t;
class QSocketNotifier;

namespace dt::devices {

// A device's X display as the GUI sees it: its framebuffer (the XWD file
// Xvfb keeps in -fbdir, mapped), change notifications (XDamage on the root),
// and synthetic input (XTest), all over one xcb connection on the GUI
// thread. The picture is copied into `frame()` one damaged rectangle at a
// time, on the event loop turn after the damage: latest frame wins, and an
// idle device costs nothing.
class DeviceDisplay : public QObject {
    Q_OBJECT
public:
    ~DeviceDisplay() override;

    // Connects to `display` (":N") whose framebuffer file is `framebuffer`.
    // Null, with `why`, when either is not usable.
    // `xauthority`: the display's cookie file (empty, or a file without a
    // cookie: a display that asks for none, e.g. one kept from an older
    // deviceterm).
    static std::unique_ptr<DeviceDisplay> open(const QString &display, const QString &framebuffer, const QString &xauthority,
                                               QString *why);

    const QImage &frame() const { return m_frame; }
    QSize size() const { return m_frame.size(); }
    // Switches the screen to `size` (at most the framebuffer's) with RandR:
    // a mode of that size is made if there is none. Apps see their screen
    // change size, as on a device that turns.
    bool setScreenSize(QSize size, QString *why);

    // Input, in device pixels. Each call is sent at once (flushed).
    void movePointer(QPoint at);
    void pressButton(int button, bool down); // 1 left … 4/5 wheel
    // Presses or releases the key that types `keysym`, with Shift when the
    // keymap needs it; false when no key has it and none was free to bind.
    bool typeKeysym(uint32_t keysym, bool down);
    // Whether the keymap itself has the keysym (keys bound for a while to
    // type other characters do not count: they are freed again).
    bool hasKeysym(uint32_t keysym) const
    {
        bool shifted = false;
        const uint8_t keycode = keycodeFor(keysym, &shifted);
        return keycode != 0 && !m_boundKeycodes.contains(keycode);
    }
    // Binds `keysyms` (at most freeKeycodes()) to unused keys for typing
    // characters the keymap lacks; bindings last until released.
    bool bindScratchKeysyms(const QList<uint32_t> &keysyms);
    void releaseScratchKeysyms();
    int freeKeycodes() const { return int(m_freeKeycodes.size()); }

signals:
    void frameChanged(const QRegion &region);
    // The X server went away (the device shut down or crashed).
    void lost();
    // The display is being closed; frame() is still the last picture.
    void closing();

private:
    DeviceDisplay() = default;
    void flush();
    void readEvents();
    void readQueuedEvents();
    void handleEvents(bool queuedOnly);
    void copyDamage();
    void loadKeymap();
    uint8_t keycodeFor(uint32_t keysym, bool *shifted) const;

    xcb_connection_t *m_connection = nullptr;
    uint32_t m_root = 0;
    uint8_t m_damageEvent = 0;
    std::unique_ptr<QSocketNotifier> m_notifier;
    uchar *m_map = nullptr;
    size_t m_mapSize = 0;
    size_t m_pixelOffset = 0;
    int m_bytesPerLine = 0;
    QImage m_frame;
    QRegion m_dirty;
    bool m_copyScheduled = false;
    // The keymap: keysyms per keycode, from the server.
    uint8_t m_minKeycode = 8;
    int m_keysymsPerKeycode = 0;
    QList<uint32_t> m_keysyms;
    QList<uint8_t> m_freeKeycodes;
    QList<uint8_t> m_boundKeycodes;
    uint8_t m_shiftKeycode = 0;
};

} // namespace dt::devices
