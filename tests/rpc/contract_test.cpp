// The wire format: frames survive any split, limits hold, envelopes decode
// strictly and encode with sorted keys and no nulls.

#include "rpc/contract/envelope.h"
#include "rpc/contract/framing.h"

#include <gtest/gtest.h>

#include <random>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
extern long dtFuzzDecodedRequests;

namespace {

using namespace dt::rpc;

TEST(Framing, framesArriveWholeHoweverTheBytesAreSplit)
{
    const std::string stream = encodeFrame(R"({"a":1})") + encodeFrame("") + encodeFrame(std::string(70000, 'x'));
    for (size_t piece : {1u, 3u, 4u, 5u, 4096u, 100000u}) {
        FrameDecoder d;
        std::vector<std::string> frames;
        for (size_t i = 0; i < stream.size(); i += piece) {
            d.feed(stream.data() + i, std::min(piece, stream.size() - i));
            while (auto f = d.next())
                frames.push_back(*f);
        }
        ASSERT_EQ(frames.size(), 3u) << piece;
        EXPECT_EQ(frames[0], R"({"a":1})");
        EXPECT_EQ(frames[1], "");
        EXPECT_EQ(frames[2].size(), 70000u);
        EXPECT_EQ(d.buffered(), 0u);
    }
}

TEST(Framing, theLengthIsBigEndian)
{
    const std::string f = encodeFrame(std::string(258, 'y'));
    EXPECT_EQ(f.substr(0, 4), std::string("\x00\x00\x01\x02", 4));
}

TEST(Framing, aFrameOverSixteenMebibytesIsAnErrorThatSticks)
{
    FrameDecoder d;
    const unsigned char header[4] = {0x01, 0x00, 0x00, 0x01}; // 16 MiB + 1
    d.feed(reinterpret_cast<const char *>(header), 4);
    EXPECT_FALSE(d.next());
    EXPECT_TRUE(d.failed());
    EXPECT_NE(d.error().find("16 MiB"), std::string::npos);
    const std::string ok = encodeFrame("{}");
    d.feed(ok.data(), ok.size());
    EXPECT_FALSE(d.next()); // no resynchronising after garbage
}

TEST(Framing, exactlySixteenMebibytesIsAllowed)
{
    FrameDecoder d;
    const std::string f = encodeFrame(std::string(kMaxFrame, 'z'));
    d.feed(f.data(), f.size());
    auto frame = d.next();
    ASSERT_TRUE(frame);
    EXPECT_EQ(frame->size(), kMaxFrame);
}

TEST(Envelope, decodesARequestAndIgnoresUnknownKeys)
{
    const auto d = decodeRequest(R"({"type":"req","id":7,"method":"tabs.list","params":{"all":true},"extra":[1]})");
    ASSERT_TRUE(d.request) << d.error->msg;
    EXPECT_EQ(d.request->id, 7u);
    EXPECT_EQ(d.request->method, "tabs.list");
    EXPECT_EQ(d.request->params, Json({{"all", true}}));
}

TEST(Envelope, aRequestWithoutIdIsANotificationAndParamsDefaultToAnObject)
{
    const auto d = decodeRequest(R"({"type":"req","method":"pane.surfaceRelease"})");
    ASSERT_TRUE(d.request);
    EXPECT_FALSE(d.request->id);
    EXPECT_TRUE(d.request->params.is_object());
}

TEST(Envelope, rejectsMalformedEnvelopesWithInvalidRequest)
{
    struct Case {
        const char *payload;
        const char *why;
        bool hasId;
    };
    const Case cases[] = {
        {"not json", "invalid JSON", false},
        {"[1,2]", "object", false},
        {R"({"type":"req","id":true,"method":"m"})", "id", false},
        {R"({"type":"req","id":1.5,"method":"m"})", "id", false},
        {R"({"type":"req","id":-1,"method":"m"})", "id", false},
        {R"({"type":"req","id":4294967296,"method":"m"})", "4294967295", false},
        {R"({"type":"evt","id":3,"method":"m"})", "expected req", true},
        {R"({"type":"bogus","id":3,"method":"m"})", "unknown message type", true},
        {R"({"id":3,"method":"m"})", "missing type", true},
        {R"({"type":"req","id":3})", "missing method", true},
        {R"({"type":"req","id":3,"method":""})", "missing method", true},
        {R"({"type":"req","id":3,"method":"m","params":[1]})", "params must be an object", true},
        {R"({"type":"req","id":3,"method":"m","params":null})", "params must be an object", true},
    };
    for (const Case &c : cases) {
        const auto d = decodeRequest(c.payload);
        ASSERT_FALSE(d.request) << c.payload;
        ASSERT_TRUE(d.error) << c.payload;
        EXPECT_EQ(d.error->code, code::InvalidRequest) << c.payload;
        EXPECT_NE(d.error->msg.find(c.why), std::string::npos) << c.payload << " -> " << d.error->msg;
        EXPECT_EQ(d.id.has_value(), c.hasId) << c.payload;
    }
    EXPECT_EQ(decodeRequest(R"({"type":"req","id":4294967295,"method":"m"})").request->id, 4294967295u);
}

TEST(Envelope, encodesWithSortedKeysAndTheContractsShapes)
{
    EXPECT_EQ(encode(Request{5, "daemon.ping", Json::object()}), R"({"id":5,"method":"daemon.ping","params":{},"type":"req"})");
    EXPECT_EQ(encode(Request{std::nullopt, "x", Json::object()}), R"({"method":"x","params":{},"type":"req"})");
    Response ok;
    ok.id = 5;
    ok.result = Json({{"zeta", 1}, {"alpha", 2}});
    EXPECT_EQ(encode(ok), R"({"id":5,"result":{"alpha":2,"zeta":1},"type":"res"})");
    Response bad;
    bad.id = 6;
    bad.error = Error{code::MethodNotFound, "Method not found: x"};
    EXPECT_EQ(encode(bad), R"({"error":{"code":-32601,"msg":"Method not found: x"},"id":6,"type":"res"})");
    EXPECT_EQ(encode(Event{9, "session.created", Json({{"ts", "t"}})}),
              R"({"id":9,"method":"session.created","params":{"ts":"t"},"type":"evt"})");
    Response array;
    array.id = 1;
    array.result = Json::array();
    EXPECT_EQ(encode(array), R"({"id":1,"result":[],"type":"res"})");
}

TEST(Envelope, invalidUtf8InTextIsReplacedNotThrown)
{
    Response r;
    r.id = 1;
    r.result = Json({{"text", std::string("ok \xff\xfe end")}});
    const std::string s = encode(r);
    EXPECT_NE(s.find("ok \xef\xbf\xbd\xef\xbf\xbd end"), std::string::npos);
}

TEST(Envelope, clientsDecodeResponsesEventsAndErrors)
{
    const auto res = decodeMessage(R"({"type":"res","id":2,"result":[{"a":1}],"future":1})");
    ASSERT_TRUE(res.response);
    EXPECT_EQ(res.response->result, Json::parse(R"([{"a":1}])"));
    const auto err = decodeMessage(R"({"type":"res","id":2,"error":{"code":-32001,"msg":"no"}})");
    ASSERT_TRUE(err.response && err.response->error);
    EXPECT_EQ(err.response->error->code, code::Unauthorized);
    const auto evt = decodeMessage(R"({"type":"evt","id":4,"method":"session.closed","params":{}})");
    ASSERT_TRUE(evt.event);
    EXPECT_EQ(evt.event->method, "session.closed");
    EXPECT_TRUE(decodeMessage(R"({"type":"res","id":2})").error);
    EXPECT_TRUE(decodeMessage(R"({"type":"res","result":1})").error);
    EXPECT_TRUE(decodeMessage(R"({"type":"req","id":1,"method":"m"})").error);
}

// `levels` arrays (or objects) nested as the params' one value.
std::string nestedParams(int levels, bool objects, const std::string &type = "req")
{
    std::string open, close;
    for (int i = 0; i < levels; ++i) {
        open += objects ? "{\"a\":" : "[";
        close += objects ? "}" : "]";
    }
    return R"({"type":")" + type + R"(","id":7,"method":"daemon.ping","params":{"p":)" + open + "1" + close + "}}";
}

TEST(Envelope, nestingIsBoundedAtSixtyFourLevelsWithoutRecursingIntoTheRest)
{
    // The envelope is level 1 and params level 2: 62 more levels fit.
    for (bool objects : {false, true}) {
        const auto fits = decodeRequest(nestedParams(kMaxNesting - 2, objects));
        ASSERT_TRUE(fits.request) << (fits.error ? fits.error->msg : "");
        const auto deeper = decodeRequest(nestedParams(kMaxNesting - 1, objects));
        ASSERT_TRUE(deeper.error);
        EXPECT_EQ(deeper.error->code, code::InvalidRequest);
        EXPECT_EQ(deeper.error->msg, "JSON nested deeper than 64 levels");
        // The frame the attack used: 100,000 levels. The id cannot be
        // trusted from a refused frame, so the answer goes to id 0.
        const auto attack = decodeRequest(nestedParams(100000, objects));
        ASSERT_TRUE(attack.error);
        EXPECT_EQ(attack.error->code, code::InvalidRequest);
        EXPECT_TRUE(decodeMessage(nestedParams(100000, objects, "evt")).error);
        EXPECT_TRUE(decodeMessage(nestedParams(100000, objects, "res")).error);
    }
    // Answers may nest deeper (accessibility trees), to a bound of their own.
    EXPECT_TRUE(decodeMessage(nestedParams(kMaxAnswerNesting - 2, false, "evt")).event);
    EXPECT_TRUE(decodeMessage(nestedParams(kMaxAnswerNesting - 1, false, "evt")).error);
    // Brackets inside strings are text, not nesting.
    const std::string text = R"({"type":"req","id":1,"method":"m","params":{"t":")" + std::string(1000, '[') + R"("}})";
    EXPECT_TRUE(decodeRequest(text).request);
}

TEST(ContractFuzz, randomAndMutatedInputNeverCrashesTheDecoders)
{
    // The same entry point libFuzzer uses (tests/fuzz/contract_fuzzer.cpp),
    // driven here by a seeded generator so it runs in every test pass.
    std::mt19937 rng(20261129);
    const std::vector<std::string> seeds = {
        R"({"type":"req","id":1,"method":"tabs.list","params":{}})",
        R"({"type":"req","method":"tab.rename","params":{"tab":"abc123","title":"x\u00e9"}})",
        R"({"type":"res","id":1,"result":[1,2,{"a":null}]})",
        R"({"type":"evt","id":1,"method":"e","params":{"x":"\u00e9"}})",
        // Typed parameters (the target decodes every request's params with
        // each of them).
        R"({"type":"req","id":2,"method":"tab.sendInput","params":{"tab":"a","text":"ls\n","typeDelayMillis":20}})",
        R"({"type":"req","id":3,"method":"daemon.openWindow","params":{"cwd":"/tmp","command":["sh","-c","x"]}})",
        R"({"type":"req","id":4,"method":"tab.setPrivate","params":{"isPrivate":true,"scrollback":3,"device":"D"}})",
    };
    // Depth and size: the mutations cut, pad and unbalance these. Fewer
    // rounds: each is large (and a sanitizer build is slow).
    const std::vector<std::string> large = {
        nestedParams(kMaxNesting - 2, false),
        nestedParams(kMaxNesting - 1, true),
        nestedParams(300, false),
        nestedParams(300, true, "res"),
        R"({"type":"req","id":3,"method":"tab.sendInput","params":{"text":")" + std::string(20000, 'x') + R"("}})",
    };
    for (int i = 0; i < 21000; ++i) {
        const bool big = i >= 20000;
        std::string payload = big ? large[rng() % large.size()] : seeds[rng() % seeds.size()];
        const int edits = static_cast<int>(rng() % 4);
        for (int e = 0; e < edits && !payload.empty(); ++e) {
            const size_t at = rng() % payload.size();
            switch (rng() % 4) {
            case 0: payload[at] = static_cast<char>(rng()); break;
            case 1: payload.insert(at, 1, static_cast<char>(rng())); break;
            case 2: payload.erase(at, 1); break;
            default: payload += payload.substr(at, rng() % 16); break;
            }
        }
        // Mostly well-framed mutated JSON; sometimes a damaged frame header.
        std::string input = encodeFrame(payload);
        if (rng() % 4 == 0)
            input[rng() % 4] = static_cast<char>(rng());
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()), input.size());
    }
    // The target aborts on a request that does not survive a round trip;
    // ASan/UBSan watch memory. Check the mutations still reached the decoder.
    EXPECT_GT(dtFuzzDecodedRequests, 1000);
}

} // namespace

#include "rpc/contract/device_shapes.h"
#include "rpc/contract/workspace_shapes.h"

namespace {

using namespace dt::rpc;

TEST(WorkspaceShapes, rowsCarryRequiredKeysAndOmitAbsentOptionals)
{
    TabRow bare;
    bare.sessionId = "S";
    EXPECT_EQ(dumpJson(toJson(bare)), R"({"commandRunning":false,"current":false,"sessionId":"S","shellIntegration":"unknown"})");
    TabRow full{true, "S", "abc123", "n", "vim x", "agent", {}};
    EXPECT_EQ(dumpJson(toJson(full)),
              R"({"commandRunning":false,"current":true,"displayTitle":"vim x","label":"agent","name":"n","sessionId":"S","shellIntegration":"unknown","shortId":"abc123"})");

    WindowRow w{2, true, 3, std::nullopt};
    EXPECT_EQ(dumpJson(toJson(w)), R"({"index":2,"isKey":true,"tabCount":3})");
    w.selectedTabShortId = "abc123";
    EXPECT_EQ(toJson(w)["selectedTabShortId"], "abc123");

    TabInfo info;
    info.sessionId = "S";
    info.role = "agent";
    EXPECT_EQ(dumpJson(toJson(info)), R"({"commandRunning":false,"isCurrent":true,"role":"agent","sessionId":"S","shellIntegration":"unknown","simPanes":[]})");
    // What the shell reported: its directory and last status when known.
    info.commands = CommandState{"available", "/home/me", true, 130};
    EXPECT_EQ(dumpJson(toJson(info)),
              R"({"commandRunning":true,"cwd":"/home/me","isCurrent":true,"lastExitStatus":130,"role":"agent","sessionId":"S","shellIntegration":"available","simPanes":[]})");
}

TEST(DeviceShapes, aPaneRowHasEveryCapabilityFlagAndItsTarget)
{
    PaneRow row;
    row.paneId = "P";
    row.udid = "U";
    row.state = "booting";
    EXPECT_EQ(dumpJson(toJson(row)),
              R"({"capabilities":{"accessibility":false,"button":true,"crown":false,"key":true,"location":false,)"
              R"("multitouch":false,"rotate":false,"text":true,"touch":true},"paneId":"P","state":"booting",)"
              R"("target":{"sim":{"udid":"U"}},"udid":"U"})");
    row.capabilities.multitouch = true;
    row.family = "phone";
    const Json j = toJson(row);
    EXPECT_EQ(j["capabilities"]["multitouch"], true);
    EXPECT_EQ(j["family"], "phone");
    EXPECT_FALSE(j.contains("shortId") || j.contains("name") || j.contains("display"));
}

} // namespace
