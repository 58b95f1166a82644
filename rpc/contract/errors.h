#pragma once

#include <string>

namespace dt::rpc {

// JSON-RPC-style error codes of the contract. Messages are English API text
// (contract, not UI), so they are never translated.
namespace code {
inline constexpr int InvalidRequest = -32600; // malformed frame or envelope
inline constexpr int MethodNotFound = -32601; // "Method not found: <m>"
inline constexpr int InvalidParams = -32602;
inline constexpr int ServerError = -32000;
inline constexpr int Unauthorized = -32001; // don't retry
inline constexpr int NotReady = -32002; // retry shortly
inline constexpr int RoleViolation = -32011;
inline constexpr int BridgeFailed = -32020;
inline constexpr int IntentError = -32099; // message "<intent.code>: <hint>"
} // namespace code

// Codes carried inside IntentError messages.
namespace intent {
inline constexpr const char *NotFound = "intent.notFound";
inline constexpr const char *Ambiguous = "intent.ambiguous";
inline constexpr const char *GuiUnavailable = "intent.guiUnavailable";
inline constexpr const char *UserCancelled = "intent.userCancelled";
inline constexpr const char *InternalError = "intent.internalError";
inline constexpr const char *MutationFailed = "intent.mutationFailed"; // refused as a whole
inline constexpr const char *Timeout = "intent.timeout"; // a wait ended first; nothing was stopped
inline constexpr const char *Busy = "intent.busy"; // the terminal is running another command
inline constexpr const char *StaleRef = "intent.staleRef"; // the UI changed since the snapshot that gave the ref
inline constexpr const char *NotIntegrated = "intent.notIntegrated"; // its shell reports no commands
} // namespace intent

struct Error {
    int code = code::ServerError;
    std::string msg;
    friend bool operator==(const Error &, const Error &) = default;
};

inline Error intentError(const char *intentCode, const std::string &hint)
{
    return {code::IntentError, std::string(intentCode) + ": " + hint};
}

} // namespace dt::rpc
