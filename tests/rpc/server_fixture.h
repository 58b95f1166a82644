#pragma once

// The automation server's test bench: a fake application port, a client on
// a real socket, and a fixture with a server on a private socket (small
// limits, long deadlines). Shared by server_test.cpp and
// server_connections_test.cpp.

#include "rpc/contract/envelope.h"
#include "rpc/contract/framing.h"
#include "rpc/server/automation_server.h"
#include "support/wait_until.h"

#include <QLocalSocket>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <unistd.h>

namespace dt::test::server {

using namespace dt::rpc;
using dt::test::waitUntil;

// A session id of the contract's shape (a UUID in lower case).
inline const std::string kS1 = "5f0c2a4e-8d1b-4c6e-9a37-1b2c3d4e5f60";

// Accepts any session with cap "good"; its "terminal" holds this very
// process only (or `insider`, a pid the test says runs "in the tab"): see
// provenance() below, which the fixture's dispatcher checks with.
struct FakePort : SessionPort, WorkspacePort, OrchestrationPort, DevicePort, CommandPort {
    bool stillThere = true;
    bool compositorDecidesFocus = false; // what window.focus says about the compositor
    pid_t insider = 0;
    std::variant<pid_t, Error> sessionShell(const std::string &, const std::optional<std::string> &cap) override
    {
        if (cap && *cap != "good")
            return Error{code::Unauthorized, "invalid sessionId or cap"};
        if (!stillThere)
            return Error{code::Unauthorized, "session closed"};
        return getpid();
    }
    std::optional<Error> provenance(pid_t, pid_t peer) const
    {
        if (peer != getpid() && (peer != insider || insider == 0))
            return Error{code::Unauthorized, "invalid sessionId or cap"};
        return std::nullopt;
    }
    std::string role(const std::string &) override { return "agent"; }
    std::vector<TabRow> tabRows(const std::optional<std::string> &) override { return {}; }
    std::vector<WindowRow> windowRows(const std::optional<std::string> &, bool) override { return {}; }
    std::optional<TabInfo> tabInfo(const std::string &, Handle) override { return std::nullopt; }
    Resolved resolveTab(const std::string &, const std::string &) override { return Handle(1); }
    Resolved resolveTerminal(const std::string &, const std::string &) override { return Handle(1); }
    Resolved resolveWindow(const std::string &, const std::string &) override { return Handle(1); }
    Created openTab(Handle, const std::string &, const std::string &command) override
    {
        typedAtOpen = command;
        return NewTerminal{"s2", "abc123", 7};
    }
    std::string typedAtOpen;
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
    std::variant<bool, Error> focusWindow(Handle) override { return compositorDecidesFocus; }
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
    void waitForElement(Handle, const AxQuery &, bool, int64_t, AxAnswer done) override
    {
        done(intentError(intent::Timeout, "fake"));
    }
    void waitIdle(Handle, int quiet, int64_t, AxAnswer done) override { done(Json{{"quietMillis", quiet}}); }
    void screenshot(Handle, AxAnswer done) override { done(Json{{"png", ""}, {"width", 1}, {"height", 1}}); }
    std::vector<std::string> recordings; // caller:path
    void startRecording(const std::string &caller, Handle, const std::string &path, int rate, AxAnswer done) override
    {
        recordings.push_back(caller + ":" + path);
        done(Json{{"path", path}, {"framesPerSecond", rate}});
    }
    void stopRecording(const std::string &, const std::string &paneRef, AxAnswer done) override
    {
        if (paneRef == "gone")
            return done(intentError(intent::NotFound, "no recording"));
        done(Json{{"frames", 3}});
    }
    void perf(Handle, int sampleMillis, AxAnswer done) override { done(Json{{"sampleMillis", sampleMillis}}); }
    std::vector<LogQuery> logQueries;
    void logs(Handle, const LogQuery &q, AxAnswer done) override
    {
        logQueries.push_back(q);
        done(Json{{"text", "hello\n"}, {"from", 0}, {"next", 6}});
    }
    // Commands: a record for a run, nothing else.
    void runCommand(const std::string &, Handle, const std::string &command, int64_t, size_t, bool, CommandAnswer done) override
    {
        CommandInfo info;
        info.commandId = 1;
        info.command = command;
        info.exitStatus = 0;
        info.output = "";
        done(info);
    }
    // A new tab's run: the record, or a refusal for "fail".
    std::vector<std::pair<Handle, std::string>> newTabRuns;
    void runInNewTab(const std::string &, Handle tab, const std::string &command, int64_t, size_t, CommandAnswer done) override
    {
        newTabRuns.emplace_back(tab, command);
        if (command == "fail")
            return done(intentError(intent::NotIntegrated, "the shell reports no commands"));
        runCommand({}, tab, command, 0, 0, false, std::move(done));
    }
    void waitCommand(const std::string &, Handle, int64_t, size_t, CommandAnswer done) override
    {
        done(intentError(intent::NotIntegrated, "fake"));
    }
    std::variant<std::vector<CommandInfo>, Error> commands(const std::string &, Handle, int) override
    {
        return std::vector<CommandInfo>{};
    }
    std::variant<CommandInfo, Error> commandOutput(const std::string &, Handle, std::optional<uint64_t>, size_t) override
    {
        return intentError(intent::NotFound, "fake");
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

class ServerTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        dispatcher = std::make_unique<Dispatcher>(port);
        dispatcher->setProvenanceCheck([this](pid_t shell, pid_t peer) { return port.provenance(shell, peer); });
        dispatcher->add(method::TabInfo, [](CallContext &, const Json &) -> HandlerResult { return Json::array(); });
        dispatcher->add(method::TabSendInput, [](CallContext &, const Json &) -> HandlerResult {
            return Json{{"ok", true}};
        });
        dispatcher->add(MethodSpec{"test.big", Scope::DaemonWide}, [](CallContext &, const Json &) -> HandlerResult {
            return Json{{"blob", std::string(256 * 1024, 'x')}};
        });
        dispatcher->add(MethodSpec{"test.throws", Scope::DaemonWide}, [](CallContext &, const Json &p) -> HandlerResult {
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

} // namespace dt::test::server
