#pragma once

#include <QString>

#include <memory>

namespace dt::app {

// deviceterm's private runtime directory: $XDG_RUNTIME_DIR/deviceterm, or
// /tmp/deviceterm-<uid> without one; created 0700. Empty if it cannot be made
// safe (exists but belongs to someone else, or is a symlink).
QString runtimeDirectory();

// A session's own directory, <runtime>/sessions/<sessionId>/ (0700), with
// bin/deviceterm linking the CLI that matches this GUI, and an owner file
// naming this process. Removed when the object dies.
class SessionDirectory {
public:
    static std::unique_ptr<SessionDirectory> create(const QString &runtimeDir, const QString &sessionId,
                                                    const QString &cliPath);
    ~SessionDirectory();

    QString path() const { return m_path; }
    QString binDirectory() const { return m_path + QStringLiteral("/bin"); }

    // Removes session directories whose owner process is gone (a crashed
    // GUI's leftovers). Returns how many it removed.
    static int sweepDeadOwners(const QString &runtimeDir);

private:
    explicit SessionDirectory(QString path) : m_path(std::move(path)) {}
    QString m_path;
};

} // namespace dt::app
