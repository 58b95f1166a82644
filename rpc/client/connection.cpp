// The CLI's blocking client over the automation socket: connect, send a length-prefixed request, wait with
// a deadline for the matching response, or read a stream's events until the server ends it.

#include "rpc/client/connection.h"

#include "base/xdg_paths.h"

#include "rpc/contract/framing.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace dt::rpc {

std::string defaultSocketPath()
{
    if (const char *s = std::getenv("DEVICETERM_DAEMON_SOCK"); s && *s)
        return s;
    return dt::base::runtimeDirectory() + "/deviceterm.sock";
}

Connection::~Connection()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

bool Connection::open(const std::string &socketPath, std::string *error)
{
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    if (socketPath.size() >= sizeof addr.sun_path) {
        *error = "socket path too long: " + socketPath;
        return false;
    }
    std::memcpy(addr.sun_path, socketPath.c_str(), socketPath.size() + 1);
    m_fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (m_fd < 0 || ::connect(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) != 0) {
        *error = "cannot reach deviceterm at " + socketPath + ": " + std::strerror(errno)
            + " (is deviceterm running?)";
        if (m_fd >= 0)
            ::close(m_fd);
        m_fd = -1;
        return false;
    }
    return true;
}

bool Connection::writeAll(const std::string &bytes)
{
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::send(m_fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

std::optional<std::string> Connection::readFrame(int timeoutMs, std::string *error)
{
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        if (m_buffer.size() >= 4) {
            const auto *p = reinterpret_cast<const unsigned char *>(m_buffer.data());
            const uint32_t n = (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | p[3];
            if (n > kMaxFrame) {
                *error = "the server sent an oversize frame";
                return std::nullopt;
            }
            if (m_buffer.size() >= 4 + size_t(n)) {
                std::string payload = m_buffer.substr(4, n);
                m_buffer.erase(0, 4 + size_t(n));
                return payload;
            }
        }
        int wait = -1;
        if (timeoutMs >= 0) {
            const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            if (left.count() <= 0) {
                *error = "no answer from deviceterm within " + std::to_string(timeoutMs) + " ms";
                return std::nullopt;
            }
            wait = static_cast<int>(left.count());
        }
        pollfd pfd{m_fd, POLLIN, 0};
        const int r = ::poll(&pfd, 1, wait);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            continue;
        char chunk[65536];
        const ssize_t n = ::recv(m_fd, chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            *error = "deviceterm closed the connection";
            m_closed = true;
            return std::nullopt;
        }
        m_buffer.append(chunk, static_cast<size_t>(n));
    }
}

std::optional<Response> Connection::call(const MethodSpec &method, const Json &params, std::string *error,
                                         int timeoutMs)
{
    const uint32_t id = m_nextId++;
    if (!writeAll(encodeFrame(encode(Request{id, std::string(method.name), params})))) {
        *error = "deviceterm closed the connection";
        return std::nullopt;
    }
    for (;;) {
        const std::optional<std::string> frame = readFrame(timeoutMs, error);
        if (!frame)
            return std::nullopt;
        DecodedMessage m = decodeMessage(*frame);
        if (m.response && m.response->id == id)
            return m.response;
        if (m.response && m.response->id == 0 && m.response->error) {
            // The server could not read our request at all.
            return m.response;
        }
        // Events of a stream, or a stale answer: not ours.
    }
}

std::optional<Event> Connection::nextEvent(std::string *error, int timeoutMs)
{
    for (;;) {
        m_closed = false;
        const std::optional<std::string> frame = readFrame(timeoutMs, error);
        if (!frame) {
            if (m_closed)
                error->clear(); // the server ended the stream: not a failure
            return std::nullopt;
        }
        DecodedMessage m = decodeMessage(*frame);
        if (m.event)
            return m.event;
    }
}

} // namespace dt::rpc
