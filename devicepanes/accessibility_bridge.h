#pragma once

#include <QList>
#include <QRectF>
#include <QSize>
#include <QString>

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
// total budget; Properties.GetAll is never used (it crashes Qt 6.4 apps).
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

    void setScreenSize(QSize screen) { m_screen = screen; }

private:
    bool connect(QString *why);

    QString m_sessionBus;
    QSize m_screen;
    QString m_connectionName; // of the accessibility bus, once connected
};

} // namespace dt::devices
