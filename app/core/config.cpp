#include "config.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>

namespace dt::app {

namespace {

// What each key allows. A key with no default means "ask" when it is absent.
struct KeySpec {
    const char *name;
    QStringList allowed; // empty: an integer in [minimum, maximum], or free text if maximum < minimum
    const char *defaultValue; // nullptr: none
    const char *unsetNote;
    int minimum = 0;
    int maximum = -1;
};

const QList<KeySpec> &specs()
{
    static const QList<KeySpec> table = {
        {"auto-update", {QStringLiteral("off"), QStringLiteral("check"), QStringLiteral("download")}, "check", ""},
        {"confirm-close", {QStringLiteral("ask"), QStringLiteral("never")}, "ask", ""},
        {"font", {}, nullptr, "the system's fixed-width font", 0, -1},
        {"font-size", {}, "11", "", 5, 72},
        {"on-exit", {QStringLiteral("close"), QStringLiteral("keep"), QStringLiteral("keep-on-error")}, "keep-on-error", ""},
        {"quit-with-sims-default", {QStringLiteral("keep"), QStringLiteral("shutdown")}, nullptr,
         "quitting asks what to do with running devices"},
        {"scrollback-lines", {}, "10000", "", 0, 1000000},
        {"simulator-app-advisory", {QStringLiteral("show"), QStringLiteral("suppress")}, "show", ""},
        {"tab-close-default", {QStringLiteral("detach"), QStringLiteral("shutdown")}, nullptr,
         "closing a tab with running devices asks what to do with them"},
        {"tab-close-multi-pane", {QStringLiteral("ask"), QStringLiteral("close")}, "ask", ""},
        {"theme", {QStringLiteral("dark"), QStringLiteral("light")}, "dark", ""},
        {"welcome-messages", {QStringLiteral("show"), QStringLiteral("suppress")}, "show", ""},
    };
    return table;
}

const KeySpec *specFor(const QString &key)
{
    for (const KeySpec &s : specs())
        if (key == QLatin1String(s.name))
            return &s;
    return nullptr;
}

// Splits "key = value # comment" into its parts; false for lines without '='.
bool parseLine(const QString &raw, QString &key, QString &value)
{
    QString line = raw;
    const qsizetype hash = line.indexOf(QLatin1Char('#'));
    if (hash >= 0)
        line.truncate(hash);
    const qsizetype eq = line.indexOf(QLatin1Char('='));
    if (eq < 0)
        return false;
    key = line.left(eq).trimmed();
    value = line.mid(eq + 1).trimmed();
    return !key.isEmpty();
}

} // namespace

Config::Config(QString path, QObject *parent) : QObject(parent), m_path(std::move(path))
{
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, [this] {
        load();
        watch(); // editors replace the file; watch the new one
        emit changed();
    });
    connect(&m_watcher, &QFileSystemWatcher::directoryChanged, this, [this] {
        const bool wasWatched = m_watcher.files().contains(m_path);
        if (!wasWatched && QFileInfo::exists(m_path)) {
            load();
            watch();
            emit changed();
        }
    });
}

QString Config::defaultPath()
{
    QString base = qEnvironmentVariable("XDG_CONFIG_HOME");
    // Relative XDG paths are to be ignored.
    if (base.isEmpty() || QDir::isRelativePath(base))
        base = QDir::homePath() + QStringLiteral("/.config");
    return base + QStringLiteral("/deviceterm/config");
}

QStringList Config::knownKeys()
{
    QStringList keys;
    for (const KeySpec &s : specs())
        keys << QString::fromLatin1(s.name);
    return keys;
}

bool Config::validate(const QString &key, const QString &value, QString *why)
{
    const KeySpec *spec = specFor(key);
    if (!spec) {
        if (why)
            *why = QStringLiteral("unknown config key: %1").arg(key);
        return false;
    }
    if (!spec->allowed.isEmpty()) {
        if (spec->allowed.contains(value))
            return true;
        if (why)
            *why = QStringLiteral("%1: '%2' is not one of %3").arg(key, value, spec->allowed.join(QStringLiteral(", ")));
        return false;
    }
    if (spec->maximum < spec->minimum) { // free text
        if (!value.isEmpty())
            return true;
        if (why)
            *why = QStringLiteral("%1: empty value").arg(key);
        return false;
    }
    bool ok = false;
    const int n = value.toInt(&ok);
    if (ok && n >= spec->minimum && n <= spec->maximum)
        return true;
    if (why)
        *why = QStringLiteral("%1: '%2' is not a number from %3 to %4").arg(key, value).arg(spec->minimum).arg(spec->maximum);
    return false;
}

void Config::load()
{
    m_fileValues.clear();
    m_warnings.clear();
    QFile f(m_path);
    if (!f.open(QIODevice::ReadOnly))
        return;
    int lineNumber = 0;
    for (const QByteArray &bytes : f.readAll().split('\n')) {
        ++lineNumber;
        QString key, value;
        if (!parseLine(QString::fromUtf8(bytes), key, value))
            continue;
        QString why;
        if (!validate(key, value, &why)) {
            m_warnings << QStringLiteral("line %1: %2").arg(lineNumber).arg(why);
            continue;
        }
        m_fileValues.insert(key, value);
    }
}

void Config::watch()
{
    if (!m_watcher.files().isEmpty())
        m_watcher.removePaths(m_watcher.files());
    const QString dir = QFileInfo(m_path).absolutePath();
    if (QFileInfo::exists(dir) && !m_watcher.directories().contains(dir))
        m_watcher.addPath(dir);
    if (QFileInfo::exists(m_path))
        m_watcher.addPath(m_path);
}

QString Config::value(const QString &key) const
{
    if (m_fileValues.contains(key))
        return m_fileValues.value(key);
    const KeySpec *spec = specFor(key);
    return spec && spec->defaultValue ? QString::fromLatin1(spec->defaultValue) : QString();
}

QList<Config::Entry> Config::entries() const
{
    QList<Entry> out;
    for (const KeySpec &s : specs()) {
        const QString key = QString::fromLatin1(s.name);
        Entry e;
        e.key = key;
        if (m_fileValues.contains(key)) {
            e.value = m_fileValues.value(key);
            e.source = QStringLiteral("file");
        } else if (s.defaultValue) {
            e.value = QString::fromLatin1(s.defaultValue);
            e.source = QStringLiteral("default");
        } else {
            e.source = QStringLiteral("unset");
            e.note = QString::fromLatin1(s.unsetNote);
        }
        out << e;
    }
    std::sort(out.begin(), out.end(), [](const Entry &a, const Entry &b) { return a.key < b.key; });
    return out;
}

bool Config::set(const QString &key, const QString &value, QString *error)
{
    if (!validate(key, value, error))
        return false;
    QStringList lines;
    QFile in(m_path);
    if (in.open(QIODevice::ReadOnly))
        lines = QString::fromUtf8(in.readAll()).split(QLatin1Char('\n'));
    in.close();
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    bool replaced = false;
    for (QString &line : lines) {
        QString k, v;
        if (parseLine(line, k, v) && k == key) {
            line = key + QStringLiteral(" = ") + value;
            replaced = true;
        }
    }
    if (!replaced)
        lines << key + QStringLiteral(" = ") + value;

    QDir().mkpath(QFileInfo(m_path).absolutePath());
    QSaveFile out(m_path);
    if (!out.open(QIODevice::WriteOnly)) {
        if (error)
            *error = out.errorString();
        return false;
    }
    out.write((lines.join(QLatin1Char('\n')) + QLatin1Char('\n')).toUtf8());
    if (!out.commit()) {
        if (error)
            *error = out.errorString();
        return false;
    }
    load();
    emit changed(); // at once, without waiting for the file watcher
    return true;
}

} // namespace dt::app
