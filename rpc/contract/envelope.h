#pragma once

#include "rpc/contract/errors.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace dt::rpc {

using Json = nlohmann::json; // std::map-backed: dump() sorts keys

// How deep objects and arrays may nest in a request (the envelope itself is
// the first level); deeper frames are refused as -32600. Answers and events
// may nest deeper (an accessibility tree is two levels per element), up to
// kMaxAnswerNesting.
inline constexpr int kMaxNesting = 64;
inline constexpr int kMaxAnswerNesting = 256;

// {"type":"req","id":N,"method":"tabs.list","params":{…}}; without an id it
// is a notification that gets no reply.
struct Request {
    std::optional<uint32_t> id;
    std::string method;
    Json params = Json::object();
};

// {"type":"res","id":N,"result":…} or {"type":"res","id":N,"error":{"code":…,"msg":…}}
struct Response {
    uint32_t id = 0;
    std::optional<Json> result;
    std::optional<Error> error;
};

// {"type":"evt","id":N,"method":…,"params":{…}}: a stream reuses the id of
// the request that opened it.
struct Event {
    uint32_t id = 0;
    std::string method;
    Json params = Json::object();
};

// What a server makes of one frame: a request, or the error to answer with
// (and the id to answer to, when the frame had a usable one).
struct DecodedRequest {
    std::optional<Request> request;
    std::optional<Error> error;
    std::optional<uint32_t> id;
};

// What a client makes of one frame.
struct DecodedMessage {
    std::optional<Response> response;
    std::optional<Event> event;
    std::optional<Error> error;
};

DecodedRequest decodeRequest(const std::string &payload);
DecodedMessage decodeMessage(const std::string &payload);

std::string encode(const Request &request);
std::string encode(const Response &response);
std::string encode(const Event &event);

// Serialises with sorted keys; invalid UTF-8 (terminal text can hold
// anything) becomes U+FFFD instead of throwing.
std::string dumpJson(const Json &value);

} // namespace dt::rpc
