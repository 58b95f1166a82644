// The automation facade on a real workspace with real shells: what a
// caller's request does to the terminals a person sees.

#include "core/automation_facade.h"
#include "core/workspace.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using dt::app::AutomationFacade;
using dt::app::Workspace;
using dt::test::waitUntil;

int occurrences(const std::string &text, const std::string &needle)
{
    int n = 0;
    for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
        ++n;
    return n;
}

// Sets an environment variable for one test and puts the old value back.
class ScopedEnv {
public:
    ScopedEnv(const char *name, const QByteArray &value) : m_name(name), m_old(qgetenv(name)), m_had(qEnvironmentVariableIsSet(name))
    {
        qputenv(name, value);
    }
    ~ScopedEnv() { m_had ? qputenv(m_name, m_old) : qunsetenv(m_name); }

private:
    const char *m_name;
    QByteArray m_old;
    bool m_had;
};

TEST(AutomationFacade, aCommandForANewTabIsTypedOnceItsShellShowsAPrompt)
{
    // bash (readline) is the shell that showed typed-ahead text twice.
    QTemporaryDir home;
    ASSERT_TRUE(home.isValid());
    ScopedEnv shell("SHELL", "/bin/bash");
    ScopedEnv homeVar("HOME", home.path().toLocal8Bit()); // no developer start-up files
    Workspace::Settings s;
    s.runtimeDirectory = home.path();
    QDir(home.path()).mkpath(QStringLiteral("sessions"));
    s.columns = 120;
    Workspace ws(s);
    AutomationFacade facade(ws);

    const auto window = ws.openWindow();
    const auto created = facade.openTab(window, home.path().toStdString(), "echo typed-$((6*7))");
    ASSERT_TRUE(std::holds_alternative<dt::rpc::AutomationPort::NewTerminal>(created));
    const auto tabs = ws.allTabs();
    ASSERT_EQ(tabs.size(), 1u);
    dt::terminal::TerminalSession *session = ws.session(ws.tab(tabs.front())->primary);
    ASSERT_TRUE(waitUntil([&] { return session->terminal().screenText().find("typed-42") != std::string::npos; }, 10000))
        << session->terminal().screenText();
    const std::string screen = session->terminal().screenText();
    EXPECT_EQ(occurrences(screen, "echo typed-$((6*7))"), 1) << screen;
    // It was typed at the prompt, so the prompt is on the same line.
    const size_t command = screen.find("echo typed-");
    const size_t newline = screen.rfind('\n', command);
    const std::string prompt = screen.substr(newline == std::string::npos ? 0 : newline + 1,
                                             command - (newline == std::string::npos ? 0 : newline + 1));
    EXPECT_TRUE(prompt.size() > 2 && (prompt.substr(prompt.size() - 2) == "$ " || prompt.substr(prompt.size() - 2) == "# "))
        << screen;
}

} // namespace
