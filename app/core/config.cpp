// The GUI's view of the config file: loads it through the shared key table, re-reads it when it changes on
// disk, and rewrites one key in place while keeping every other line and comment.

#include "app/core/config.h"

#include "app/config/config_keys.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QStandardPaths>


namespace dt::app {

namespace {

bool parseLine(const QString &raw, QString &key, QString &value)
{
    std::string k, v;
    if (!dt::config::parseLine(raw.toStdString(), k, v))
        return false;
    key = QString::fromStdString(k);
    value = QString::fromStdString(v);
    return true;
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
    return QString::fromStdString(dt::config::defaultPath());
}

QStringList Config::knownKeys()
{
    QStringList keys;
    for (const dt::config::KeySpec &s : dt::config::keys())
        keys << QString::fromStdString(s.name);
    return keys;
}

bool Config::validate(const QString &key, const QString &value, QString *why)
{
    std::string reason;
    const bool ok = dt::config::validate(key.toStdString(), value.toStdString(), &reason);
    if (!ok && why)
        *why = QString::fromStdString(reason);
    return ok;
}

void Config::load()
{
    const dt::config::Report r = dt::config::read(QFile::encodeName(m_path).toStdString());
    m_fileValues.clear();
    m_warnings.clear();
    for (const auto &[k, v] : r.fileValues)
        m_fileValues.insert(QString::fromStdString(k), QString::fromStdString(v));
    for (const std::string &w : r.warnings)
        m_warnings << QString::fromStdString(w);
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
    const dt::config::KeySpec *spec = dt::config::find(key.toStdString());
    return spec && spec->defaultValue ? QString::fromStdString(*spec->defaultValue) : QString();
}

QList<Config::Entry> Config::entries() const
{
    QList<Entry> out;
    for (const dt::config::KeySpec &s : dt::config::keys()) {
        const QString key = QString::fromStdString(s.name);
        Entry e;
        e.key = key;
        if (m_fileValues.contains(key)) {
            e.value = m_fileValues.value(key);
            e.source = QStringLiteral("file");
        } else if (s.defaultValue) {
            e.value = QString::fromStdString(*s.defaultValue);
            e.source = QStringLiteral("default");
        } else {
            e.source = QStringLiteral("unset");
            e.note = QString::fromStdString(s.unsetNote);
        }
        out << e;
    }
    return out; // the key table is sorted
}

bool Config::set(const QString &key, const QString &value, QString *error)
{
    // An empty value unsets a key that has no default ("ask each time"):
    // its line goes.
    const dt::config::KeySpec *spec = dt::config::find(key.toStdString());
    const bool unset = value.isEmpty() && spec && !spec->defaultValue;
    if (!unset && !validate(key, value, error))
        return false;
    QStringList lines;
    QFile in(m_path);
    if (in.open(QIODevice::ReadOnly))
        lines = QString::fromUtf8(in.readAll()).split(QLatin1Char('\n'));
    in.close();
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    bool replaced = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString k, v;
        if (!parseLine(lines[i], k, v) || k != key)
            continue;
        if (unset) {
            lines.removeAt(i--);
            continue;
        }
        lines[i] = key + QStringLiteral(" = ") + value;
        replaced = true;
    }
    if (!replaced && !unset)
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
