#pragma once

#include <cstddef>
#include <string>
#include <string_view>

// The send-input audit log: one JSON line per cross-tab input, chained by
// SHA-256 so an edited, removed or reordered line shows. It records who typed
// into whom, how much and a digest of the bytes, never the text. No Qt: the
// GUI appends, the CLI (`doctor`) verifies.
namespace dt::audit {

// $XDG_STATE_HOME/deviceterm/audit.log, or ~/.local/state/deviceterm/audit.log.
std::string defaultPath();

std::string sha256Hex(std::string_view data);

struct Record {
    std::string time; // ISO 8601, UTC
    std::string sourceSession;
    std::string targetSession;
    std::string bytes; // hashed and counted, never written
    int typeDelayMillis = 0;
};

// Appends `record` to the log at `path` (creating it and its directory,
// private to the user), chained to the line before it. Writers in several
// processes take turns through a lock on the file. False, with `why`, when
// the line could not be written.
bool append(const std::string &path, const Record &record, std::string *why);

struct Verification {
    bool ok = true;
    size_t entries = 0;
    size_t badLine = 0; // 1-based, when !ok
    std::string why;
};
// Checks every line's digest and link. A missing log is an empty, intact one.
Verification verify(const std::string &path);

// The chain's first link.
inline constexpr std::string_view kGenesis = "0000000000000000000000000000000000000000000000000000000000000000";

} // namespace dt::audit
