#pragma once

#include <QByteArray>
#include <QSet>
#include <QString>
#include <QUuid>

namespace dt::app {

// Who a terminal session is, for the automation server: a UUID, a short id
// for humans, and a capability. The capability (32 random bytes) is handed
// to the shell once, in its environment; only its SHA-256 is kept.
class SessionIdentity {
public:
    // A fresh identity whose shortId is not in `taken`; the capability, as
    // the shell will see it (64 hex digits), is returned through `capability`.
    static SessionIdentity create(const QSet<QString> &taken, QString *capability);

    QUuid sessionId() const { return m_sessionId; }
    QString sessionIdString() const { return m_sessionId.toString(QUuid::WithoutBraces); }
    QString shortId() const { return m_shortId; }
    // Constant-time comparison against the stored hash.
    bool acceptsCapability(const QString &presented) const;

    static constexpr int kShortIdLength = 6;

private:
    QUuid m_sessionId;
    QString m_shortId;
    QByteArray m_capabilityHash;
};

} // namespace dt::app
