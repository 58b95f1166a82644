#pragma once

#include "rpc/contract/envelope.h"
#include "rpc/contract/methods.h"

#include <optional>
#include <string>

namespace dt::rpc {

// A blocking client connection to the automation server over its Unix
// socket: plain POSIX, no Qt, so the CLI starts in a few milliseconds.
class Connection {
public:
    Connection() = default;
    ~Connection();
    Connection(const Connection &) = delete;
    Connection &operator=(const Connection &) = delete;

    bool open(const std::string &socketPath, std::string *error);
    bool isOpen() const { return m_fd >= 0; }

    // Sends one request and waits (up to `timeoutMs`) for its response;
    // events on other streams are skipped. nullopt with `error` on failure.
    std::optional<Response> call(const MethodSpec &method, const Json &params, std::string *error,
                                 int timeoutMs = 10000);

    // For streams: the next event frame (waiting indefinitely with
    // timeoutMs < 0). nullopt when the server ends the stream (`error` is
    // then empty) or on failure (`error` says why).
    std::optional<Event> nextEvent(std::string *error, int timeoutMs = -1);

private:
    bool writeAll(const std::string &bytes);
    std::optional<std::string> readFrame(int timeoutMs, std::string *error);

    int m_fd = -1;
    uint32_t m_nextId = 1;
    std::string m_buffer;
    bool m_closed = false; // the peer closed its end
};

// The socket the CLI talks to: $DEVICETERM_DAEMON_SOCK inside a tab, else the
// running GUI's default one.
std::string defaultSocketPath();

} // namespace dt::rpc
