#pragma once

// Typed parameters of the command methods (tab.run, tab.wait,
// tab.commands, tab.output) and the shape of a command record in answers.
// See param_codec.h for the scheme.

#include "rpc/contract/envelope.h"
#include "rpc/contract/limits.h"
#include "rpc/contract/methods.h"
#include "rpc/contract/param_codec.h"

#include <cstdint>
#include <optional>
#include <string>

namespace dt::rpc {

// tab.run: types `command` and Enter at the tab's prompt, then answers
// with its record once it finishes (or intent.timeout after timeoutMillis,
// the command left running).
struct TabRunParams {
    static constexpr const MethodSpec &kMethod = method::TabRun;
    std::string tab;
    std::string command; // one line; not empty
    int64_t timeoutMillis = 0; // 0: up to limit::kCommandWaitMillis
    size_t maxBytes = limit::kCommandOutputBytes;
    bool queue = false; // a busy tab: wait for it, instead of intent.busy
};
// tab.wait: the record of the command running now, once it finishes (at
// once: the last finished one, when none runs).
struct TabWaitParams {
    static constexpr const MethodSpec &kMethod = method::TabWait;
    std::string tab;
    int64_t timeoutMillis = 0;
    size_t maxBytes = limit::kCommandOutputBytes;
};
// tab.commands: the newest `limit` records, without their output.
struct TabCommandsParams {
    static constexpr const MethodSpec &kMethod = method::TabCommands;
    std::string tab;
    int limit = 20;
};
// tab.output: one command's record with its output (default: the last
// finished command).
struct TabOutputParams {
    static constexpr const MethodSpec &kMethod = method::TabOutput;
    std::string tab;
    std::optional<uint64_t> command;
    size_t maxBytes = limit::kCommandOutputBytes;
};

// The fields tab.run shares with tab.open's wait: the command (one line,
// no control characters, bounded), the timeout and the output bound.
// Each refuses in words naming the field; absent keys leave `out` as is.
std::optional<Error> readCommandLine(const Json &p, const char *key, std::string &out);
std::optional<Error> readTimeout(const Json &p, int64_t &out);
std::optional<Error> readMaxBytes(const Json &p, size_t &out);
void putWaitFields(Json &j, int64_t timeoutMillis, size_t maxBytes);

Json encode(const TabRunParams &p);
Json encode(const TabWaitParams &p);
Json encode(const TabCommandsParams &p);
Json encode(const TabOutputParams &p);
template <> Decoded<TabRunParams> decode<TabRunParams>(const Json &);
template <> Decoded<TabWaitParams> decode<TabWaitParams>(const Json &);
template <> Decoded<TabCommandsParams> decode<TabCommandsParams>(const Json &);
template <> Decoded<TabOutputParams> decode<TabOutputParams>(const Json &);

// A command as answers show it.
struct CommandInfo {
    uint64_t commandId = 0;
    std::string command;
    std::optional<std::string> cwd;
    bool running = false;
    std::optional<int> exitStatus; // absent while running, or when the shell did not say
    int64_t startedMillis = 0; // since the epoch
    std::optional<int64_t> durationMillis; // once finished
    std::optional<std::string> output; // tab.run, tab.wait, tab.output
    bool truncated = false; // output cut by maxBytes or by history trimming
    std::optional<std::string> tab; // the reference the caller used
};
Json toJson(const CommandInfo &info);

} // namespace dt::rpc
