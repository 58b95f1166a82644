#pragma once

// Shell integration: how deviceterm starts the user's bash, zsh or fish so
// that it reports prompt marks (OSC 133) and its directory (OSC 7), without
// editing any file of the user's. bash reads our rc file (which reads
// ~/.bashrc first), zsh a ZDOTDIR of ours (which hands over to the user's
// at once), fish a vendor conf.d found through XDG_DATA_DIRS. Other shells
// start untouched. The scripts ship as resources and are written once to
// a private directory.

#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace dt::terminal {

struct ShellStart {
    QStringList arguments; // for the shell
    QMap<QString, QString> environment; // added to the terminal's
    bool integrated = false;
    QString why; // when not integrated: the reason, in words
};

// How to start `shell` (a path) with the scripts in `scriptsDirectory`
// (empty: integration is off).
ShellStart integratedShell(const QString &shell, const QString &scriptsDirectory,
                           const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());

// Writes the scripts under `directory` (replacing what is there); false
// with `why`.
bool writeIntegrationScripts(const QString &directory, QString *why);

} // namespace dt::terminal
