#pragma once

#include <QFileSystemWatcher>
#include <QMap>
#include <QObject>
#include <QString>
#include <QStringList>

namespace dt::app {

// $XDG_CONFIG_HOME/deviceterm/config: `key = value` lines, `#` comments.
// Read at start and again whenever the file changes; written in place (other
// lines and comments are kept) by the settings dialog and "don't ask again"
// answers. Unknown keys and bad values become warnings, never errors.
class Config : public QObject {
    Q_OBJECT
public:
    struct Entry {
        QString key;
        QString value; // effective value; empty when unset
        QString source; // "default", "file" or "unset"
        QString note; // for unset keys: what the app does instead
    };

    explicit Config(QString path, QObject *parent = nullptr);

    static QString defaultPath();
    QString path() const { return m_path; }

    void load();
    // Re-reads the file whenever it (or its directory) changes.
    void watch();

    // The effective value: the file's when valid, else the default (empty
    // for keys that have none, whose absence means "ask").
    QString value(const QString &key) const;
    int intValue(const QString &key) const { return value(key).toInt(); }
    QList<Entry> entries() const; // sorted by key
    QStringList warnings() const { return m_warnings; }
    static QStringList knownKeys();

    // Writes one key into the file, keeping every other line; false (with
    // `error`) for an unknown key or a value it does not allow. An empty
    // value unsets a key that has no default (its line is removed).
    bool set(const QString &key, const QString &value, QString *error = nullptr);

    // Whether `value` is allowed for `key`; the reason in `why` if not.
    static bool validate(const QString &key, const QString &value, QString *why = nullptr);

signals:
    void changed();

private:
    QString m_path;
    QMap<QString, QString> m_fileValues; // valid values from the file
    QStringList m_warnings;
    QFileSystemWatcher m_watcher;
};

} // namespace dt::app
