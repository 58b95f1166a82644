// Desktop notifications over D-Bus (see the header). The protocol is the
// freedesktop Desktop Notifications specification: Notify answers an id;
// ActionInvoked and NotificationClosed name it later.

#include "app/desktop/desktop_notifier.h"

#include <QDBusMessage>
#include <QFileInfo>
#include <QDBusPendingCallWatcher>
#include <QDBusPendingReply>
#include <QVariantMap>

namespace dt::desktop {

namespace {
const QString kService = QStringLiteral("org.freedesktop.Notifications");
const QString kPath = QStringLiteral("/org/freedesktop/Notifications");
const QString kInterface = QStringLiteral("org.freedesktop.Notifications");
constexpr int kExpireMillis = -1; // the server's default
// Bounds on what a notice carries: titles and commands come from programs.
constexpr int kMaxSummary = 200;
constexpr int kMaxBody = 1000;
} // namespace

DbusNotifier::DbusNotifier(QObject *parent) : QObject(parent) {}

DbusNotifier::DbusNotifier(const QDBusConnection &bus, QObject *parent) : QObject(parent), m_bus(bus)
{
    m_triedSessionBus = true;
    listen();
}

void DbusNotifier::listen()
{
    if (!m_bus->isConnected())
        return;
    // Matched by path and interface, any sender: naming the service would
    // make Qt ask the bus for its owner, a call that waits for the answer.
    m_bus->connect(QString(), kPath, kInterface, QStringLiteral("ActionInvoked"), this, SLOT(onActionInvoked(uint, QString)));
    m_bus->connect(QString(), kPath, kInterface, QStringLiteral("NotificationClosed"), this, SLOT(onClosed(uint, uint)));
}

QDBusConnection *DbusNotifier::bus()
{
    if (!m_triedSessionBus) {
        m_triedSessionBus = true;
        // Only a bus that is there: without an address (or the systemd
        // user bus's socket) libdbus would try to launch one.
        const QByteArray runtime = qgetenv("XDG_RUNTIME_DIR");
        if (qEnvironmentVariableIsSet("DBUS_SESSION_BUS_ADDRESS")
            || (!runtime.isEmpty() && QFileInfo(QString::fromLocal8Bit(runtime) + QStringLiteral("/bus")).exists())) {
            m_bus = QDBusConnection::sessionBus();
            listen();
        }
    }
    return m_bus && m_bus->isConnected() ? &*m_bus : nullptr;
}

void DbusNotifier::notify(const QString &summary, const QString &body, std::function<void()> onActivated)
{
    QDBusConnection *connection = bus();
    if (!connection)
        return;
    if (m_markup == Markup::Yes || m_markup == Markup::No)
        return send(summary, body, std::move(onActivated));
    m_queued.push_back({summary, body, std::move(onActivated)});
    if (m_markup == Markup::Asking)
        return;
    m_markup = Markup::Asking;
    const QDBusMessage ask = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("GetCapabilities"));
    auto *watcher = new QDBusPendingCallWatcher(connection->asyncCall(ask), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this, [this](QDBusPendingCallWatcher *w) {
        w->deleteLater();
        const QDBusPendingReply<QStringList> reply = *w;
        m_markup = !reply.isError() && reply.value().contains(QStringLiteral("body-markup")) ? Markup::Yes : Markup::No;
        for (Queued &q : std::exchange(m_queued, {}))
            send(q.summary, q.body, std::move(q.onActivated));
    });
}

void DbusNotifier::send(const QString &summary, const QString &body, std::function<void()> onActivated)
{
    QDBusConnection *connection = bus();
    if (!connection)
        return;
    QDBusMessage call = QDBusMessage::createMethodCall(kService, kPath, kInterface, QStringLiteral("Notify"));
    // A command line is text, not markup, where the server would read it so.
    const QString text = m_markup == Markup::Yes ? body.left(kMaxBody).toHtmlEscaped() : body.left(kMaxBody);
    call << QStringLiteral("deviceterm") << uint(0) << QStringLiteral("utilities-terminal") << summary.left(kMaxSummary)
         << text << QStringList{QStringLiteral("default"), tr("Show")}
         << QVariantMap{{QStringLiteral("desktop-entry"), QStringLiteral("deviceterm")}} << kExpireMillis;
    auto *watcher = new QDBusPendingCallWatcher(connection->asyncCall(call), this);
    connect(watcher, &QDBusPendingCallWatcher::finished, this,
            [this, activated = std::move(onActivated)](QDBusPendingCallWatcher *w) mutable {
                w->deleteLater();
                const QDBusPendingReply<uint> reply = *w;
                // No service, or it refused: nothing to show, nothing to say.
                if (reply.isError() || !activated)
                    return;
                m_pending.insert(reply.value(), std::move(activated));
            });
}

void DbusNotifier::onActionInvoked(uint id, const QString &action)
{
    if (action != QLatin1String("default"))
        return;
    if (auto activated = m_pending.take(id))
        activated();
}

void DbusNotifier::onClosed(uint id, uint)
{
    m_pending.remove(id);
}

} // namespace dt::desktop
