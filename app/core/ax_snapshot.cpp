// Snapshots of a device's UI with refs, and finders (see the header).

#include "app/core/ax_snapshot.h"

#include <QCryptographicHash>
#include <QSet>

namespace dt::app {

namespace {

void walk(const dt::devices::AxNode &node, int depth, std::vector<AxEntry> &out)
{
    const bool interactive = isInteractiveRole(node.role);
    const bool kept = interactive || !node.label.isEmpty() || !node.value.isEmpty();
    if (kept) {
        AxEntry e;
        e.ref = QStringLiteral("@e%1").arg(out.size() + 1);
        e.depth = depth;
        e.role = node.role;
        e.label = node.label;
        e.value = node.value;
        e.frame = node.frame;
        e.interactive = interactive;
        out.push_back(std::move(e));
    }
    for (const auto &child : node.children)
        walk(child, kept ? depth + 1 : depth, out);
}

bool matches(const QString &candidate, const QString &wanted, AxFinder::Match match, const QRegularExpression &re)
{
    switch (match) {
    case AxFinder::Match::Exact: return candidate == wanted;
    case AxFinder::Match::Contains: return candidate.contains(wanted, Qt::CaseInsensitive);
    case AxFinder::Match::Regex: return re.match(candidate).hasMatch();
    }
    return false;
}

} // namespace

bool isInteractiveRole(const QString &role)
{
    static const QSet<QString> roles = {QStringLiteral("Button"),      QStringLiteral("CheckBox"),
                                        QStringLiteral("TextField"),   QStringLiteral("Slider"),
                                        QStringLiteral("Cell"),        QStringLiteral("radio button"),
                                        QStringLiteral("toggle button"), QStringLiteral("combo box"),
                                        QStringLiteral("spin button"), QStringLiteral("menu item"),
                                        QStringLiteral("page tab"),    QStringLiteral("link")};
    return roles.contains(role);
}

std::vector<AxEntry> flattenAxTree(const dt::devices::AxNode &root)
{
    std::vector<AxEntry> out;
    walk(root, 0, out);
    return out;
}

uint64_t fingerprintOf(const std::vector<AxEntry> &entries)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    const auto rounded = [](double v) { return QByteArray::number(qRound(v * 1000)); };
    for (const AxEntry &e : entries) {
        for (const QString *s : {&e.role, &e.label, &e.value}) {
            hash.addData(s->toUtf8());
            hash.addData(QByteArrayView("\x1f", 1));
        }
        for (double v : {e.frame.x(), e.frame.y(), e.frame.width(), e.frame.height()}) {
            hash.addData(rounded(v));
            hash.addData(QByteArrayView(",", 1));
        }
        hash.addData(QByteArrayView("\x1e", 1));
    }
    const QByteArray digest = hash.result();
    uint64_t out = 0;
    for (int i = 0; i < 8; ++i)
        out = (out << 8) | static_cast<uint8_t>(digest[i]);
    return out;
}

QString describe(const AxFinder &f)
{
    QStringList words;
    for (auto [flag, value] : {std::pair{"--label", &f.label}, {"--role", &f.role}, {"--text", &f.text}})
        if (*value)
            words << QStringLiteral("%1 '%2'").arg(QLatin1String(flag), **value);
    if (f.match == AxFinder::Match::Contains)
        words << QStringLiteral("--contains");
    else if (f.match == AxFinder::Match::Regex)
        words << QStringLiteral("--regex");
    return words.join(QLatin1Char(' '));
}

std::optional<std::vector<const AxEntry *>> findAx(const std::vector<AxEntry> &entries, const AxFinder &f, QString *why)
{
    // One expression per field that has one (a role is matched the same way).
    const auto compile = [&](const std::optional<QString> &s) {
        return QRegularExpression(f.match == AxFinder::Match::Regex && s ? *s : QString());
    };
    const QRegularExpression label = compile(f.label), role = compile(f.role), text = compile(f.text);
    for (const auto *re : {&label, &role, &text})
        if (!re->isValid()) {
            *why = QStringLiteral("not a regular expression: %1").arg(re->errorString());
            return std::nullopt;
        }
    std::vector<const AxEntry *> found;
    for (const AxEntry &e : entries) {
        if (f.label && !matches(e.label, *f.label, f.match, label))
            continue;
        if (f.role && !matches(e.role, *f.role, f.match, role))
            continue;
        if (f.text && !matches(e.label, *f.text, f.match, text) && !matches(e.value, *f.text, f.match, text))
            continue;
        found.push_back(&e);
    }
    return found;
}

namespace {
// Roles that hold other elements rather than being something to touch.
bool isContainerRole(const QString &role)
{
    static const QSet<QString> roles = {
        QStringLiteral("Group"),        QStringLiteral("Window"),        QStringLiteral("Application"),
        QStringLiteral("List"),         QStringLiteral("ScrollBar"),     QStringLiteral("scroll pane"),
        QStringLiteral("page tab list"), QStringLiteral("layered pane"), QStringLiteral("viewport"),
        QStringLiteral("tool bar"),     QStringLiteral("menu bar"),      QStringLiteral("menu"),
        QStringLiteral("table"),        QStringLiteral("tree"),          QStringLiteral("tree table"),
        QStringLiteral("split pane"),   QStringLiteral("internal frame"), QStringLiteral("dialog"),
        QStringLiteral("canvas"),       QStringLiteral("document frame"), QStringLiteral("root pane"),
        QStringLiteral("desktop frame"), QStringLiteral("status bar"),
    };
    return roles.contains(role);
}
} // namespace

std::optional<TouchedElement> touchedElement(const std::vector<AxEntry> &entries, QPointF at)
{
    const AxEntry *touched = nullptr;
    const auto area = [](const AxEntry &e) { return e.frame.width() * e.frame.height(); };
    for (const AxEntry &e : entries) {
        // Frames are closed on the far edges too: a finger on the last
        // pixel row of a button is on the button.
        const QRectF &f = e.frame;
        const bool under = at.x() >= f.left() && at.x() <= f.right() && at.y() >= f.top() && at.y() <= f.bottom();
        if (!under || (!e.interactive && isContainerRole(e.role)) || f.isEmpty())
            continue;
        if (!touched || area(e) < area(*touched))
            touched = &e;
    }
    if (!touched)
        return std::nullopt;
    // The text replay will look for: nothing long (a flow is for reading,
    // and replay's pattern has a size limit), and no text another element
    // shows too, unless that element's centre is on this one (a button's
    // own label inside it: replay taps the first match's centre).
    constexpr qsizetype kLongestName = 200;
    const auto uniquely = [&](const QString &text) {
        if (text.trimmed().isEmpty() || text.size() > kLongestName)
            return false;
        for (const AxEntry &e : entries) {
            const bool same = e.label.compare(text, Qt::CaseInsensitive) == 0 || e.value.compare(text, Qt::CaseInsensitive) == 0;
            if (same && &e != touched && !touched->frame.contains(e.frame.center()))
                return false;
        }
        return true;
    };
    // A field's value is what was typed into it, not its name: it is
    // neither stable nor always fit to be written down (a password).
    static const QSet<QString> editable = {QStringLiteral("TextField"), QStringLiteral("password text"),
                                           QStringLiteral("spin button"), QStringLiteral("editbar")};
    QStringList names = {touched->label};
    if (!editable.contains(touched->role))
        names << touched->value;
    // Its application: the last top-level Application entry before it.
    QString app;
    for (const AxEntry *e = entries.data(); e <= touched; ++e)
        if (e->depth == 0)
            app = e->role == QLatin1String("Application") ? e->label : QString();
    for (const QString &text : names)
        if (uniquely(text))
            return TouchedElement{touched, text, app};
    return std::nullopt;
}

} // namespace dt::app
