#pragma once

#include <QString>

namespace dt::app {

// What a tab is called, strongest first: a name the user gave it, the title
// the program set (OSC 0/2), the working directory's name, the shell's name.
// A program other than the shell running in the foreground goes before the
// directory ("vim — src"), so tabs in one directory are told apart by what
// they run, as in GNOME Terminal and Konsole.
struct TabTitleSources {
    QString manual;
    QString program;
    QString workingDirectory;
    QString shell;
    QString foreground; // the foreground process's name; empty or the shell's: nothing to add
};

QString tabTitle(const TabTitleSources &sources);

// Strips control, bidi-override and other invisible characters from text a
// program chose, so a title cannot spoof or garble the tab bar; at most
// `maxBytes` bytes of UTF-8, cut between characters.
QString sanitizeTitle(const QString &raw, int maxBytes = 256);

} // namespace dt::app
