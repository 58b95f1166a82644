// Decodes and encodes the wire's req/res/evt envelopes: strict id and type checks, a nesting limit that
// refuses deep frames before they are built, and JSON dumped with sorted keys and invalid UTF-8 replaced.

#include "rpc/contract/envelope.h"

#include <limits>

namespace dt::rpc {

namespace {

// The contract's id: a non-negative integer no larger than UINT32_MAX;
// booleans and floats are refused.
bool readId(const Json &envelope, std::optional<uint32_t> &id, std::string &why)
{
    auto it = envelope.find("id");
    if (it == envelope.end())
        return true;
    if (!it->is_number_integer() || it->is_boolean()) {
        why = "id must be a non-negative integer";
        return false;
    }
    if (it->is_number_unsigned()) {
        const auto v = it->get<uint64_t>();
        if (v > std::numeric_limits<uint32_t>::max()) {
            why = "id must not exceed 4294967295";
            return false;
        }
        id = static_cast<uint32_t>(v);
        return true;
    }
    const auto v = it->get<int64_t>();
    if (v < 0 || v > int64_t(std::numeric_limits<uint32_t>::max())) {
        why = "id must be a non-negative integer no larger than 4294967295";
        return false;
    }
    id = static_cast<uint32_t>(v);
    return true;
}

std::optional<Json> parseObject(const std::string &payload, int maxNesting, std::string &why)
{
    // nlohmann's parser is iterative, but copying, comparing and dumping a
    // value recurse: a frame nesting 100,000 arrays would overflow the
    // stack of whoever touches it next. Values deeper than the limit are
    // never built (the callback discards them), and the frame is refused.
    bool tooDeep = false;
    const Json::parser_callback_t bound = [&tooDeep, maxNesting](int depth, Json::parse_event_t event, Json &) {
        if ((event == Json::parse_event_t::object_start || event == Json::parse_event_t::array_start)
            && depth >= maxNesting) {
            tooDeep = true;
            return false;
        }
        return !tooDeep;
    };
    Json j = Json::parse(payload, bound, false);
    if (tooDeep) {
        why = "JSON nested deeper than " + std::to_string(maxNesting) + " levels";
        return std::nullopt;
    }
    if (j.is_discarded()) {
        why = "invalid JSON";
        return std::nullopt;
    }
    if (!j.is_object()) {
        why = "a message must be a JSON object";
        return std::nullopt;
    }
    return j;
}

std::optional<std::string> readType(const Json &j, std::string &why)
{
    auto it = j.find("type");
    if (it == j.end() || !it->is_string()) {
        why = "missing type";
        return std::nullopt;
    }
    return it->get<std::string>();
}

// Moves params out of `j` (a copy would be another recursive walk).
bool readMethodAndParams(Json &j, std::string &method, Json &params, std::string &why)
{
    auto m = j.find("method");
    if (m == j.end() || !m->is_string() || m->get_ref<const std::string &>().empty()) {
        why = "missing method";
        return false;
    }
    method = m->get<std::string>();
    auto p = j.find("params");
    if (p == j.end()) {
        params = Json::object();
    } else if (p->is_object()) {
        params = std::move(*p);
    } else {
        why = "params must be an object";
        return false;
    }
    return true;
}

} // namespace

std::string dumpJson(const Json &value)
{
    return value.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// The part every message shares: a JSON object with a valid id (if any)
// and a type. False with `why` otherwise.
static bool readCommon(const std::string &payload, int maxNesting, Json &j, std::optional<uint32_t> &id, std::string &type,
                       std::string &why)
{
    std::optional<Json> parsed = parseObject(payload, maxNesting, why);
    if (!parsed || !readId(*parsed, id, why))
        return false;
    j = std::move(*parsed);
    const std::optional<std::string> t = readType(j, why);
    if (!t)
        return false;
    type = *t;
    return true;
}

DecodedRequest decodeRequest(const std::string &payload)
{
    DecodedRequest out;
    auto bad = [&out](std::string msg) {
        out.error = Error{code::InvalidRequest, std::move(msg)};
        return out;
    };
    Json j;
    std::optional<uint32_t> id;
    std::string type, why;
    const bool ok = readCommon(payload, kMaxNesting, j, id, type, why);
    out.id = id;
    if (!ok)
        return bad(why);
    if (type != "req")
        return bad("unknown message type '" + type + "' (expected req)");
    Request r;
    r.id = id;
    if (!readMethodAndParams(j, r.method, r.params, why))
        return bad(why);
    out.request = std::move(r);
    return out;
}

DecodedMessage decodeMessage(const std::string &payload)
{
    DecodedMessage out;
    auto bad = [&out](std::string msg) {
        out.error = Error{code::InvalidRequest, std::move(msg)};
        return out;
    };
    Json parsed;
    std::optional<uint32_t> id;
    std::string typeName, why;
    if (!readCommon(payload, kMaxAnswerNesting, parsed, id, typeName, why))
        return bad(why);
    if (!id)
        return bad("missing id");
    const Json *j = &parsed;
    const std::string *type = &typeName;
    if (*type == "res") {
        Response r;
        r.id = *id;
        if (auto e = j->find("error"); e != j->end()) {
            if (!e->is_object() || !e->contains("code") || !(*e)["code"].is_number_integer())
                return bad("error must have an integer code");
            Error err;
            err.code = (*e)["code"].get<int>();
            if (auto m = e->find("msg"); m != e->end() && m->is_string())
                err.msg = m->get<std::string>();
            r.error = err;
        } else if (auto res = parsed.find("result"); res != parsed.end()) {
            r.result = std::move(*res);
        } else {
            return bad("a response needs a result or an error");
        }
        out.response = std::move(r);
        return out;
    }
    if (*type == "evt") {
        Event e;
        e.id = *id;
        if (!readMethodAndParams(parsed, e.method, e.params, why))
            return bad(why);
        out.event = std::move(e);
        return out;
    }
    return bad("unknown message type '" + *type + "'");
}

std::string encode(const Request &request)
{
    Json j = {{"type", "req"}, {"method", request.method}, {"params", request.params}};
    if (request.id)
        j["id"] = *request.id;
    return dumpJson(j);
}

std::string encode(const Response &response)
{
    Json j = {{"type", "res"}, {"id", response.id}};
    if (response.error)
        j["error"] = {{"code", response.error->code}, {"msg", response.error->msg}};
    else
        j["result"] = response.result ? *response.result : Json::object();
    return dumpJson(j);
}

std::string encode(const Event &event)
{
    return dumpJson({{"type", "evt"}, {"id", event.id}, {"method", event.method}, {"params", event.params}});
}

} // namespace dt::rpc
