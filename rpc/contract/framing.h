#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace dt::rpc {

// A frame is a 4-byte big-endian payload length followed by that many bytes
// of UTF-8 JSON; payloads above 16 MiB are a framing error.
inline constexpr size_t kMaxFrame = 16u * 1024u * 1024u;

std::string encodeFrame(const std::string &payload);

// Reassembles frames from a byte stream that arrives in arbitrary pieces.
// After a framing error the stream cannot be resynchronised: the decoder
// stays failed and the connection should be closed.
class FrameDecoder {
public:
    // Appends bytes; complete frames become available through next().
    void feed(const char *data, size_t length);
    std::optional<std::string> next();

    bool failed() const { return m_failed; }
    const std::string &error() const { return m_error; }
    size_t buffered() const { return m_buffer.size() - m_offset; }

private:
    std::string m_buffer;
    size_t m_offset = 0; // start of unread bytes in m_buffer
    bool m_failed = false;
    std::string m_error;
};

} // namespace dt::rpc
