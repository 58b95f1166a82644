// Mints a session's UUID, human-typable short id and random capability, keeping only the capability's
// SHA-256 and checking a presented one against it in constant time.

#include "app/core/session_identity.h"

#include <QCryptographicHash>
#include <QRandomGenerator>

#include <array>

namespace dt::app {

namespace {

// Lowercase Crockford base 32 (no i, l, o, u): short ids are read and typed
// by people, and the contract fixes this alphabet.
constexpr char kShortIdAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";

QByteArray sha256(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Sha256);
}

} // namespace

SessionIdentity SessionIdentity::create(const QSet<QString> &taken, QString *capability)
{
    SessionIdentity id;
    id.m_sessionId = QUuid::createUuid();

    std::array<quint32, 8> random{};
    QRandomGenerator::system()->fillRange(random.data(), random.size());
    const QByteArray raw(reinterpret_cast<const char *>(random.data()), sizeof random);
    const QString cap = QString::fromLatin1(raw.toHex());
    id.m_capabilityHash = sha256(cap.toLatin1());
    if (capability)
        *capability = cap;

    do {
        QString s;
        for (int i = 0; i < kShortIdLength; ++i)
            s.append(QLatin1Char(kShortIdAlphabet[QRandomGenerator::system()->bounded(int(sizeof kShortIdAlphabet) - 1)]));
        id.m_shortId = s;
    } while (taken.contains(id.m_shortId));
    return id;
}

bool SessionIdentity::acceptsCapability(const QString &presented) const
{
    const QByteArray h = sha256(presented.toLatin1());
    if (h.size() != m_capabilityHash.size())
        return false;
    unsigned char diff = 0;
    for (qsizetype i = 0; i < h.size(); ++i)
        diff |= static_cast<unsigned char>(h[i] ^ m_capabilityHash[i]);
    return diff == 0;
}

} // namespace dt::app
