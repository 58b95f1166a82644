// Length-prefixed framing for the automation socket: writes a 4-byte big-endian length before each payload,
// and reassembles whole frames from arbitrary pieces, failing for good past 16 MiB.

#include "rpc/contract/framing.h"

namespace dt::rpc {

std::string encodeFrame(const std::string &payload)
{
    std::string out;
    out.reserve(4 + payload.size());
    const auto n = static_cast<uint32_t>(payload.size());
    out.push_back(static_cast<char>((n >> 24) & 0xFF));
    out.push_back(static_cast<char>((n >> 16) & 0xFF));
    out.push_back(static_cast<char>((n >> 8) & 0xFF));
    out.push_back(static_cast<char>(n & 0xFF));
    out += payload;
    return out;
}

void FrameDecoder::feed(const char *data, size_t length)
{
    if (m_failed)
        return;
    // Drop what was consumed before growing, so a long-lived connection's
    // buffer does not creep.
    if (m_offset > 0 && m_offset * 2 >= m_buffer.size()) {
        m_buffer.erase(0, m_offset);
        m_offset = 0;
    }
    m_buffer.append(data, length);
}

std::optional<std::string> FrameDecoder::next()
{
    if (m_failed || buffered() < 4)
        return std::nullopt;
    const auto *p = reinterpret_cast<const unsigned char *>(m_buffer.data() + m_offset);
    const uint32_t n = (uint32_t(p[0]) << 24) | (uint32_t(p[1]) << 16) | (uint32_t(p[2]) << 8) | uint32_t(p[3]);
    if (n > kMaxFrame) {
        m_failed = true;
        m_error = "frame of " + std::to_string(n) + " bytes exceeds the 16 MiB limit";
        return std::nullopt;
    }
    if (buffered() < 4 + size_t(n))
        return std::nullopt;
    std::string payload = m_buffer.substr(m_offset + 4, n);
    m_offset += 4 + n;
    if (m_offset == m_buffer.size()) {
        m_buffer.clear();
        m_offset = 0;
    }
    return payload;
}

} // namespace dt::rpc
