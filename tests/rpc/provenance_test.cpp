// Provenance: which processes belong to a terminal deviceterm spawned,
// checked against real PTYs, real setsid() children and real sockets.

#include "rpc/server/peer_provenance.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"

#include <gtest/gtest.h>

#include <csignal>
#include <regex>
#include <sys/socket.h>
#include <unistd.h>

namespace {

using dt::terminal::TerminalSession;
using dt::test::waitUntil;

std::unique_ptr<TerminalSession> run(const QString &script)
{
    auto s = std::make_unique<TerminalSession>(24, 100, 100);
    TerminalSession::Launch l;
    l.program = QStringLiteral("/bin/sh");
    l.arguments = {QStringLiteral("-c"), script};
    EXPECT_TRUE(s->start(l, nullptr));
    return s;
}

// The anchor comes from what /proc says of the shell: looked for until it is there.
std::optional<dt::rpc::TerminalAnchor> anchorOf(TerminalSession &s)
{
    std::optional<dt::rpc::TerminalAnchor> anchor;
    waitUntil([&] { return (anchor = dt::rpc::anchorForShell(s.process().pid())).has_value(); });
    return anchor;
}

pid_t numberAfter(TerminalSession &s, const std::string &label)
{
    pid_t found = 0;
    waitUntil([&] {
        std::smatch m;
        const std::string text = s.terminal().screenText();
        if (std::regex_search(text, m, std::regex(label + "=([0-9]+)")))
            found = static_cast<pid_t>(std::stol(m[1]));
        return found > 0;
    });
    return found;
}

TEST(Provenance, theShellAndItsChildrenBelongToTheirTerminal)
{
    auto s = run(QStringLiteral("sleep 30 & echo CHILD=$!; wait"));
    const pid_t shell = s->process().pid();
    const pid_t child = numberAfter(*s, "CHILD");
    ASSERT_GT(child, 0);
    const auto anchor = anchorOf(*s);
    ASSERT_TRUE(anchor);
    EXPECT_EQ(anchor->session, shell);
    EXPECT_NE(anchor->tty, 0u);
    EXPECT_TRUE(dt::rpc::belongsToTerminal(shell, *anchor));
    EXPECT_TRUE(dt::rpc::belongsToTerminal(child, *anchor));
}

TEST(Provenance, aChildThatLeftTheSessionStillBelongsThroughItsParent)
{
    // Agent harnesses setsid() each command: no controlling tty any more, but
    // a live ancestor is in the terminal.
    auto s = run(QStringLiteral("setsid sleep 30 & echo CHILD=$!; wait"));
    const pid_t child = numberAfter(*s, "CHILD");
    ASSERT_GT(child, 0);
    ASSERT_TRUE(waitUntil([&] {
        const auto info = dt::rpc::readProcess(child);
        return info && info->session == child; // setsid has happened
    }));
    const auto info = dt::rpc::readProcess(child);
    EXPECT_EQ(info->tty, 0u);
    const auto anchor = anchorOf(*s);
    ASSERT_TRUE(anchor);
    EXPECT_TRUE(dt::rpc::belongsToTerminal(child, *anchor));
}

TEST(Provenance, processesOutsideTheTerminalDoNot)
{
    auto a = run(QStringLiteral("sleep 30"));
    auto b = run(QStringLiteral("sleep 30"));
    const auto anchorA = anchorOf(*a);
    ASSERT_TRUE(anchorOf(*b));
    ASSERT_TRUE(anchorA);
    EXPECT_FALSE(dt::rpc::belongsToTerminal(getpid(), *anchorA)); // the test itself
    EXPECT_FALSE(dt::rpc::belongsToTerminal(b->process().pid(), *anchorA)); // another terminal
    EXPECT_FALSE(dt::rpc::belongsToTerminal(999999, *anchorA)); // nobody
}

TEST(Provenance, anAnchorDiesWithItsShell)
{
    auto s = run(QStringLiteral("sleep 30"));
    const pid_t shell = s->process().pid();
    const auto anchor = anchorOf(*s);
    ASSERT_TRUE(anchor);
    s.reset(); // hangs up and reaps the shell
    EXPECT_FALSE(dt::rpc::belongsToTerminal(shell, *anchor));
    EXPECT_FALSE(dt::rpc::anchorForShell(getpid())); // not a session leader with a tty
}

TEST(Provenance, socketPeersAreIdentifiedByTheKernel)
{
    int fds[2];
    ASSERT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    const auto peer = dt::rpc::peerCredentials(fds[0]);
    ASSERT_TRUE(peer);
    EXPECT_EQ(peer->pid, getpid());
    EXPECT_EQ(peer->uid, getuid());
    close(fds[0]);
    close(fds[1]);
    EXPECT_FALSE(dt::rpc::peerCredentials(-1));
}

} // namespace
