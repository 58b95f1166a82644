// The automation server on a real Unix socket, with a fake application port:
// framing, envelopes, scopes, authentication and handlers' parameters as a
// client sees them. Connections themselves (who opened them, limits,
// deadlines, slow answers) are in server_connections_test.cpp.

#include "rpc/contract/wire_version.h"
#include "rpc/server/handlers/device_evidence.h"
#include "rpc/server/handlers/devices.h"
#include "rpc/server/handlers/orchestration.h"
#include "rpc/server/handlers/privacy.h"
#include "rpc/server/handlers/workspace_mutations.h"
#include "server_fixture.h"

#include <QFileInfo>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::server;

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
    EXPECT_EQ(c.call("tab.info")["error"]["code"], code::Unauthorized);
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "bad"}})["error"]["code"], code::Unauthorized);
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", kS1}})["error"]["code"], code::InvalidParams);
    const Json before = c.call("daemon.capabilities")["result"];
    EXPECT_FALSE(before.contains("role")); // absent, not null
    EXPECT_EQ(before["allowedMethods"], Json({"daemon.capabilities", "daemon.ping", "session.authenticate", "test.big", "test.throws"}));
    EXPECT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    EXPECT_EQ(c.call("tab.info")["result"], Json::array());
    const Json after = c.call("daemon.capabilities")["result"];
    EXPECT_EQ(after["role"], "agent");
    EXPECT_NE(std::find(after["allowedMethods"].begin(), after["allowedMethods"].end(), "tab.info"), after["allowedMethods"].end());
    EXPECT_EQ(std::find(after["allowedMethods"].begin(), after["allowedMethods"].end(), "tab.sendInput"), after["allowedMethods"].end());
    EXPECT_EQ(c.call("tab.sendInput")["error"]["code"], code::RoleViolation);
    // The session goes away: the next scoped call fails and stays failed.
    port.stillThere = false;
    EXPECT_EQ(c.call("tab.info")["error"]["code"], code::Unauthorized);
    port.stillThere = true;
    EXPECT_EQ(c.call("tab.info")["error"]["code"], code::Unauthorized);
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
    server->publish(Json{{"type", "mine"}, {"ts", "t"}}, dt::rpc::EventAudience::session(kS1));
    auto event = c.receive();
    ASSERT_TRUE(event);
    EXPECT_EQ((*event)["params"]["type"], "mine");
}

TEST_F(ServerTest, aMisspeltCloseModeIsRefusedBeforeAnythingCloses)
{
    addWorkspaceMutations(*dispatcher, port, port, port);
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
    addOrchestration(*dispatcher, port, port);
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
    addWorkspaceMutations(*dispatcher, port, port, port);
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

TEST_F(ServerTest, aTabOpenedToWaitAnswersWithItsCommandsRecord)
{
    addWorkspaceMutations(*dispatcher, port, port, port);
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    // Without wait: the command is typed by the workspace, the receipt at once.
    EXPECT_EQ(c.call("tab.open", {{"cmd", "make"}})["result"]["shortId"], "abc123");
    EXPECT_EQ(port.typedAtOpen, "make");
    EXPECT_TRUE(port.newTabRuns.empty());
    // With wait: the tab opens with nothing typed, the command family runs
    // it there, and the answer is its record naming the new tab.
    const Json record = c.call("tab.open", {{"cmd", "make test"}, {"wait", true}})["result"];
    EXPECT_EQ(port.typedAtOpen, "");
    ASSERT_EQ(port.newTabRuns.size(), 1u);
    EXPECT_EQ(port.newTabRuns[0], (std::pair<Handle, std::string>{7, "make test"}));
    EXPECT_EQ(record["command"], "make test");
    EXPECT_EQ(record["tab"], "abc123");
    EXPECT_EQ(record["sessionId"], "s2");
    EXPECT_EQ(record["exitStatus"], 0);
    // A refusal names the tab that was opened all the same.
    const Json refused = c.call("tab.open", {{"cmd", "fail"}, {"wait", true}});
    EXPECT_EQ(refused["error"]["msg"], "intent.notIntegrated: the shell reports no commands (the new tab abc123 stays open)");
    EXPECT_EQ(c.call("tab.open", {{"wait", true}})["error"]["code"], code::InvalidParams);
}

TEST_F(ServerTest, sendInputParamsAreCheckedAndTheDelayCapped)
{
    addOrchestration(*dispatcher, port, port);
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

// window.focus: where the compositor decides (Wayland), the receipt says
// so rather than claiming the window came to the front.
TEST_F(ServerTest, aFocusReceiptSaysWhenTheCompositorDecides)
{
    addWorkspaceMutations(*dispatcher, port, port, port);
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    EXPECT_EQ(c.call("window.focus", {{"window", "2"}})["result"], Json({{"ok", true}, {"window", "2"}}));
    port.compositorDecidesFocus = true;
    EXPECT_EQ(c.call("window.focus", {{"window", "2"}})["result"],
              Json({{"activation", "compositor"}, {"ok", true}, {"window", "2"}}));
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
    EXPECT_EQ(g.kind, DevicePort::Gesture::Kind::Pinch);
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

// Recordings start on a resolved pane and stop by the caller's own name for
// it (the pane may be gone); logs carry their query to the port.
TEST_F(ServerTest, recordingsAndLogsReachThePortWithTheCallerAndTheirQuery)
{
    addDeviceEvidence(*dispatcher, port);
    Client c(path);
    c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}});
    EXPECT_EQ(c.call("pane.record.start", {{"path", "/tmp/a.webm"}, {"framesPerSecond", 30}})["result"],
              Json({{"path", "/tmp/a.webm"}, {"framesPerSecond", 30}}));
    ASSERT_EQ(port.recordings.size(), 1u);
    EXPECT_EQ(port.recordings[0], kS1 + ":/tmp/a.webm");
    EXPECT_EQ(c.call("pane.record.start", {{"path", "/tmp/a.webm"}, {"pane", "nosuch"}})["error"]["msg"],
              "unknown paneId 'nosuch'");
    EXPECT_EQ(c.call("pane.record.start", {{"path", "relative.webm"}})["error"]["code"], code::InvalidParams);
    EXPECT_EQ(port.recordings.size(), 1u);
    EXPECT_EQ(c.call("pane.record.stop", Json::object())["result"], Json({{"frames", 3}}));
    EXPECT_EQ(c.call("pane.record.stop", {{"pane", "gone"}})["error"]["msg"], "intent.notFound: no recording");

    EXPECT_EQ(c.call("pane.logs", {{"since", 4}, {"waitMillis", 1000}})["result"]["next"], 6);
    ASSERT_EQ(port.logQueries.size(), 1u);
    EXPECT_EQ(port.logQueries[0].since, 4);
    EXPECT_EQ(port.logQueries[0].waitMillis, 1000);
    EXPECT_EQ(port.logQueries[0].maxBytes, 64 * 1024);
}

TEST_F(ServerTest, eventsReachOnlyTheirAudienceNumberedPerStream)
{
    const std::string kS2 = "6a1d3b5f-9e2c-4d7f-8b48-2c3d4e5f6071", kS3 = "7b2e4c60-af3d-4e80-9c59-3d4e5f607182";
    Client one(path), two(path), three(path);
    for (auto [client, id] : {std::pair{&one, kS1}, std::pair{&two, kS2}, std::pair{&three, kS3}}) {
        ASSERT_EQ(client->call("session.authenticate", {{"sessionId", id}, {"cap", "good"}})["result"]["ok"], true);
        client->call("daemon.events");
    }
    server->publish(Json{{"type", "for-all"}, {"ts", "t"}});
    server->publish(Json{{"type", "for-two"}, {"ts", "t"}}, dt::rpc::EventAudience::sessionsOf({kS1, kS2}));
    server->publish(Json{{"type", "for-three"}, {"ts", "t"}}, dt::rpc::EventAudience::session(kS3));
    const auto lines = [](Client &c, int n) {
        std::vector<std::pair<std::string, int>> out;
        for (int i = 0; i < n; ++i)
            if (auto m = c.receive())
                out.emplace_back((*m)["params"]["type"], (*m)["params"]["seq"]);
        return out;
    };
    using Lines = std::vector<std::pair<std::string, int>>;
    EXPECT_EQ(lines(one, 2), (Lines{{"for-all", 1}, {"for-two", 2}}));
    EXPECT_EQ(lines(two, 2), (Lines{{"for-all", 1}, {"for-two", 2}}));
    // Each stream counts its own lines: no gap where another's went.
    EXPECT_EQ(lines(three, 2), (Lines{{"for-all", 1}, {"for-three", 2}}));
    // The next line the first stream gets is the next one meant for it.
    server->publish(Json{{"type", "for-all"}, {"ts", "t"}});
    EXPECT_EQ(lines(one, 1), (Lines{{"for-all", 3}}));
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
    server->publish(Json{{"type", "session.closed"}, {"sessionId", kS1}, {"ts", "t2"}}, dt::rpc::EventAudience{std::nullopt, kS1});
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

// Whether a session follows the event stream (device panes read what is
// under a person's finger only then): not before it subscribes, yes while
// it does, not after its connection went, and never for another session.
TEST_F(ServerTest, theServerKnowsWhichSessionsFollowEvents)
{
    EXPECT_FALSE(server->followsEvents(kS1));
    {
        Client c(path);
        ASSERT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
        EXPECT_FALSE(server->followsEvents(kS1)) << "connected, not subscribed";
        ASSERT_EQ(c.call("daemon.events")["result"]["ok"], true);
        EXPECT_TRUE(server->followsEvents(kS1));
        EXPECT_FALSE(server->followsEvents("0c0ffee0-8d1b-4c6e-9a37-1b2c3d4e5f60"));
    }
    EXPECT_TRUE(waitUntil([&] { return !server->followsEvents(kS1); }, 5000)) << "gone with its connection";
}
