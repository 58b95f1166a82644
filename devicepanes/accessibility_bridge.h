#pragma once

#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>

#include <atomic>
#include <mutex>
#include <optional>

namespace dt::devices {

// One element of a device app's accessibility tree, frame normalised to the
// device's screen (0..1).
struct AxNode {
    QString role; // "Button", "StaticText", … (AT-SPI's role name when there is no better word)
    QString label;
    QString value;
    QRectF frame;
    QList<AxNode> children;
};

// Reads a device's accessibility tree over AT-SPI with QtDBus: its own
// connection to the device's accessibility bus (found through the device's
// private session bus). Calls are synchronous with short timeouts and a
// total budget, so they belong on a worker thread, never the GUI's; one
// query runs at a time (the others wait), and cancel() ends a running one
// soon. Properties.GetAll is never used (it crashes Qt 6.4 apps).
class AccessibilityBridge {
public:
    // `sessionBus`: the device's session bus address; `screen`: its size.
    AccessibilityBridge(QString sessionBus, QSize screen);
    ~AccessibilityBridge();

    // The app on screen, its hidden parts left out. nullopt (with `why`)
    // when the bus or the app does not answer.
    std::optional<AxNode> tree(QString *why);
    // The deepest element at a normalised point, without children.
    std::optional<AxNode> elementAt(QPointF at, QString *why);

    void setScreenSize(QSize screen)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        m_screen = screen;
    }
    // Ends queries (running and future) as soon as they check: at quit.
    void cancel() { m_cancelled = true; }
    bool cancelled() const { return m_cancelled; }

private:
    bool connect(QString *why);

    std::mutex m_mutex; // one query at a time
    std::atomic<bool> m_cancelled{false};
    QString m_sessionBus;
    QSize m_screen;
    QString m_connectionName; // of the accessibility bus, once connected
};

} // namespace dt::devices
