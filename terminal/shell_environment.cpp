// Picks the user's shell ($SHELL, else passwd, else /bin/sh) and builds a terminal's environment: drops the
// launching terminal's variables, sets TERM, COLORTERM and TERM_PROGRAM, adds the session's own.

#include "terminal/shell_environment.h"

#include <QFileInfo>

#include <pwd.h>
#include <unistd.h>

namespace dt::terminal {

QString defaultShell(const QProcessEnvironment &env)
{
    const QString fromEnv = env.value(QStringLiteral("SHELL"));
    if (!fromEnv.isEmpty() && QFileInfo(fromEnv).isExecutable())
        return fromEnv;
    if (const passwd *pw = ::getpwuid(::getuid()); pw && pw->pw_shell && *pw->pw_shell) {
        const QString shell = QString::fromLocal8Bit(pw->pw_shell);
        if (QFileInfo(shell).isExecutable())
            return shell;
    }
    return QStringLiteral("/bin/sh");
}

QStringList terminalEnvironment(const QProcessEnvironment &base, const QMap<QString, QString> &extra)
{
    QProcessEnvironment env = base;
    // These describe whatever terminal launched the GUI, not ours.
    for (const char *name : {"COLUMNS", "LINES", "TERMCAP", "TERM_PROGRAM_VERSION", "VTE_VERSION", "WINDOWID",
                             "KONSOLE_VERSION", "ALACRITTY_WINDOW_ID", "KITTY_WINDOW_ID", "WEZTERM_PANE", "TMUX",
                             "TMUX_PANE", "STY"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("TERM"), QStringLiteral("xterm-256color"));
    env.insert(QStringLiteral("COLORTERM"), QStringLiteral("truecolor"));
    env.insert(QStringLiteral("TERM_PROGRAM"), QStringLiteral("deviceterm"));
    env.insert(QStringLiteral("TERM_PROGRAM_VERSION"), QStringLiteral(DEVICETERM_VERSION));
    for (auto it = extra.cbegin(); it != extra.cend(); ++it)
        env.insert(it.key(), it.value());
    return env.toStringList();
}

} // namespace dt::terminal
