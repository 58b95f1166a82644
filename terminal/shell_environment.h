#pragma once

#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace dt::terminal {

// The user's login shell: $SHELL, else the passwd entry, else /bin/sh.
QString defaultShell(const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

// The environment every program started in a terminal sees: the GUI's own,
// minus what describes the GUI's terminal (if it was started from one), plus
// what describes ours, plus `extra` (session variables).
QStringList terminalEnvironment(const QProcessEnvironment &base, const QMap<QString, QString> &extra = {});

} // namespace dt::terminal
