// Encoding and decoding the snapshot and finder parameters (see the header).

#include "rpc/contract/ax_params.h"

#include "rpc/contract/json_fields.h"

#include <algorithm>
#include <cctype>

namespace dt::rpc {

namespace {

constexpr size_t kMaxFinderBytes = 4096;

std::optional<Error> readBool(const Json &p, const char *key, bool &out)
{
    const auto it = p.find(key);
    if (it == p.end())
        return std::nullopt;
    if (!it->is_boolean())
        return invalidParams(std::string(key) + " must be true or false");
    out = it->get<bool>();
    return std::nullopt;
}

std::optional<Error> readText(const Json &p, const char *key, std::optional<std::string> &out)
{
    const auto it = p.find(key);
    if (it == p.end())
        return std::nullopt;
    if (!it->is_string() || it->get_ref<const std::string &>().empty()
        || it->get_ref<const std::string &>().size() > kMaxFinderBytes)
        return invalidParams(std::string(key) + " must be a non-empty string of at most 4 KiB");
    out = it->get<std::string>();
    return std::nullopt;
}

bool isRef(const std::string &s)
{
    return s.size() > 2 && s.size() <= 12 && s.compare(0, 2, "@e") == 0
           && std::all_of(s.begin() + 2, s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })
           && s[2] != '0';
}

} // namespace

const char *matchName(AxFindParams::Match m)
{
    switch (m) {
    case AxFindParams::Match::Exact: return "exact";
    case AxFindParams::Match::Contains: return "contains";
    case AxFindParams::Match::Regex: return "regex";
    }
    return "exact";
}

Json encode(const AxSnapshotParams &p)
{
    Json j = Json::object();
    if (!p.pane.empty())
        j["pane"] = p.pane;
    if (p.interactive)
        j["interactive"] = true;
    return j;
}

template <>
Decoded<AxSnapshotParams> decode<AxSnapshotParams>(const Json &p)
{
    AxSnapshotParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (auto e = readBool(p, "interactive", out.interactive))
        return *e;
    return out;
}

Json encode(const AxFindParams &p)
{
    Json j = Json::object();
    if (!p.pane.empty())
        j["pane"] = p.pane;
    for (auto [key, value] : {std::pair{"ref", &p.ref}, {"label", &p.label}, {"role", &p.role}, {"text", &p.text}})
        if (*value)
            j[key] = **value;
    if (p.match != AxFindParams::Match::Exact)
        j["match"] = matchName(p.match);
    if (p.single)
        j["single"] = true;
    return j;
}

template <>
Decoded<AxFindParams> decode<AxFindParams>(const Json &p)
{
    AxFindParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    for (auto [key, value] : {std::pair{"ref", &out.ref}, {"label", &out.label}, {"role", &out.role}, {"text", &out.text}})
        if (auto e = readText(p, key, *value))
            return *e;
    if (auto e = readBool(p, "single", out.single))
        return *e;
    if (const auto it = p.find("match"); it != p.end()) {
        const std::string m = it->is_string() ? it->get<std::string>() : std::string();
        if (m == "exact")
            out.match = AxFindParams::Match::Exact;
        else if (m == "contains")
            out.match = AxFindParams::Match::Contains;
        else if (m == "regex")
            out.match = AxFindParams::Match::Regex;
        else
            return invalidParams("match must be exact, contains or regex");
    }
    if (out.ref && (out.label || out.role || out.text))
        return invalidParams("a ref names one element: it takes no label, role or text");
    if (out.ref && !isRef(*out.ref))
        return invalidParams("ref must look like @e3 (from ax snapshot)");
    if (!out.ref && !out.label && !out.role && !out.text)
        return invalidParams("pane.ax.find needs a ref, label, role or text");
    return out;
}

namespace {
// Milliseconds of a wait: 1 ms to 10 minutes.
std::optional<Error> readMillis(const Json &p, const char *key, int64_t &out, int64_t most)
{
    return readBoundedInteger(p, key, out, 1, most, "milliseconds");
}
constexpr int64_t kMaxWaitMillis = 600000;
} // namespace

Json encode(const AxWaitForParams &p)
{
    Json j = encode(p.finder);
    if (p.gone)
        j["gone"] = true;
    j["timeoutMillis"] = p.timeoutMillis;
    return j;
}

template <>
Decoded<AxWaitForParams> decode<AxWaitForParams>(const Json &p)
{
    AxWaitForParams out;
    auto finder = decode<AxFindParams>(p);
    if (auto *e = std::get_if<Error>(&finder)) {
        Error named = *e;
        if (named.msg == "pane.ax.find needs a ref, label, role or text")
            named.msg = "pane.ax.waitFor needs a ref, label, role or text";
        return named;
    }
    out.finder = std::get<AxFindParams>(finder);
    if (auto e = readBool(p, "gone", out.gone))
        return *e;
    if (auto e = readMillis(p, "timeoutMillis", out.timeoutMillis, kMaxWaitMillis))
        return *e;
    return out;
}

Json encode(const WaitIdleParams &p)
{
    Json j{{"quietMillis", p.quietMillis}, {"timeoutMillis", p.timeoutMillis}};
    if (!p.pane.empty())
        j["pane"] = p.pane;
    return j;
}

template <>
Decoded<WaitIdleParams> decode<WaitIdleParams>(const Json &p)
{
    WaitIdleParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    int64_t quiet = out.quietMillis;
    if (auto e = readMillis(p, "quietMillis", quiet, 60000))
        return *e;
    out.quietMillis = static_cast<int>(quiet);
    if (auto e = readMillis(p, "timeoutMillis", out.timeoutMillis, kMaxWaitMillis))
        return *e;
    if (out.quietMillis >= out.timeoutMillis)
        return invalidParams("quietMillis must be shorter than timeoutMillis");
    return out;
}

Json encode(const ScreenshotParams &p)
{
    Json j = Json::object();
    if (!p.pane.empty())
        j["pane"] = p.pane;
    return j;
}

template <>
Decoded<ScreenshotParams> decode<ScreenshotParams>(const Json &p)
{
    ScreenshotParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    return out;
}

} // namespace dt::rpc
