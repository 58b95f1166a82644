// The pre-parser ahead of libvterm: holds OSC/DCS strings until terminated so they arrive in one write,
// never splits a UTF-8 character across writes, reports faint SGR, CSI 3 J, DECRC and RIS at their place,
// and hands the sink the control sequences it answers itself.

#include "terminal/core/stream_scanner.h"

#include "terminal/core/char_widths.h"
#include "terminal/core/utf8.h"

#include <algorithm>
#include <array>
#include <utility>

#include <cstdint>
#include <cstring>
#include <vector>

namespace dt::term {

namespace {

constexpr char kEsc = 0x1b;
constexpr char kBel = 0x07;

bool isStringIntroducer(char c)
{
    // OSC, DCS, APC, PM, SOS
    return c == ']' || c == 'P' || c == '_' || c == '^' || c == 'X';
}

// Net effect of an SGR parameter list on the faint attribute: 1 = turned on,
// 0 = untouched or turned off (turning off reaches the model through
// libvterm's own "bold off", which SGR 0 and 22 both emit).
bool sgrEndsFaint(const std::string &params)
{
    std::vector<int> values;
    std::vector<bool> hasSub;
    int value = 0;
    bool inSub = false;
    bool sub = false;
    for (char c : params) {
        if (c >= '0' && c <= '9') {
            if (!inSub && value < 100000)
                value = value * 10 + (c - '0');
        } else if (c == ':') {
            inSub = true;
            sub = true;
        } else if (c == ';') {
            values.push_back(value);
            hasSub.push_back(sub);
            value = 0;
            inSub = sub = false;
        }
    }
    values.push_back(value);
    hasSub.push_back(sub);

    bool faint = false;
    for (size_t i = 0; i < values.size(); ++i) {
        const int v = values[i];
        if (v == 0 || v == 22) {
            faint = false;
        } else if (v == 2) {
            faint = true;
        } else if ((v == 38 || v == 48 || v == 58) && !hasSub[i] && i + 1 < values.size()) {
            if (values[i + 1] == 5)
                i += 2;
            else if (values[i + 1] == 2)
                i += 4;
        }
    }
    return faint;
}

} // namespace

bool StreamScanner::heldIsSwallowed() const
{
    return m_held.size() >= 2 && m_held[0] == kEsc && (m_held[1] == '_' || m_held[1] == '^' || m_held[1] == 'X');
}

bool StreamScanner::heldIsClipboardWrite() const
{
    return m_held.size() >= 5 && m_held.compare(0, 5, "\x1b]52;") == 0;
}

void StreamScanner::emitHeld(ScannerSink &sink, size_t dropLast)
{
    if (heldIsClipboardWrite())
        emitClipboardWrite(sink, dropLast);
    else if (!heldIsSwallowed() && m_held.size() > dropLast)
        sink.write(m_held.data(), m_held.size() - dropLast);
    m_held.clear();
    if (m_held.capacity() > kMaxHeldString)
        m_held.shrink_to_fit(); // a large copy does not keep its megabytes
}

// libvterm 0.1.4 runs a control byte inside a string as a control (a line
// break moves the cursor) and then keeps only 64 bytes of the string, so a
// copy made with `base64` (which breaks lines) would reach the clipboard
// cut short. Its payload goes on without them; one that did not end with
// its terminator (cut off by CAN, SUB or another sequence) is dropped,
// as libvterm would abandon it.
void StreamScanner::emitClipboardWrite(ScannerSink &sink, size_t dropLast)
{
    const size_t size = m_held.size() - std::min(dropLast, m_held.size());
    size_t terminator = 0;
    if (size >= 1 && m_held[size - 1] == kBel)
        terminator = 1;
    else if (size >= 2 && m_held[size - 2] == kEsc && m_held[size - 1] == '\\')
        terminator = 2;
    if (terminator == 0)
        return;
    std::string clean;
    clean.reserve(size);
    clean.append(m_held, 0, 5); // ESC ] 5 2 ;
    for (size_t i = 5; i + terminator < size; ++i) {
        const auto byte = static_cast<unsigned char>(m_held[i]);
        if (byte >= 0x20 && byte != 0x7f)
            clean.push_back(char(byte));
    }
    clean.append(m_held, size - terminator, terminator);
    sink.write(clean.data(), clean.size());
}

void StreamScanner::flush(const char *data, size_t from, size_t to, ScannerSink &sink)
{
    if (!m_held.empty()) {
        sink.write(m_held.data(), m_held.size());
        m_held.clear();
    }
    if (to > from)
        sink.write(data + from, to - from);
}

void StreamScanner::finishCsi(const char *data, size_t end, size_t escStart, size_t &start, ScannerSink &sink)
{
    const char final = data[end];
    if (sink.takesCsi(m_csiLeader, m_csi, final)) {
        // What comes before it goes as usual; then the sequence, with
        // libvterm's replies to it held back; then the sink's own part.
        if (escStart < end) {
            flush(data, start, escStart, sink);
            start = escStart;
        }
        sink.holdReplies(true);
        flush(data, start, end + 1, sink);
        sink.holdReplies(false);
        start = end + 1;
        sink.csi(m_csiLeader, m_csi, final);
        return;
    }
    if (m_csiPrivate)
        return;
    for (char c : m_csi) {
        if (c >= 0x20 && c <= 0x2f)
            return; // intermediates: not a plain SGR or ED
    }
    if (final == 'm' && sgrEndsFaint(m_csi)) {
        flush(data, start, end + 1, sink);
        start = end + 1;
        sink.dimOn();
    } else if (final == 'J' && m_csi == "3") {
        flush(data, start, end + 1, sink);
        start = end + 1;
        sink.clearScrollback();
    }
}

namespace {
size_t utf8Length(unsigned char lead)
{
    if (lead >= 0xF0 && lead <= 0xF7)
        return 4;
    if (lead >= 0xE0)
        return lead <= 0xEF ? 3 : 1;
    if (lead >= 0xC0)
        return 2;
    return 1;
}
bool isContinuation(unsigned char b)
{
    return (b & 0xC0) == 0x80;
}
} // namespace

size_t StreamScanner::incompleteUtf8Tail(const char *data, size_t from, size_t to)
{
    // Look back over at most three continuation bytes for a lead byte.
    size_t i = to;
    int continuations = 0;
    while (i > from && continuations < 3 && isContinuation(static_cast<unsigned char>(data[i - 1]))) {
        --i;
        ++continuations;
    }
    if (i == from)
        return to;
    const auto lead = static_cast<unsigned char>(data[i - 1]);
    if (lead < 0xC0)
        return to;
    const size_t need = utf8Length(lead);
    return need > static_cast<size_t>(continuations) + 1 ? i - 1 : to;
}

void StreamScanner::feed(const char *data, size_t length, ScannerSink &sink)
{
    if (!m_utf8.empty()) {
        // Put the held bytes back in front of this chunk, so libvterm sees
        // them in the same write as whatever follows them (a valid
        // continuation or, for broken input, the byte that cuts it short).
        std::string joined;
        joined.reserve(m_utf8.size() + length);
        joined.swap(m_utf8);
        joined.append(data, length);
        scan(joined.data(), joined.size(), sink);
        return;
    }
    scan(data, length, sink);
}

namespace {
// For each byte that leads a character of two or three bytes: how many
// bytes to step over undecoded because no character it can start needs
// its width fixed (all of CJK, most scripts), else 0. Four-byte
// characters (emoji) are always looked at.
struct CleanLeads {
    std::array<unsigned char, 256> skip{};
    CleanLeads()
    {
        for (unsigned lead = 0x80; lead < 0xF0; ++lead) {
            const size_t n = lead >= 0xE0 ? 3 : 2;
            if (lead < 0xC2)
                continue; // continuation bytes and overlong leads
            const char32_t first = (lead & (0x7F >> n)) << (6 * (n - 1));
            const char32_t count = char32_t(1) << (6 * (n - 1));
            bool clean = true;
            for (char32_t cp = first; cp < first + count && clean; ++cp)
                clean = (cp >= 0xD800 && cp <= 0xDFFF) || widthFix(cp).kind == WidthFix::None;
            skip[lead] = clean ? static_cast<unsigned char>(n) : 0;
        }
        for (unsigned b = 0; b < 0x80; ++b)
            skip[b] = b == 0x1b ? 0 : 1;
    }
};

// The character at data[i] if it is whole and well formed (n bytes long),
// else 0: a cut one is held by the caller, a malformed one left to libvterm.
char32_t decodeAt(const char *data, size_t i, size_t length, size_t &n)
{
    const auto lead = static_cast<unsigned char>(data[i]);
    n = utf8Length(lead);
    if (n < 2 || i + n > length)
        return 0;
    char32_t cp = lead & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) {
        const auto b = static_cast<unsigned char>(data[i + k]);
        if (!isContinuation(b))
            return 0;
        cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t kSmallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kSmallest[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    return cp;
}


// Eight bytes of ASCII without an ESC: nothing to look at.
bool plainAscii(const char *bytes)
{
    uint64_t w;
    std::memcpy(&w, bytes, sizeof w);
    constexpr uint64_t kOnes = 0x0101010101010101ULL;
    constexpr uint64_t kHighs = 0x8080808080808080ULL;
    const uint64_t esc = w ^ (kOnes * 0x1b); // a zero byte where an ESC was
    return ((w | ((esc - kOnes) & ~esc)) & kHighs) == 0;
}
} // namespace

size_t StreamScanner::scanText(const char *data, size_t i, size_t length, size_t &start, ScannerSink &sink)
{
    static const CleanLeads clean;
    const size_t textStart = i; // after a sequence, or the chunk's start
    while (i < length) {
        const auto b = static_cast<unsigned char>(data[i]);
        if (b < 0x80) {
            if (b == static_cast<unsigned char>(kEsc))
                return i;
            ++i;
            while (i + 8 <= length && plainAscii(data + i))
                i += 8;
            continue;
        }
        // Only a well-formed character is stepped over whole: an ESC after
        // a broken lead byte must still be seen. One cut by the chunk's end
        // is held by the caller all the same.
        const unsigned char step = clean.skip[b];
        if (step == 3 && i + 2 < length && isContinuation(static_cast<unsigned char>(data[i + 1]))
            && isContinuation(static_cast<unsigned char>(data[i + 2]))) {
            i += 3;
            continue;
        }
        if (step == 2 && i + 1 < length && isContinuation(static_cast<unsigned char>(data[i + 1]))) {
            i += 2;
            continue;
        }
        size_t n = 1;
        const char32_t cp = decodeAt(data, i, length, n);
        const WidthFix fix = cp ? widthFix(cp) : WidthFix{};
        // A mark libvterm knows joins the character right before it when
        // both are decoded in one run: libvterm's UTF-8 runs stop at ASCII,
        // so only after another non-ASCII character in the same write.
        // Elsewhere (after ASCII, a control, a sequence, at the start of a
        // write) libvterm would put it in a cell of its own or on the next
        // line, so there the model attaches it.
        const bool joinsInRun = i > start && i > textStart && static_cast<unsigned char>(data[i - 1]) >= 0x80;
        if (fix.kind == WidthFix::None || (fix.kind == WidthFix::KnownMark && joinsInRun)) {
            i += cp ? n : 1;
            continue;
        }
        flush(data, start, i, sink);
        if (fix.kind == WidthFix::Drop) {
            // nothing: it neither prints nor moves the cursor
        } else if (fix.kind == WidthFix::StandIn) {
            const std::string standIn = toUtf8(fix.codepoint);
            sink.write(standIn.data(), standIn.size());
        } else {
            sink.combine(fix.codepoint);
        }
        i += n;
        start = i;
    }
    return length;
}

void StreamScanner::scan(const char *data, size_t length, ScannerSink &sink)
{
    size_t start = 0; // first byte of this chunk not yet handed on or held
    size_t escStart = length; // where the pending ESC sits, if in this chunk
    size_t i = 0;
    while (i < length) {
        const char c = data[i];
        switch (m_state) {
        case State::Ground: {
            i = scanText(data, i, length, start, sink);
            if (i == length)
                continue;
            escStart = i;
            m_state = State::Escape;
            ++i;
            continue;
        }
        case State::Escape:
            if (c == '[') {
                m_state = State::Csi;
                m_csi.clear();
                m_csiPrivate = false;
                m_csiLeader = 0;
            } else if (isStringIntroducer(c)) {
                // Hold the whole string from its ESC on.
                if (escStart < length) {
                    flush(data, start, escStart, sink);
                    m_held.assign(data + escStart, i + 1 - escStart);
                } else {
                    m_held.push_back(c);
                }
                start = i + 1;
                m_state = State::String;
            } else if (c == kEsc) {
                escStart = i;
            } else if (c == '8') {
                // DECRC: hand it on by itself so the position it restores
                // can be checked before any text is written there.
                flush(data, start, i + 1, sink);
                start = i + 1;
                sink.cursorRestored();
                m_state = State::Ground;
            } else if (c == 'c') {
                // RIS, after libvterm has done its part of the reset.
                flush(data, start, i + 1, sink);
                start = i + 1;
                sink.fullReset();
                m_state = State::Ground;
            } else {
                m_state = State::Ground;
            }
            if (m_state != State::String && m_state != State::Escape && !m_held.empty()) {
                // An ESC held over from the last chunk was not a string after all.
                sink.write(m_held.data(), m_held.size());
                m_held.clear();
            }
            ++i;
            continue;
        case State::Csi:
            if (c >= 0x40 && c <= 0x7e) {
                finishCsi(data, i, escStart, start, sink);
                m_state = State::Ground;
            } else if (c == kEsc) {
                escStart = i;
                m_state = State::Escape;
            } else if (c == 0x18 || c == 0x1a) {
                m_state = State::Ground;
            } else if (c >= 0x3c && c <= 0x3f && m_csi.empty() && !m_csiPrivate) {
                m_csiPrivate = true;
                m_csiLeader = c;
            } else if (m_csi.size() < 256) {
                m_csi.push_back(c);
            }
            ++i;
            continue;
        case State::String:
        case State::StringEscape: {
            const bool afterEsc = m_state == State::StringEscape;
            if (c == kBel || (afterEsc && c == '\\')) {
                m_held.append(data + start, i + 1 - start);
                emitHeld(sink);
                start = i + 1;
                m_state = State::Ground;
            } else if (afterEsc) {
                // A new sequence interrupts the string: hand the string on
                // without the ESC, then read the ESC again as the start of
                // what follows.
                if (i > 0) {
                    m_held.append(data + start, i - 1 - start);
                    emitHeld(sink);
                    escStart = start = i - 1;
                } else {
                    // The ESC ended the previous chunk and sits last in m_held.
                    emitHeld(sink, 1);
                    m_held.assign(1, kEsc);
                    escStart = length;
                    start = 0;
                }
                m_state = State::Escape;
                continue; // this byte again, now as the one after ESC
            } else if (c == kEsc) {
                m_state = State::StringEscape;
            } else if (c == 0x18 || c == 0x1a) {
                m_held.append(data + start, i + 1 - start);
                emitHeld(sink);
                start = i + 1;
                m_state = State::Ground;
            } else if (m_held.size() + (i - start) > heldLimit()) {
                m_held.append(data + start, i + 1 - start);
                start = i + 1;
                // Held now, a clipboard write shows what it is: it has a
                // larger limit of its own.
                if (m_held.size() > heldLimit()) {
                    // Too long: swallowed strings and clipboard writes go
                    // whole; others on in pieces (libvterm cuts them).
                    m_dropping = heldIsSwallowed() || heldIsClipboardWrite();
                    if (m_dropping)
                        m_held.clear();
                    else
                        emitHeld(sink);
                    m_state = State::PassString;
                }
            }
            ++i;
            continue;
        }
        case State::PassString:
            if (c == kBel || c == 0x18 || c == 0x1a) {
                m_state = State::Ground;
                if (std::exchange(m_dropping, false))
                    start = i + 1; // the rest of a swallowed string, terminator and all
            } else if (c == kEsc) {
                escStart = i;
                m_state = State::Escape;
                if (std::exchange(m_dropping, false))
                    start = i; // the ST (or whatever this ESC starts) goes on alone
            }
            ++i;
            continue;
        }
    }

    switch (m_state) {
    case State::Escape:
        if (escStart < length) {
            flush(data, start, escStart, sink);
            m_held.assign(data + escStart, length - escStart);
        }
        break;
    case State::String:
    case State::StringEscape:
        m_held.append(data + start, length - start);
        break;
    case State::Ground: {
        const size_t tail = incompleteUtf8Tail(data, start, length);
        flush(data, start, tail, sink);
        if (tail < length) {
            m_utf8.assign(data + tail, length - tail);
        }
        break;
    }
    default: // PassString
        if (m_dropping)
            start = length;
        flush(data, start, length, sink);
        break;
    }
}

} // namespace dt::term
