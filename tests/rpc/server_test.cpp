// The automation server on a real Unix socket, with a fake application port:
// framing, envelopes, scopes, authentication and limits as a client sees them.

#include "rpc/contract/envelope.h"
#include "rpc/contract/framing.h"
#include "rpc/contract/version.h"
#include "rpc/server/automation_server.h"
#include "rpc/server/handlers/devices.h"
#include "rpc/server/handlers/orchestration.h"
#include "rpc/server/handlers/privacy.h"
#include "rpc/server/handlers/workspace_mutations.h"
#include "support/wait_until.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QLocalSocket>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <csignal>
#include <cstring>
#include <fstream>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using namespace dt::rpc;
using dt::test::waitUntil;

// A session id of the contract's shape (a UUID in lower case).
const std::string kS1 = "5f0c2a4e-8d1b-4c6e-9a37-1b2c3d4e5f60";

// Accepts any session with cap "good" from this very process only (or from
// `insider`, a pid the test says runs "in the tab").
struct FakePort : AutomationPort {
    bool stillThere = true;
    pid_t insider = 0;
    std::optional<Error> authenticate(const std::string &sessionId, const std::string &cap, pid_t peer) override
    {
        if (cap != "good" || (peer != getpid() && (peer != insider || insider == 0)))
            return Error{code::Unauthorized, "invalid sessionId or cap"};
        return std::nullopt;
    }
    std::optional<Error> recheck(const std::string &, pid_t) override
    {
        if (!stillThere)
            return Error{code::Unauthorized, "session closed"};
        return std::nullopt;
    }
    std::string role(const std::string &) override { return "agent"; }
    std::vector<TabRow> tabRows(const std::optional<std::string> &) override { return {}; }
    std::vector<WindowRow> windowRows(const std::optional<std::string> &, bool) override { return {}; }
    std::optional<TabInfo> tabInfo(const std::string &, Handle) override { return std::nullopt; }
    Resolved resolveTab(const std::string &, const std::string &) override { return Handle(1); }
    Resolved resolveTerminal(const std::string &, const std::string &) override { return Handle(1); }
    Resolved resolveWindow(const std::string &, const std::string &) override { return Handle(1); }
    Created openTab(Handle, const std::string &, const std::string &) override { return NewTerminal{"s2", "abc123"}; }
    Created splitTerminal(const std::string &, Handle, const std::string &, const std::string &) override { return NewTerminal{"s3", "def456"}; }
    int tabsClosed = 0;
    std::optional<Error> closeTab(Handle, bool) override
    {
        ++tabsClosed;
        return std::nullopt;
    }
    std::optional<Error> closeTerminal(Handle) override { return std::nullopt; }
    std::optional<Error> renameTab(Handle, const std::string &) override { return std::nullopt; }
    std::optional<Error> selectTab(Handle) override { return std::nullopt; }
    std::optional<Error> moveTab(const std::string &, Handle, std::optional<int>, std::optional<Handle>) override { return std::nullopt; }
    std::variant<int, Error> openWindow(const std::string &) override { return 2; }
    std::vector<WindowLaunch> launches;
    std::optional<Error> openLaunchWindow(const WindowLaunch &launch) override
    {
        launches.push_back(launch);
        return std::nullopt;
    }
    std::optional<Error> closeWindow(const std::string &, Handle) override { return std::nullopt; }
    std::optional<Error> focusWindow(Handle) override { return std::nullopt; }
    std::variant<bool, Error> setTabPrivate(const std::string &, Handle, bool) override { return true; }
    bool granted = false;
    bool hasOrchestrationGrant(const std::string &) override { return granted; }
    std::string typed;
    int typedDelay = -1;
    std::optional<Error> sendInput(const std::string &, Handle, const std::string &bytes, int delay) override
    {
        typed += bytes;
        typedDelay = delay;
        return std::nullopt;
    }
    std::variant<std::string, Error> capture(Handle, int history) override
    {
        return "screen" + std::string(history > 0 ? "+history" : "") + "\n";
    }
    // One device pane, "pane1", owned by s1.
    std::vector<PaneRow> paneRows(const std::string &) override { return {*paneRow(7)}; }
    std::vector<DeviceRow> deviceRows(const std::optional<std::string> &) override { return {}; }
    std::variant<PaneRow, Error> bootDevice(const std::string &, const std::string &) override { return *paneRow(7); }
    std::optional<Error> shutdownDevice(const std::string &, const std::string &) override { return std::nullopt; }
    std::variant<int64_t, Error> launchOnDevice(const std::string &, const std::string &, const std::vector<std::string> &) override
    {
        return int64_t(42);
    }
    Resolved resolveDevicePane(const std::string &, const std::string &ref) override
    {
        if (ref.empty() || ref == "pane1")
            return Handle(7);
        return Error{code::InvalidParams, "unknown paneId '" + ref + "'"};
    }
    std::optional<PaneRow> paneRow(Handle) override
    {
        PaneRow row;
        row.paneId = "PANE-1";
        row.udid = "UDID-1";
        row.state = "rendering";
        row.shortId = "pane1";
        return row;
    }
    std::optional<PaneInfo> paneInfo(Handle) override { return std::nullopt; }
    std::optional<Error> closeDevicePane(Handle, bool) override { return std::nullopt; }
    // Answers at once, or (holdAx) when the test releases it, as the real
    // facade does from its worker.
    bool holdAx = false;
    std::vector<std::function<void()>> heldAx;
    void accessibility(Handle, const AxQuery &q, AxAnswer done) override
    {
        Json answer{{"tree", {{"role", "AXSweepRoot"}, {"step", q.step}}}};
        if (holdAx)
            heldAx.push_back([done, answer] { done(answer); });
        else
            done(answer);
    }
    std::variant<std::string, Error> rotate(Handle, const std::string &to) override { return to; }
    std::vector<Gesture> gestures;
    std::variant<int, Error> deviceInput(Handle, const Gesture &g) override
    {
        gestures.push_back(g);
        return g.kind == Gesture::Kind::Swipe ? (g.durationMs / 16) : 0;
    }
};

class Client {
public:
    explicit Client(const QString &path)
    {
        m_socket.connectToServer(path);
        m_socket.waitForConnected(2000);
    }
    bool connected() const { return m_socket.state() == QLocalSocket::ConnectedState; }
    void sendRaw(const std::string &bytes) { m_socket.write(bytes.data(), static_cast<qint64>(bytes.size())); m_socket.flush(); }
    void send(const Request &r) { sendRaw(encodeFrame(encode(r))); }
    std::optional<Json> receive(int timeoutMs = 3000)
    {
        waitUntil([&] {
            const QByteArray b = m_socket.readAll();
            m_decoder.feed(b.constData(), static_cast<size_t>(b.size()));
            if (auto f = m_decoder.next()) {
                m_frames.push_back(*f);
                return true;
            }
            return !m_frames.empty() || m_socket.state() != QLocalSocket::ConnectedState;
        }, timeoutMs);
        if (m_frames.empty())
            return std::nullopt;
        Json j = Json::parse(m_frames.front());
        m_frames.erase(m_frames.begin());
        return j;
    }
    Json call(const std::string &method, Json params = Json::object())
    {
        send(Request{++m_id, method, std::move(params)});
        auto r = receive();
        return r ? *r : Json();
    }
    QLocalSocket &socket() { return m_socket; }

private:
    QLocalSocket m_socket;
    FrameDecoder m_decoder;
    std::vector<std::string> m_frames;
    uint32_t m_id = 0;
};

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
    for (long i = 0; i < pidMax + 1000; ++i) {
        const pid_t p = ::fork();
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

class ServerTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        dispatcher = std::make_unique<Dispatcher>(port);
        dispatcher->add("tabs.list", Scope::Session, [](CallContext &, const Json &) -> HandlerResult { return Json::array(); });
        dispatcher->add("tab.sendInput", Scope::Orchestration, [](CallContext &, const Json &) -> HandlerResult {
            return Json{{"ok", true}};
        });
        dispatcher->add("test.big", Scope::DaemonWide, [](CallContext &, const Json &) -> HandlerResult {
            return Json{{"blob", std::string(256 * 1024, 'x')}};
        });
        dispatcher->add("test.throws", Scope::DaemonWide, [](CallContext &, const Json &p) -> HandlerResult {
            return Json{{"n", p.at("n").get<int>()}};
        });
        server = std::make_unique<AutomationServer>(*dispatcher, limits);
        path = dir.filePath(QStringLiteral("test.sock"));
        QString error;
        ASSERT_TRUE(server->listen(path, &error)) << error.toStdString();
    }

    QTemporaryDir dir;
    FakePort port;
    // Deadlines long enough for any test's own pauses; the deadline tests
    // make a server of their own.
    AutomationServer::Limits limits{.maxConnections = 4, .maxUnauthenticated = 3, .maxPendingOutput = 1024 * 1024,
                                    .unauthenticatedIdleMs = 60000, .authenticatedIdleMs = 60000};
    std::unique_ptr<Dispatcher> dispatcher;
    std::unique_ptr<AutomationServer> server;
    QString path;
};

TEST_F(ServerTest, theSocketIsPrivateAndPingAnswersWithTheWireVersion)
{
    EXPECT_EQ(QFileInfo(path).permissions() & (QFile::ReadGroup | QFile::ReadOther | QFile::WriteOther), 0);
    Client c(path);
    ASSERT_TRUE(c.connected());
    const Json r = c.call("daemon.ping");
    EXPECT_EQ(r["type"], "res");
    EXPECT_EQ(r["id"], 1);
    EXPECT_EQ(r["result"]["version"], kWireVersion);
    EXPECT_EQ(r["result"]["pid"], getpid());
}

TEST_F(ServerTest, pipelinedRequestsAreAnsweredInOrder)
{
    Client c(path);
    std::string batch;
    for (uint32_t i = 1; i <= 5; ++i)
        batch += encodeFrame(encode(Request{i, "daemon.ping", Json::object()}));
    c.sendRaw(batch);
    for (uint32_t i = 1; i <= 5; ++i) {
        auto r = c.receive();
        ASSERT_TRUE(r);
        EXPECT_EQ((*r)["id"], i);
    }
}

TEST_F(ServerTest, unknownMethodsAndMalformedFramesGetErrorsAndTheConnectionSurvives)
{
    Client c(path);
    EXPECT_EQ(c.call("no.such")["error"]["code"], code::MethodNotFound);
    EXPECT_EQ(c.call("no.such")["error"]["msg"], "Method not found: no.such");
    c.sendRaw(encodeFrame("{not json"));
    auto bad = c.receive();
    ASSERT_TRUE(bad);
    EXPECT_EQ((*bad)["error"]["code"], code::InvalidRequest);
    EXPECT_EQ((*bad)["id"], 0);
    EXPECT_EQ(c.call("test.throws", {{"n", "text"}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("test.throws", {{"n", 3}})["result"]["n"], 3);
    // Notifications get no answer; the next request still does.
    c.send(Request{std::nullopt, "daemon.ping", Json::object()});
    EXPECT_EQ(c.call("daemon.ping")["id"], 5);
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
    EXPECT_EQ((*rawCall(c.fd, "tabs.list", Json::object()))["result"], Json::array());
    // The process that connected exits; whoever keeps the socket is no one.
    ASSERT_EQ(::write(ready[0], "x", 1), 1);
    ASSERT_EQ(::waitpid(c.connectedBy, nullptr, 0), c.connectedBy);
    ::close(ready[0]);
    ::close(ready[1]);
    const auto after = rawCall(c.fd, "tabs.list", Json::object());
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

TEST_F(ServerTest, anOversizeFrameIsRefusedAndTheConnectionClosed)
{
    Client c(path);
    c.sendRaw(std::string("\x7f\xff\xff\xff", 4));
    auto r = c.receive();
    ASSERT_TRUE(r);
    EXPECT_EQ((*r)["error"]["code"], code::InvalidRequest);
    EXPECT_TRUE(waitUntil([&] { return c.socket().state() == QLocalSocket::UnconnectedState; }));
    EXPECT_TRUE(waitUntil([&] { return server->connectionCount() == 0; }));
}

TEST_F(ServerTest, sessionMethodsNeedAuthenticationThatIsCheckedAgainEachTime)
{
    Client c(path);
    EXPECT_EQ(c.call("tabs.list")["error"]["code"], code::Unauthorized);
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "bad"}})["error"]["code"], code::Unauthorized);
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", kS1}})["error"]["code"], code::InvalidParams);
    const Json before = c.call("daemon.capabilities")["result"];
    EXPECT_FALSE(before.contains("role")); // absent, not null
    EXPECT_EQ(before["allowedMethods"], Json({"daemon.capabilities", "daemon.ping", "session.authenticate", "test.big", "test.throws"}));
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    EXPECT_EQ(c.call("tabs.list")["result"], Json::array());
    const Json after = c.call("daemon.capabilities")["result"];
    EXPECT_EQ(after["role"], "agent");
    EXPECT_NE(std::find(after["allowedMethods"].begin(), after["allowedMethods"].end(), "tabs.list"), after["allowedMethods"].end());
    EXPECT_EQ(std::find(after["allowedMethods"].begin(), after["allowedMethods"].end(), "tab.sendInput"), after["allowedMethods"].end());
    EXPECT_EQ(c.call("tab.sendInput")["error"]["code"], code::RoleViolation);
    // The session goes away: the next scoped call fails and stays failed.
    port.stillThere = false;
    EXPECT_EQ(c.call("tabs.list")["error"]["code"], code::Unauthorized);
    port.stillThere = true;
    EXPECT_EQ(c.call("tabs.list")["error"]["code"], code::Unauthorized);
}

TEST_F(ServerTest, sessionIdsAreUuidsInAnyCaseAndOneWordingRefusesEveryWrongCap)
{
    Client c(path);
    for (const char *malformed : {"s1", "", "5f0c2a4e8d1b4c6e9a371b2c3d4e5f60", "5f0c2a4e-8d1b-4c6e-9a37-1b2c3d4e5f6g"}) {
        const Json r = c.call("session.authenticate", {{"sessionId", malformed}, {"cap", "good"}});
        EXPECT_EQ(r["error"]["code"], code::InvalidParams) << malformed;
        EXPECT_EQ(r["error"]["msg"], "sessionId must be a UUID") << malformed;
    }
    // Upper case is the same session, in full: it authenticates and the
    // connection is known by the canonical id (events are routed by it).
    std::string upper = kS1;
    std::transform(upper.begin(), upper.end(), upper.begin(), ::toupper);
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", upper}, {"cap", "good"}})["result"]["ok"], true);
    c.call("daemon.events");
    server->publish(Json{{"type", "mine"}, {"ts", "t"}}, kS1);
    auto event = c.receive();
    ASSERT_TRUE(event);
    EXPECT_EQ((*event)["params"]["type"], "mine");
}

TEST_F(ServerTest, aMisspeltCloseModeIsRefusedBeforeAnythingCloses)
{
    addWorkspaceMutations(*dispatcher, port);
    Client c(path);
    ASSERT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    const Json refused = c.call("tab.close", {{"mode", "shutdwn"}});
    EXPECT_EQ(refused["error"]["code"], code::InvalidParams);
    EXPECT_EQ(port.tabsClosed, 0);
    const Json closed = c.call("tab.close", {{"mode", "shutdown"}});
    EXPECT_EQ(closed["result"], Json({{"ok", true}, {"tab", "current"}, {"mode", "shutdown"}}));
    EXPECT_EQ(port.tabsClosed, 1);
    EXPECT_EQ(c.call("tab.close")["result"]["mode"], "detach"); // the default
}

TEST_F(ServerTest, theGrantIsCheckedOnEveryRequestAndAdvertisedExactlyWhileLive)
{
    addOrchestration(*dispatcher, port);
    Client c(path);
    ASSERT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    auto advertised = [&] {
        const Json allowed = c.call("daemon.capabilities")["result"]["allowedMethods"];
        const bool send = std::find(allowed.begin(), allowed.end(), "tab.sendInput") != allowed.end();
        const bool capture = std::find(allowed.begin(), allowed.end(), "tab.capture") != allowed.end();
        EXPECT_EQ(send, capture);
        return send;
    };
    EXPECT_FALSE(advertised());
    const Json refused = c.call("tab.sendInput", {{"tab", "abc123"}, {"text", "ls\n"}});
    EXPECT_EQ(refused["error"]["code"], code::RoleViolation);
    EXPECT_NE(refused["error"]["msg"].get<std::string>().find("orchestration grant"), std::string::npos);
    EXPECT_EQ(c.call("tab.capture", {{"tab", "abc123"}})["error"]["code"], code::RoleViolation);
    EXPECT_EQ(port.typed, "");

    port.granted = true;
    EXPECT_TRUE(advertised());
    const Json receipt = c.call("tab.sendInput", {{"tab", "abc123"}, {"text", "ls\n"}});
    EXPECT_EQ(receipt["result"], Json({{"ok", true}, {"tab", "abc123"}, {"bytes", 3}})); // no typeDelayMillis, no text
    EXPECT_EQ(port.typed, "ls\n");
    EXPECT_EQ(c.call("tab.capture", {{"tab", "abc123"}})["result"], Json({{"text", "screen\n"}}));
    EXPECT_EQ(c.call("tab.capture", {{"tab", "abc123"}, {"scrollback", 5}})["result"]["text"], "screen+history\n");

    // Revoked: the very next request fails.
    port.granted = false;
    EXPECT_EQ(c.call("tab.sendInput", {{"tab", "abc123"}, {"text", "x"}})["error"]["code"], code::RoleViolation);
    EXPECT_FALSE(advertised());
}

TEST_F(ServerTest, noRequestCanOpenAnOrchestratorTab)
{
    addWorkspaceMutations(*dispatcher, port);
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    const Json refused = c.call("tab.open", {{"role", "orchestrator"}});
    EXPECT_EQ(refused["error"]["code"], code::RoleViolation);
    EXPECT_EQ(refused["error"]["msg"], "orchestrator sessions can only be minted from the GUI"); // the contract's words
    const Json grantless = c.call("tab.sendInput", {{"tab", "x"}, {"text", "y"}});
    EXPECT_EQ(grantless["error"]["msg"], "this session has no live orchestration grant; open an orchestrator tab in the deviceterm GUI");
    EXPECT_EQ(c.call("tab.open", {{"role", "agent"}})["result"]["ok"], true);
    // Nor can the GUI's grant calls of the original be reached here.
    for (const char *method : {"orchestrator.grant", "orchestrator.revoke", "session.create"})
        EXPECT_EQ(c.call(method, {{"sessionIds", {kS1}}})["error"]["code"], code::MethodNotFound) << method;
}

TEST_F(ServerTest, sendInputParamsAreCheckedAndTheDelayCapped)
{
    addOrchestration(*dispatcher, port);
    port.granted = true;
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    EXPECT_EQ(c.call("tab.sendInput", {{"tab", "t"}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("tab.sendInput", {{"tab", "t"}, {"text", ""}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("tab.sendInput", {{"tab", "t"}, {"text", 5}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("tab.sendInput", {{"tab", "t"}, {"text", "x"}, {"typeDelayMillis", -1}})["error"]["code"],
              code::InvalidParams);
    EXPECT_EQ(c.call("tab.sendInput", {{"tab", "t"}, {"text", "x"}, {"typeDelayMillis", "fast"}})["error"]["code"],
              code::InvalidParams);
    EXPECT_EQ(c.call("tab.capture", {{"tab", "t"}, {"scrollback", -3}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(port.typed, "");
    const Json paced = c.call("tab.sendInput", {{"tab", "t"}, {"text", "é"}, {"typeDelayMillis", 5000}});
    EXPECT_EQ(paced["result"]["typeDelayMillis"], 1000);
    EXPECT_EQ(paced["result"]["bytes"], 2); // UTF-8 bytes
    EXPECT_EQ(port.typedDelay, 1000);
}

TEST_F(ServerTest, setPrivateNeedsABooleanAndAnswersWithItsReceipt)
{
    addPrivacy(*dispatcher, port);
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    EXPECT_EQ(c.call("tab.setPrivate", {{"isPrivate", "yes"}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("tab.setPrivate")["error"]["code"], code::InvalidParams);
    EXPECT_EQ(c.call("tab.setPrivate", {{"isPrivate", true}})["result"],
              Json({{"ok", true}, {"tab", "current"}, {"isPrivate", true}, {"committed", true}}));
}

// Input receipts: the pane's ids first, then exactly what each gesture adds.
TEST_F(ServerTest, inputReceiptsCarryTheContractsKeysAndBadParamsAreRefusedBeforeDispatch)
{
    addDevices(*dispatcher, port);
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    const Json pane = {{"ok", true}, {"paneId", "PANE-1"}, {"shortId", "pane1"}, {"udid", "UDID-1"}};
    auto with = [&pane](Json extra) {
        Json j = pane;
        j.update(extra);
        return j;
    };
    EXPECT_EQ(c.call("pane.input.tap", {{"x", 0.25}, {"y", 1}})["result"], with({{"x", 0.25}, {"y", 1}}));
    EXPECT_EQ(c.call("pane.input.swipe", {{"fromX", 0}, {"fromY", 0}, {"toX", 1}, {"toY", 1}, {"durationMs", 160}})["result"],
              with({{"dispatched", "drag"}, {"steps", 10}, {"durationMs", 160}}));
    EXPECT_EQ(c.call("pane.input.swipe", {{"fromX", 0}, {"fromY", 0}, {"toX", 1}, {"toY", 1}, {"holdMs", 60001}})["error"]["code"],
              code::InvalidParams);
    const Json pinch = {{"fromF1X", 0.4}, {"fromF1Y", 0.5}, {"fromF2X", 0.6}, {"fromF2Y", 0.5},
                        {"toF1X", 0.2},   {"toF1Y", 0.5},   {"toF2X", 0.8},   {"toF2Y", 0.5}};
    EXPECT_EQ(c.call("pane.input.pinch", pinch)["result"], with({{"durationMs", 300}}));
    ASSERT_EQ(port.gestures.size(), 3u);
    const auto g = port.gestures.back();
    EXPECT_EQ(g.kind, AutomationPort::Gesture::Kind::Pinch);
    EXPECT_EQ(std::vector<double>({g.x, g.y, g.x2, g.y2, g.toX, g.toY, g.toX2, g.toY2}),
              std::vector<double>({0.4, 0.5, 0.6, 0.5, 0.2, 0.5, 0.8, 0.5}));
    EXPECT_EQ(c.call("pane.input.key", {{"keyCode", 48}})["result"], with({{"keyCode", "0x30"}, {"down", false}}));
    EXPECT_EQ(c.call("pane.input.text", {{"text", "Zoë"}})["result"], with({{"bytes", 4}}));
    EXPECT_EQ(c.call("pane.input.text", {{"text", std::string(256 * 1024, 'a')}})["result"], with({{"bytes", 256 * 1024}}));
    const Json tooMuch = c.call("pane.input.text", {{"text", std::string(256 * 1024 + 1, 'a')}});
    EXPECT_EQ(tooMuch["error"]["code"], code::InvalidParams);
    EXPECT_EQ(tooMuch["error"]["msg"], "text must be at most 256 KiB; send it in parts");

    // A finger missing, or off the screen, or a duration out of range:
    // refused, and nothing reaches the device.
    Json missing = pinch;
    missing.erase("toF2Y");
    Json offScreen = pinch;
    offScreen["toF1X"] = -0.1;
    Json tooLong = pinch;
    tooLong["durationMs"] = 60001;
    for (const Json &bad : {missing, offScreen, tooLong}) {
        const Json answer = c.call("pane.input.pinch", bad);
        EXPECT_EQ(answer["error"]["code"], code::InvalidParams) << bad.dump();
        EXPECT_FALSE(answer.contains("result"));
    }
    Json elsewhere = pinch;
    elsewhere["pane"] = "nosuch";
    const Json unknown = c.call("pane.input.pinch", elsewhere);
    EXPECT_EQ(unknown["error"]["msg"], "unknown paneId 'nosuch'") << unknown.dump();
    EXPECT_EQ(port.gestures.size(), 6u);
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
        EXPECT_EQ(cli.call("tabs.list")["result"], Json::array()) << round;
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
    EXPECT_EQ(session.call("tabs.list")["result"], Json::array());
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
    EXPECT_EQ(modest.call("tabs.list")["result"], Json::array());
    EXPECT_EQ(greedy[2]->call("tabs.list")["result"], Json::array());
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
        EXPECT_EQ(c->call("tabs.list")["result"], Json::array());
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

TEST_F(ServerTest, eventsFollowTheirStreamAndAnOwnSessionCloseEndsIt)
{
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    const Json ack = c.call("daemon.events");
    EXPECT_EQ(ack["result"]["ok"], true);
    const uint32_t stream = ack["id"];
    Client other(path); // not subscribed: gets nothing
    server->publish(Json{{"type", "session.created"}, {"ts", "t1"}});
    server->publish(Json{{"type", "session.closed"}, {"sessionId", kS1}, {"ts", "t2"}}, std::nullopt, std::string(kS1));
    auto first = c.receive();
    ASSERT_TRUE(first);
    EXPECT_EQ((*first)["type"], "evt");
    EXPECT_EQ((*first)["id"], stream);
    EXPECT_EQ((*first)["params"]["type"], "session.created");
    EXPECT_EQ((*first)["method"], "daemon.event"); // each frame; daemon.events opened the stream
    auto last = c.receive();
    ASSERT_TRUE(last);
    EXPECT_EQ((*last)["params"]["type"], "session.closed");
    EXPECT_TRUE(waitUntil([&] { return c.socket().state() == QLocalSocket::UnconnectedState; }));
    EXPECT_EQ(other.call("daemon.ping")["id"], 1);
}

TEST_F(ServerTest, aSubscriberThatStopsReadingGetsOneOverflowLineAndIsClosed)
{
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    c.call("daemon.events");
    const std::string blob(64 * 1024, 'e');
    for (int i = 0; i < 100; ++i) // 6.4 MB against a 1 MiB cap
        server->publish(Json{{"type", "big"}, {"ts", "t"}, {"blob", blob}});
    std::string lastType;
    int received = 0, overflows = 0;
    while (auto m = c.receive(3000)) {
        ++received;
        lastType = (*m)["params"].value("type", std::string());
        overflows += lastType == "stream.overflow";
    }
    EXPECT_EQ(lastType, "stream.overflow");
    EXPECT_EQ(overflows, 1);
    EXPECT_LT(received, 30); // about the cap's worth, not all 100
    EXPECT_TRUE(waitUntil([&] { return server->connectionCount() == 0; }));
}

TEST_F(ServerTest, aClientThatNeverReadsIsCutOffInsteadOfGrowingOurMemory)
{
    Client c(path);
    std::string batch;
    for (uint32_t i = 1; i <= 40; ++i) // 40 answers of 256 KiB against a 1 MiB cap
        batch += encodeFrame(encode(Request{i, "test.big", Json::object()}));
    c.sendRaw(batch);
    EXPECT_TRUE(waitUntil([&] { return server->connectionCount() == 0; }));
    // The server itself is fine.
    Client other(path);
    EXPECT_EQ(other.call("daemon.ping")["type"], "res");
}

} // namespace
