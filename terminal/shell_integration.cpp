// Starting bash, zsh and fish with deviceterm's integration (see the
// header): the arguments and variables for each, and the scripts written
// out of the resources.

#include "terminal/shell_integration.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace dt::terminal {

ShellStart integratedShell(const QString &shell, const QString &scriptsDirectory, const QProcessEnvironment &env)
{
    ShellStart start;
    const QString name = QFileInfo(shell).fileName();
    if (scriptsDirectory.isEmpty()) {
        start.why = QStringLiteral("shell integration is off (config shell-integration)");
        return start;
    }
    // The scripts may have gone (a /tmp cleaner): a shell pointed at a
    // missing rc file would skip the user's own too.
    static const QMap<QString, QString> kScriptOf = {{QStringLiteral("bash"), QStringLiteral("/bash/deviceterm.bashrc")},
                                                     {QStringLiteral("zsh"), QStringLiteral("/zsh/.zshenv")},
                                                     {QStringLiteral("fish"), QStringLiteral("/fish/fish/vendor_conf.d/deviceterm.fish")}};
    if (kScriptOf.contains(name) && !QFileInfo::exists(scriptsDirectory + kScriptOf.value(name))) {
        start.why = QStringLiteral("the integration scripts are missing from %1").arg(scriptsDirectory);
        return start;
    }
    if (name == QLatin1String("bash")) {
        start.arguments = {QStringLiteral("--rcfile"), scriptsDirectory + QStringLiteral("/bash/deviceterm.bashrc")};
        start.integrated = true;
    } else if (name == QLatin1String("zsh")) {
        // Handed back at once by our .zshenv; unset means $HOME, as before.
        if (env.contains(QStringLiteral("ZDOTDIR")))
            start.environment.insert(QStringLiteral("DEVICETERM_ZDOTDIR"), env.value(QStringLiteral("ZDOTDIR")));
        start.environment.insert(QStringLiteral("ZDOTDIR"), scriptsDirectory + QStringLiteral("/zsh"));
        start.integrated = true;
    } else if (name == QLatin1String("fish")) {
        const QString data = env.value(QStringLiteral("XDG_DATA_DIRS"));
        start.environment.insert(QStringLiteral("DEVICETERM_XDG_DATA_DIRS"), data);
        // fish reads vendor_conf.d of every data directory; the default
        // list applies when the variable is unset, so it is spelled out.
        const QString rest = data.isEmpty() ? QStringLiteral("/usr/local/share:/usr/share") : data;
        start.environment.insert(QStringLiteral("XDG_DATA_DIRS"), scriptsDirectory + QStringLiteral("/fish:") + rest);
        start.integrated = true;
    } else {
        start.why = QStringLiteral("%1 has no integration (bash, zsh and fish do)").arg(name);
    }
    return start;
}

bool writeIntegrationScripts(const QString &directory, QString *why)
{
    QDirIterator it(QStringLiteral(":/shell-integration"), QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    int written = 0;
    while (it.hasNext()) {
        const QString source = it.next();
        const QString target = directory + source.mid(QStringLiteral(":/shell-integration").size());
        if (!QDir().mkpath(QFileInfo(target).path())) {
            *why = QStringLiteral("cannot make %1").arg(QFileInfo(target).path());
            return false;
        }
        // Written beside and renamed over: a shell starting meanwhile (in
        // another instance) reads the old file or the new, never half.
        const QString partial = target + QStringLiteral(".partial");
        QFile::remove(partial);
        if (!QFile::copy(source, partial)) {
            *why = QStringLiteral("cannot write %1").arg(target);
            return false;
        }
        QFile::setPermissions(partial, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
        if (std::rename(QFile::encodeName(partial).constData(), QFile::encodeName(target).constData()) != 0) {
            QFile::remove(partial);
            *why = QStringLiteral("cannot write %1").arg(target);
            return false;
        }
        ++written;
    }
    if (written == 0) {
        *why = QStringLiteral("the integration scripts are missing from this build");
        return false;
    }
    return true;
}

} // namespace dt::terminal
