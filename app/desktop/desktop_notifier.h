#pragma once

// Desktop notifications: the port the GUI posts them through, and its
// implementation over the freedesktop notification service on the session
// bus. Nothing here waits: calls are asynchronous, and where no service
// answers the notice is dropped quietly.

#include <QDBusConnection>
#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace dt::desktop {

class DesktopNotifier {
public:
    virtual ~DesktopNotifier() = default;
    // Shows a notice; `onActivated` runs (on this thread) if the person
    // clicks it.
    virtual void notify(const QString &summary, const QString &body, std::function<void()> onActivated) = 0;
};

// org.freedesktop.Notifications on a bus: the session bus, reached on the
// first notice (so a start-up never waits for it, and never when there is
// no session bus to reach), or the one given.
class DbusNotifier : public QObject, public DesktopNotifier {
    Q_OBJECT
public:
    explicit DbusNotifier(QObject *parent = nullptr);
    explicit DbusNotifier(const QDBusConnection &bus, QObject *parent = nullptr);
    void notify(const QString &summary, const QString &body, std::function<void()> onActivated) override;

private slots:
    void onActionInvoked(uint id, const QString &action);
    void onClosed(uint id, uint reason);

private:
    // The bus, connected and listening for clicks; null without one.
    QDBusConnection *bus();
    void listen();
    void send(const QString &summary, const QString &body, std::function<void()> onActivated);

    // Whether the server reads markup in bodies (then text is escaped);
    // asked once, with the notices that wait for the answer.
    enum class Markup { Unknown, Asking, Yes, No };
    Markup m_markup = Markup::Unknown;
    struct Queued {
        QString summary, body;
        std::function<void()> onActivated;
    };
    std::vector<Queued> m_queued;

    std::optional<QDBusConnection> m_bus;
    bool m_triedSessionBus = false;
    QHash<uint, std::function<void()>> m_pending; // shown notices that may still be clicked
};

} // namespace dt::desktop
