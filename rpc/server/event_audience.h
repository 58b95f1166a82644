#pragma once

// Who hears one event: every subscriber, or the streams of some sessions;
// and whose streams end after it (a session's own session.closed is its
// last line).

#include <optional>
#include <set>
#include <string>

namespace dt::rpc {

struct EventAudience {
    std::optional<std::set<std::string>> sessions; // absent: everyone subscribed
    std::optional<std::string> endsStreamOf;

    static EventAudience everyone() { return {}; }
    static EventAudience session(std::string id) { return {std::set<std::string>{std::move(id)}, std::nullopt}; }
    static EventAudience sessionsOf(std::set<std::string> ids) { return {std::move(ids), std::nullopt}; }
    bool includes(const std::optional<std::string> &sessionId) const
    {
        return !sessions || (sessionId && sessions->count(*sessionId));
    }
};

} // namespace dt::rpc
