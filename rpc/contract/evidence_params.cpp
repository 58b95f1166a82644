// Encoding and decoding the recording and log parameters (see the header).

#include "rpc/contract/evidence_params.h"

#include "rpc/contract/json_fields.h"
#include "rpc/contract/limits.h"

#include <cctype>
#include <cstdint>

namespace dt::rpc {

namespace {

bool endsWith(const std::string &s, const char *suffix)
{
    const std::string tail(suffix);
    if (s.size() < tail.size())
        return false;
    for (size_t i = 0; i < tail.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(s[s.size() - tail.size() + i])) != tail[i])
            return false;
    return true;
}

} // namespace

Json encode(const RecordStartParams &p)
{
    Json j{{"path", p.path}, {"framesPerSecond", p.framesPerSecond}};
    if (!p.pane.empty())
        j["pane"] = p.pane;
    return j;
}

template <>
Decoded<RecordStartParams> decode<RecordStartParams>(const Json &p)
{
    RecordStartParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    const auto path = p.find("path");
    if (path == p.end() || !path->is_string())
        return invalidParams("path must be the video file's absolute path");
    out.path = path->get<std::string>();
    if (out.path.empty() || out.path.front() != '/' || out.path.size() > limit::kRecordPathBytes
        || out.path.find('\0') != std::string::npos)
        return invalidParams("path must be an absolute path of at most 4096 bytes");
    if (!endsWith(out.path, ".webm") && !endsWith(out.path, ".mkv") && !endsWith(out.path, ".mp4"))
        return invalidParams("path must end in .webm, .mkv or .mp4");
    int64_t rate = out.framesPerSecond;
    if (auto e = readBoundedInteger(p, "framesPerSecond", rate, 1, limit::kRecordFramesPerSecondMax, "frames per second"))
        return *e;
    out.framesPerSecond = static_cast<int>(rate);
    return out;
}

Json encode(const RecordStopParams &p)
{
    Json j = Json::object();
    if (!p.pane.empty())
        j["pane"] = p.pane;
    return j;
}

template <>
Decoded<RecordStopParams> decode<RecordStopParams>(const Json &p)
{
    RecordStopParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    return out;
}

Json encode(const LogsParams &p)
{
    Json j{{"maxBytes", p.maxBytes}};
    if (!p.pane.empty())
        j["pane"] = p.pane;
    if (p.since)
        j["since"] = *p.since;
    if (p.waitMillis > 0)
        j["waitMillis"] = p.waitMillis;
    return j;
}

template <>
Decoded<LogsParams> decode<LogsParams>(const Json &p)
{
    LogsParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    if (p.contains("since")) {
        int64_t since = 0;
        if (auto e = readBoundedInteger(p, "since", since, 0, INT64_MAX, "bytes"))
            return *e;
        out.since = since;
    }
    if (auto e = readBoundedInteger(p, "maxBytes", out.maxBytes, 1, limit::kLogBytesMax, "bytes"))
        return *e;
    if (auto e = readBoundedInteger(p, "waitMillis", out.waitMillis, 0, limit::kLogWaitMillis, "milliseconds"))
        return *e;
    if (out.waitMillis > 0 && !out.since)
        return invalidParams("waitMillis needs since (the offset to wait past)");
    return out;
}

Json encode(const PerfParams &p)
{
    Json j{{"sampleMillis", p.sampleMillis}};
    if (!p.pane.empty())
        j["pane"] = p.pane;
    return j;
}

template <>
Decoded<PerfParams> decode<PerfParams>(const Json &p)
{
    PerfParams out;
    if (auto e = readPaneRef(p, out.pane))
        return *e;
    int64_t sample = out.sampleMillis;
    if (auto e = readBoundedInteger(p, "sampleMillis", sample, limit::kPerfSampleMillisMin, limit::kPerfSampleMillisMax,
                                    "milliseconds"))
        return *e;
    out.sampleMillis = static_cast<int>(sample);
    return out;
}

} // namespace dt::rpc
