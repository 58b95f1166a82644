// The automation server's connections on a real Unix socket: bound to the
// process that opened them, bounded in depth, size and number, closed when
// idle, and answered in order when an answer comes later.

#include "rpc/server/handlers/devices.h"
#include "server_fixture.h"

#include <QElapsedTimer>

#include <gtest/gtest.h>

#include <csignal>
#include <cstring>
#include <fstream>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using namespace dt::test::server;

// A connection made by a child that then exits: the socket stays with the
// caller, and SO_PEERCRED keeps naming the child's pid.
struct OrphanedConnection {
    int fd = -1;
    pid_t connectedBy = 0;
    ~OrphanedConnection()
    {
        if (fd >= 0)
            ::close(fd);
    }
};

OrphanedConnection connectFromAChildThatExits(const QString &path, int childReadyFd = -1)
{
    OrphanedConnection out;
    out.fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    const QByteArray p = path.toLocal8Bit();
    std::memcpy(addr.sun_path, p.constData(), std::min<size_t>(p.size(), sizeof addr.sun_path - 1));
    out.connectedBy = ::fork();
    if (out.connectedBy == 0) {
        const int rc = ::connect(out.fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr);
        if (childReadyFd >= 0) { // stay until the parent lets go
            char c = 0;
            (void)!::write(childReadyFd, "r", 1);
            (void)!::read(childReadyFd, &c, 1);
        }
        ::_exit(rc == 0 ? 0 : 1);
    }
    return out;
}

// Writes a frame on a raw socket and reads one back while the server (on
// this thread) runs.
std::optional<Json> rawCall(int fd, const std::string &method, const Json &params)
{
    const std::string frame = encodeFrame(encode(Request{1, method, params}));
    if (::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(frame.size()))
        return std::nullopt;
    FrameDecoder decoder;
    std::optional<std::string> payload;
    waitUntil([&] {
        char buf[4096];
        const ssize_t n = ::recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n > 0)
            decoder.feed(buf, static_cast<size_t>(n));
        payload = decoder.next();
        return payload.has_value() || n == 0;
    });
    if (!payload)
        return std::nullopt;
    return Json::parse(*payload);
}

// Starts a process that gets exactly pid `wanted` (which must be free) and
// waits on `hold` until it is closed. As root through ns_last_pid; else by
// cycling through the pid space (bounded by pid_max).
pid_t processWithPid(pid_t wanted, int hold[2])
{
    auto spawn = [&]() -> pid_t {
        const pid_t p = ::fork();
        if (p == 0) {
            ::close(hold[1]);
            char c;
            (void)!::read(hold[0], &c, 1);
            ::_exit(0);
        }
        return p;
    };
    for (int attempt = 0; attempt < 50; ++attempt) {
        std::ofstream last("/proc/sys/kernel/ns_last_pid");
        if (!(last << (wanted - 1) << std::flush))
            break;
        last.close();
        const pid_t p = spawn();
        if (p == wanted)
            return p;
        ::kill(p, SIGKILL);
        ::waitpid(p, nullptr, 0);
    }
    long pidMax = 0;
    std::ifstream("/proc/sys/kernel/pid_max") >> pidMax;
    // vfork, not fork: the child shares the test's memory and only exits,
    // so no page tables are copied (the sanitizer builds map terabytes of
    // shadow, where one fork costs milliseconds and a wrap took a minute).
    for (long i = 0; i < pidMax + 1000; ++i) {
        const pid_t p = ::vfork();
        if (p == 0)
            ::_exit(0);
        ::waitpid(p, nullptr, 0);
        if (p < wanted && p >= wanted - 30) { // close: try for it
            const pid_t q = spawn();
            if (q == wanted)
                return q;
            ::kill(q, SIGKILL);
            ::waitpid(q, nullptr, 0);
        }
    }
    return 0;
}

TEST_F(ServerTest, aConnectionWhoseConnectingProcessExitedCannotBorrowItsRecycledPid)
{
    // The attack: a child connects and exits; the parent keeps the socket
    // until a process "in the tab" is given the child's pid, then presents
    // a copied capability as if it were that process.
    OrphanedConnection orphan = connectFromAChildThatExits(path);
    ASSERT_GT(orphan.connectedBy, 0);
    int status = 0;
    ASSERT_EQ(::waitpid(orphan.connectedBy, &status, 0), orphan.connectedBy);
    ASSERT_EQ(WEXITSTATUS(status), 0);
    int hold[2];
    ASSERT_EQ(::pipe(hold), 0);
    const pid_t impostor = processWithPid(orphan.connectedBy, hold);
    ::close(hold[0]);
    ASSERT_EQ(impostor, orphan.connectedBy) << "could not recycle the pid";
    port.insider = impostor; // the fake port would accept that pid
    const auto answer = rawCall(orphan.fd, "session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    ::close(hold[1]);
    ::waitpid(impostor, nullptr, 0);
    ASSERT_TRUE(answer);
    EXPECT_EQ((*answer)["error"]["code"], code::Unauthorized);
    EXPECT_NE((*answer)["error"]["msg"].get<std::string>().find("has exited"), std::string::npos);
}

TEST_F(ServerTest, anAuthenticatedConnectionDiesWithTheProcessThatOpenedIt)
{
    int ready[2];
    ASSERT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, ready), 0);
    OrphanedConnection c = connectFromAChildThatExits(path, ready[1]);
    char r = 0;
    ASSERT_EQ(::read(ready[0], &r, 1), 1); // connected, and still running
    port.insider = c.connectedBy;
    const auto accepted = rawCall(c.fd, "session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    ASSERT_TRUE(accepted);
    EXPECT_EQ((*accepted)["result"]["ok"], true);
    EXPECT_EQ((*rawCall(c.fd, "tab.info", Json::object()))["result"], Json::array());
    // The process that connected exits; whoever keeps the socket is no one.
    ASSERT_EQ(::write(ready[0], "x", 1), 1);
    ASSERT_EQ(::waitpid(c.connectedBy, nullptr, 0), c.connectedBy);
    ::close(ready[0]);
    ::close(ready[1]);
    const auto after = rawCall(c.fd, "tab.info", Json::object());
    ASSERT_TRUE(after);
    EXPECT_EQ((*after)["error"]["code"], code::Unauthorized);
}

TEST_F(ServerTest, aSlowAnswerHoldsOnlyItsOwnConnectionAndKeepsItsOrder)
{
    addDevices(*dispatcher, port);
    port.holdAx = true;
    Client slow(path), other(path);
    ASSERT_EQ(slow.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    // A sweep, and right behind it a ping, pipelined on one connection.
    slow.sendRaw(encodeFrame(encode(Request{7, "pane.ax.sweep", {{"step", 0.25}}}))
                 + encodeFrame(encode(Request{8, "daemon.ping", Json::object()})));
    ASSERT_TRUE(waitUntil([&] { return port.heldAx.size() == 1; }));
    // Meanwhile everyone else is served (the GUI thread is not waiting)...
    EXPECT_EQ(other.call("daemon.ping")["type"], "res");
    // ...and the sweep's connection answers nothing out of turn.
    EXPECT_FALSE(slow.receive(200));
    port.heldAx.front()();
    const auto first = slow.receive();
    ASSERT_TRUE(first);
    EXPECT_EQ((*first)["id"], 7);
    EXPECT_EQ((*first)["result"]["tree"]["step"], 0.25);
    const auto second = slow.receive();
    ASSERT_TRUE(second);
    EXPECT_EQ((*second)["id"], 8);
    // An answer for a connection that went away in between goes nowhere.
    {
        Client gone(path);
        gone.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
        gone.send(Request{9, "pane.ax.tree", Json::object()});
        ASSERT_TRUE(waitUntil([&] { return port.heldAx.size() == 2; }));
    }
    ASSERT_TRUE(waitUntil([&] { return server->connectionCount() == 2; }));
    port.heldAx.back()();
    EXPECT_EQ(other.call("daemon.ping")["type"], "res");
}

TEST_F(ServerTest, aFrameNestingAHundredThousandLevelsIsRefusedAndTheServerLives)
{
    // The attack: ~200 KB of '[' with no authentication. It used to
    // overflow the GUI thread's stack while the params were copied.
    Client c(path);
    const std::string deep = R"({"type":"req","id":9,"method":"daemon.ping","params":{"p":)" + std::string(100000, '[')
        + std::string(100000, ']') + "}}";
    c.sendRaw(encodeFrame(deep));
    auto r = c.receive();
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)["error"]["code"], code::InvalidRequest);
    EXPECT_EQ((*r)["error"]["msg"], "JSON nested deeper than 64 levels");
    EXPECT_EQ(c.call("daemon.ping")["result"]["pid"], getpid());
}

TEST_F(ServerTest, aFrameLargerThanTheReadBufferStillArrivesWhole)
{
    // Reads go 1 MiB at a time; a 6 MiB request is reassembled and answered.
    Client c(path);
    const Json answer = c.call("test.throws", {{"n", std::string(6 * 1024 * 1024, 'x')}});
    EXPECT_EQ(answer["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("daemon.ping")["type"], "res");
}

TEST_F(ServerTest, idleStrangersCannotLockATabsCliOut)
{
    // The attack: sockets that connect and say nothing, as many as the cap.
    std::vector<std::unique_ptr<Client>> idle;
    for (int i = 0; i < 3; ++i) {
        idle.push_back(std::make_unique<Client>(path));
        ASSERT_TRUE(idle.back()->connected());
    }
    ASSERT_TRUE(waitUntil([&] { return server->connectionCount() == 3; }));
    for (int round = 0; round < 3; ++round) {
        // A tab's CLI still gets in: it displaces the oldest silent stranger.
        Client cli(path);
        EXPECT_EQ(cli.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
        EXPECT_EQ(cli.call("tab.info")["result"], Json::array()) << round;
        EXPECT_TRUE(waitUntil([&] { return idle[round]->socket().state() == QLocalSocket::UnconnectedState; }));
        idle.push_back(std::make_unique<Client>(path)); // the flood goes on
    }
    // Strangers who keep talking are displaced too, oldest first, once the
    // silent ones are gone; an authenticated session never is.
    Client session(path);
    ASSERT_EQ(session.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    std::vector<std::unique_ptr<Client>> chatty;
    for (int i = 0; i < 8; ++i) {
        chatty.push_back(std::make_unique<Client>(path));
        EXPECT_EQ(chatty.back()->call("daemon.ping")["type"], "res");
    }
    EXPECT_EQ(session.call("tab.info")["result"], Json::array());
    EXPECT_TRUE(waitUntil([&] { return chatty.front()->socket().state() == QLocalSocket::UnconnectedState; }));
    EXPECT_LE(server->connectionCount(), 4 + 1); // one may be waiting to be freed
}

// Another session id of the contract's shape.
std::string session(int n)
{
    char id[40];
    std::snprintf(id, sizeof id, "5f0c2a4e-8d1b-4c6e-9a37-%012d", n);
    return id;
}

TEST_F(ServerTest, whenSessionsFillEveryPlaceTheOneHoldingMostGivesOneUp)
{
    // One session holds three places (one of them a stream), another one.
    std::vector<std::unique_ptr<Client>> greedy;
    for (int i = 0; i < 3; ++i) {
        greedy.push_back(std::make_unique<Client>(path));
        ASSERT_EQ(greedy.back()->call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    }
    ASSERT_EQ(greedy.front()->call("daemon.events")["result"]["ok"], true);
    Client modest(path);
    ASSERT_EQ(modest.call("session.authenticate", {{"sessionId", session(2)}, {"cap", "good"}})["result"]["ok"], true);
    // A newcomer gets in: the greedy session's oldest request connection
    // (not its stream) makes way.
    Client newcomer(path);
    EXPECT_EQ(newcomer.call("session.authenticate", {{"sessionId", session(3)}, {"cap", "good"}})["result"]["ok"], true);
    EXPECT_TRUE(waitUntil([&] { return greedy[1]->socket().state() == QLocalSocket::UnconnectedState; }));
    EXPECT_EQ(greedy.front()->socket().state(), QLocalSocket::ConnectedState);
    EXPECT_EQ(modest.call("tab.info")["result"], Json::array());
    EXPECT_EQ(greedy[2]->call("tab.info")["result"], Json::array());
}

TEST_F(ServerTest, whenEverySessionHoldsOnePlaceANewcomerIsRefused)
{
    std::vector<std::unique_ptr<Client>> clients;
    for (int i = 0; i < 4; ++i) {
        clients.push_back(std::make_unique<Client>(path));
        ASSERT_EQ(clients.back()->call("session.authenticate", {{"sessionId", session(10 + i)}, {"cap", "good"}})["result"]["ok"], true);
    }
    Client extra(path);
    EXPECT_TRUE(waitUntil([&] { return extra.socket().state() == QLocalSocket::UnconnectedState; }));
    for (auto &c : clients)
        EXPECT_EQ(c->call("tab.info")["result"], Json::array());
    clients.pop_back();
    ASSERT_TRUE(waitUntil([&] { return server->connectionCount() == 3; }));
    Client next(path);
    EXPECT_EQ(next.call("daemon.ping")["type"], "res");
}

TEST_F(ServerTest, idleConnectionsAreClosedAfterTheirDeadlineButStreamsStay)
{
    AutomationServer::Limits quick{.unauthenticatedIdleMs = 150, .authenticatedIdleMs = 1500};
    AutomationServer own(*dispatcher, quick);
    const QString ownPath = dir.filePath(QStringLiteral("quick.sock"));
    QString error;
    ASSERT_TRUE(own.listen(ownPath, &error)) << error.toStdString();
    Client silent(ownPath), talker(ownPath), session(ownPath), stream(ownPath);
    ASSERT_EQ(session.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    ASSERT_EQ(stream.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    ASSERT_EQ(stream.call("daemon.events")["result"]["ok"], true);
    // Each request restarts a deadline.
    QElapsedTimer talking;
    talking.start();
    while (talking.elapsed() < 600)
        ASSERT_EQ(talker.call("daemon.ping")["type"], "res");
    EXPECT_TRUE(waitUntil([&] { return silent.socket().state() == QLocalSocket::UnconnectedState; }, 100));
    EXPECT_EQ(session.socket().state(), QLocalSocket::ConnectedState);
    EXPECT_TRUE(waitUntil([&] { return talker.socket().state() == QLocalSocket::UnconnectedState; }));
    EXPECT_TRUE(waitUntil([&] { return session.socket().state() == QLocalSocket::UnconnectedState; }));
    own.publish(Json{{"type", "still-here"}, {"ts", "t"}});
    auto event = stream.receive();
    ASSERT_TRUE(event);
    EXPECT_EQ((*event)["params"]["type"], "still-here");
}

} // namespace
