// Reads a device app's accessibility tree over AT-SPI: finds its accessibility bus through the device's
// session bus, walks the showing elements (or hit-tests a point) within a time budget, and names roles.

#include "devicepanes/accessibility_bridge.h"

#include <QDBusArgument>
#include <QDBusConnection>
#include <QDBusInterface>
#include <QDBusMessage>
#include <QDBusMetaType>
#include <QDBusObjectPath>
#include <QDBusReply>
#include <QDBusVariant>
#include <QElapsedTimer>
#include <QUuid>

namespace {

// An accessible object: the bus name of its app and its path.
struct AtspiRef {
    QString service;
    QDBusObjectPath path;
};
struct AtspiExtents {
    int x = 0, y = 0, w = 0, h = 0;
};

QDBusArgument &operator<<(QDBusArgument &a, const AtspiRef &r)
{
    a.beginStructure();
    a << r.service << r.path;
    a.endStructure();
    return a;
}
const QDBusArgument &operator>>(const QDBusArgument &a, AtspiRef &r)
{
    a.beginStructure();
    a >> r.service >> r.path;
    a.endStructure();
    return a;
}
QDBusArgument &operator<<(QDBusArgument &a, const AtspiExtents &e)
{
    a.beginStructure();
    a << e.x << e.y << e.w << e.h;
    a.endStructure();
    return a;
}
const QDBusArgument &operator>>(const QDBusArgument &a, AtspiExtents &e)
{
    a.beginStructure();
    a >> e.x >> e.y >> e.w >> e.h;
    a.endStructure();
    return a;
}

} // namespace

Q_DECLARE_METATYPE(AtspiRef)
Q_DECLARE_METATYPE(AtspiExtents)

namespace dt::devices {

namespace {

constexpr int kCallTimeout = 800; // ms, as libatspi
constexpr int kBudget = 5000; // ms for a whole walk
constexpr const char *kAccessible = "org.a11y.atspi.Accessible";
constexpr const char *kComponent = "org.a11y.atspi.Component";
constexpr uint kStateChecked = 4, kStateShowing = 25;
constexpr uint kCoordsScreen = 0;

void registerTypes()
{
    static const bool done = [] {
        qDBusRegisterMetaType<AtspiRef>();
        qDBusRegisterMetaType<QList<AtspiRef>>();
        qDBusRegisterMetaType<AtspiExtents>();
        return true;
    }();
    Q_UNUSED(done);
}

// Words for AT-SPI's roles that read like the contract's examples.
QString roleWord(const QString &atspi)
{
    static const QHash<QString, QString> words = {
        {QStringLiteral("push button"), QStringLiteral("Button")},
        {QStringLiteral("label"), QStringLiteral("StaticText")},
        {QStringLiteral("text"), QStringLiteral("TextField")},
        {QStringLiteral("entry"), QStringLiteral("TextField")},
        {QStringLiteral("terminal"), QStringLiteral("Terminal")},
        {QStringLiteral("check box"), QStringLiteral("CheckBox")},
        {QStringLiteral("list"), QStringLiteral("List")},
        {QStringLiteral("list item"), QStringLiteral("Cell")},
        {QStringLiteral("filler"), QStringLiteral("Group")},
        {QStringLiteral("panel"), QStringLiteral("Group")},
        {QStringLiteral("frame"), QStringLiteral("Window")},
        {QStringLiteral("window"), QStringLiteral("Window")},
        {QStringLiteral("application"), QStringLiteral("Application")},
        {QStringLiteral("scroll bar"), QStringLiteral("ScrollBar")},
        {QStringLiteral("slider"), QStringLiteral("Slider")},
    };
    return words.value(atspi, atspi);
}

class Walker {
public:
    Walker(QDBusConnection bus, QSize screen, const std::atomic<bool> &cancelled)
        : m_bus(std::move(bus)), m_screen(screen), m_cancelled(cancelled)
    {
        m_clock.start();
    }

    QDBusMessage call(const AtspiRef &r, const char *interface, const char *method, const QList<QVariant> &args = {})
    {
        QDBusMessage m = QDBusMessage::createMethodCall(r.service, r.path.path(), QLatin1String(interface), QLatin1String(method));
        m.setArguments(args);
        return m_bus.call(m, QDBus::Block, kCallTimeout);
    }
    bool outOfTime() const { return m_cancelled || m_clock.elapsed() > kBudget; }

    QList<AtspiRef> children(const AtspiRef &r)
    {
        const QDBusMessage reply = call(r, kAccessible, "GetChildren");
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
            return {};
        return qdbus_cast<QList<AtspiRef>>(reply.arguments().first());
    }
    QString property(const AtspiRef &r, const char *name)
    {
        const QDBusMessage reply = call(r, "org.freedesktop.DBus.Properties", "Get",
                                        {QString::fromLatin1(kAccessible), QString::fromLatin1(name)});
        if (reply.type() != QDBusMessage::ReplyMessage || reply.arguments().isEmpty())
            return {};
        return qdbus_cast<QDBusVariant>(reply.arguments().first()).variant().toString();
    }
    QList<uint> states(const AtspiRef &r)
    {
        const QDBusMessage reply = call(r, kAccessible, "GetState");
        return reply.type() == QDBusMessage::ReplyMessage && !reply.arguments().isEmpty()
            ? qdbus_cast<QList<uint>>(reply.arguments().first())
            : QList<uint>{};
    }
    static bool has(const QList<uint> &states, uint bit) { return states.value(bit / 32) & (1u << (bit % 32)); }

    // Fills a node's own fields; false when it is not on screen.
    bool describe(const AtspiRef &r, AxNode &node)
    {
        const QList<uint> st = states(r);
        if (!has(st, kStateShowing))
            return false;
        const QDBusMessage role = call(r, kAccessible, "GetRoleName");
        const QString atspiRole = role.arguments().value(0).toString();
        node.role = roleWord(atspiRole);
        node.label = property(r, "Name");
        const QDBusMessage ext = call(r, kComponent, "GetExtents", {QVariant::fromValue(kCoordsScreen)});
        if (ext.type() == QDBusMessage::ReplyMessage && !ext.arguments().isEmpty()) {
            const auto e = qdbus_cast<AtspiExtents>(ext.arguments().first());
            node.frame = QRectF(double(e.x) / m_screen.width(), double(e.y) / m_screen.height(),
                                double(e.w) / m_screen.width(), double(e.h) / m_screen.height());
        }
        if (atspiRole == QLatin1String("text") || atspiRole == QLatin1String("entry")
            || atspiRole == QLatin1String("terminal")) {
            const QDBusMessage text = call(r, "org.a11y.atspi.Text", "GetText", {0, -1});
            node.value = text.arguments().value(0).toString();
        } else if (atspiRole == QLatin1String("check box")) {
            node.value = has(st, kStateChecked) ? QStringLiteral("1") : QStringLiteral("0");
        }
        return true;
    }

    void walk(const AtspiRef &r, AxNode &node, int depth)
    {
        if (depth > 40 || outOfTime())
            return;
        for (const AtspiRef &child : children(r)) {
            if (outOfTime())
                return; // what was read so far
            AxNode c;
            if (!describe(child, c))
                continue;
            walk(child, c, depth + 1);
            node.children << c;
        }
    }

private:
    QDBusConnection m_bus;
    QSize m_screen;
    const std::atomic<bool> &m_cancelled;
    QElapsedTimer m_clock;
};

const AtspiRef kRegistryRoot{QStringLiteral("org.a11y.atspi.Registry"), QDBusObjectPath(QStringLiteral("/org/a11y/atspi/accessible/root"))};

} // namespace

AccessibilityBridge::AccessibilityBridge(QString sessionBus, QSize screen) : m_sessionBus(std::move(sessionBus)), m_screen(screen)
{
    registerTypes();
}

AccessibilityBridge::~AccessibilityBridge()
{
    if (!m_connectionName.isEmpty())
        QDBusConnection::disconnectFromBus(m_connectionName);
}

bool AccessibilityBridge::connect(QString *why)
{
    if (m_cancelled) {
        *why = QStringLiteral("pane.ax: deviceterm is shutting down");
        return false;
    }
    if (!m_connectionName.isEmpty() && QDBusConnection(m_connectionName).isConnected())
        return true;
    const QString session = QStringLiteral("dt-session-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    QDBusConnection bus = QDBusConnection::connectToBus(m_sessionBus, session);
    QString address;
    if (bus.isConnected()) {
        QDBusMessage m = QDBusMessage::createMethodCall(QStringLiteral("org.a11y.Bus"), QStringLiteral("/org/a11y/bus"),
                                                        QStringLiteral("org.a11y.Bus"), QStringLiteral("GetAddress"));
        const QDBusMessage reply = bus.call(m, QDBus::Block, kCallTimeout);
        address = reply.arguments().value(0).toString();
    }
    QDBusConnection::disconnectFromBus(session);
    if (address.isEmpty()) {
        *why = QStringLiteral("pane.ax: the device's accessibility bus does not answer");
        return false;
    }
    if (!m_connectionName.isEmpty())
        QDBusConnection::disconnectFromBus(m_connectionName); // a dead one
    m_connectionName = QStringLiteral("dt-a11y-") + QUuid::createUuid().toString(QUuid::WithoutBraces);
    if (!QDBusConnection::connectToBus(address, m_connectionName).isConnected()) {
        *why = QStringLiteral("pane.ax: cannot connect to the device's accessibility bus");
        m_connectionName.clear();
        return false;
    }
    return true;
}

std::optional<AxNode> AccessibilityBridge::tree(QString *why)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!connect(why))
        return std::nullopt;
    Walker walker(QDBusConnection(m_connectionName), m_screen, m_cancelled);
    // The apps on the bus; the one on screen is the one with a showing window.
    const QList<AtspiRef> apps = walker.children(kRegistryRoot);
    for (auto app = apps.crbegin(); app != apps.crend(); ++app) {
        AxNode root;
        root.role = QStringLiteral("Application");
        root.label = walker.property(*app, "Name");
        root.frame = QRectF(0, 0, 1, 1);
        walker.walk(*app, root, 0);
        if (!root.children.isEmpty())
            return root;
    }
    *why = apps.isEmpty() ? QStringLiteral("pane.ax: no app on the device is accessible yet")
                          : QStringLiteral("pane.ax: the device's app shows nothing accessible");
    return std::nullopt;
}

std::optional<AxNode> AccessibilityBridge::elementAt(QPointF at, QString *why)
{
    std::lock_guard<std::mutex> lock(m_mutex);
    if (!connect(why))
        return std::nullopt;
    Walker walker(QDBusConnection(m_connectionName), m_screen, m_cancelled);
    const int x = int(at.x() * (m_screen.width() - 1));
    const int y = int(at.y() * (m_screen.height() - 1));
    const QList<AtspiRef> apps = walker.children(kRegistryRoot);
    for (auto app = apps.crbegin(); app != apps.crend(); ++app) {
        for (const AtspiRef &window : walker.children(*app)) {
            AxNode node;
            if (!walker.describe(window, node))
                continue;
            // Down from the window, one hit test at a time, to the deepest.
            AtspiRef current = window;
            for (int depth = 0; depth < 40 && !walker.outOfTime(); ++depth) {
                const QDBusMessage hit = walker.call(current, kComponent, "GetAccessibleAtPoint",
                                                     {x, y, QVariant::fromValue(kCoordsScreen)});
                if (hit.type() != QDBusMessage::ReplyMessage || hit.arguments().isEmpty())
                    break;
                const auto next = qdbus_cast<AtspiRef>(hit.arguments().first());
                if (next.path.path() == QLatin1String("/org/a11y/atspi/null") || next.path.path().isEmpty()
                    || next.path.path() == current.path.path())
                    break;
                AxNode deeper;
                if (!walker.describe(next, deeper))
                    break;
                node = deeper;
                current = next;
            }
            if (node.frame.contains(at))
                return node;
        }
    }
    *why = QStringLiteral("pane.ax: nothing accessible at that point");
    return std::nullopt;
}

} // namespace dt::devices
