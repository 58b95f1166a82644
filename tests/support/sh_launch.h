#pragma once

// A terminal that runs one /bin/sh script: what the workspace and window
// tests open instead of the user's shell, so their terminals do only what
// the test says.

#include "app/core/workspace.h"

namespace dt::test {

inline dt::app::TerminalLaunch sh(const QString &script = QStringLiteral("sleep 60"),
                                  const QString &cwd = QStringLiteral("/tmp"))
{
    dt::app::TerminalLaunch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"), script};
    l.workingDirectory = cwd;
    return l;
}

} // namespace dt::test
