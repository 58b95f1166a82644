#pragma once

#include <QProcess>
#include <QString>

namespace dt::test {

// A private Xvfb server for one test: started with -displayfd so it picks a
// free display number, stopped (and reaped) by the destructor.
class VirtualDisplay {
public:
    explicit VirtualDisplay(const QString &geometry = QStringLiteral("1280x800x24"));
    ~VirtualDisplay();

    bool isRunning() const { return !m_name.isEmpty(); }
    QString name() const { return m_name; } // ":N"

    // Environment for programs that should run on this display.
    QProcessEnvironment environment() const;

    // Runs a short X client (xdotool, import, xwininfo) on this display and
    // returns its standard output; empty when it fails.
    QByteArray run(const QString &program, const QStringList &arguments, int timeoutMs = 10000) const;

private:
    QProcess m_xvfb;
    QString m_name;
};

} // namespace dt::test
