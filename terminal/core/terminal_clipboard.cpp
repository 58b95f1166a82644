// OSC 52, the clipboard from a program (Terminal's part): a write is
// decoded and kept for the GUI, which decides whether it reaches the
// desktop; a read is answered empty, so no program can read what the
// person copied elsewhere. Programs in tmux, neovim and over ssh copy
// this way.

#include "terminal/core/terminal.h"

#include <array>

namespace dt::term {

namespace {

// RFC 4648 base64 (padding optional, no line breaks); nullopt for
// anything else, so garbage never reaches the clipboard.
std::optional<std::string> decodeBase64(std::string_view in)
{
    static const std::array<int8_t, 256> values = [] {
        std::array<int8_t, 256> v{};
        v.fill(-1);
        const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        for (int i = 0; i < 64; ++i)
            v[static_cast<unsigned char>(alphabet[i])] = int8_t(i);
        return v;
    }();
    while (!in.empty() && in.back() == '=')
        in.remove_suffix(1);
    if (in.size() % 4 == 1)
        return std::nullopt;
    std::string out;
    out.reserve(in.size() / 4 * 3 + 2);
    uint32_t bits = 0;
    int count = 0;
    for (char c : in) {
        const int8_t v = values[static_cast<unsigned char>(c)];
        if (v < 0)
            return std::nullopt;
        bits = (bits << 6) | uint32_t(v);
        if (++count == 4) {
            out += char(bits >> 16), out += char(bits >> 8), out += char(bits);
            bits = 0, count = 0;
        }
    }
    if (count == 2)
        out += char(bits >> 4);
    else if (count == 3)
        out += char(bits >> 10), out += char(bits >> 2);
    return out;
}

} // namespace

bool Terminal::takeClipboardRequest(std::string_view osc)
{
    if (osc.rfind("52;", 0) != 0)
        return false;
    const std::string_view rest = osc.substr(3);
    const size_t semicolon = rest.find(';');
    if (semicolon == std::string_view::npos)
        return true; // malformed: nothing to do
    const std::string_view targets = rest.substr(0, semicolon), data = rest.substr(semicolon + 1);
    if (targets.size() > 16)
        return true;
    if (data == "?") {
        // Reading is refused: the answer carries no data (and only the
        // target letters xterm knows go back into the program's input).
        std::string named;
        for (char t : targets)
            if (std::string_view("cpqs01234567").find(t) != std::string_view::npos)
                named.push_back(t);
        const std::string reply = "\x1b]52;" + named + ";\x1b\\";
        if (m_output)
            m_output(reply.data(), reply.size());
        return true;
    }
    auto text = decodeBase64(data);
    if (!text)
        return true; // not base64: ignored (xterm clears the selection; nothing is the safer answer)
    ClipboardWrite write;
    write.text = std::move(*text);
    for (char t : targets) {
        write.clipboard = write.clipboard || t == 'c';
        write.primary = write.primary || t == 'p' || t == 's';
    }
    if (targets.empty())
        write.clipboard = true; // none named: the clipboard
    if (!write.clipboard && !write.primary)
        return true; // only the secondary selection or cut buffers: none the desktop has
    m_clipboardWrite = std::move(write);
    m_changes.clipboard = true;
    return true;
}

} // namespace dt::term
