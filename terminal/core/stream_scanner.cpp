// The pre-parser ahead of libvterm: holds OSC/DCS strings until terminated so they arrive in one write,
// never splits a UTF-8 character across writes, holds a control sequence until it is whole, reads what SGR sets
// that libvterm lacks, reports CSI 3 J, DECRC and RIS at their place,
// and hands the sink the control sequences it answers itself. Text between sequences is scanned in
// stream_scanner_text.cpp.

#include "terminal/core/stream_scanner.h"

#include "terminal/core/utf8.h"

#include <algorithm>
#include <utility>

#include <cstdint>
#include <cstring>
#include <vector>

namespace dt::term {

namespace {

constexpr char kBel = 0x07;

bool isStringIntroducer(char c)
{
    // OSC, DCS, APC, PM, SOS
    return c == ']' || c == 'P' || c == '_' || c == '^' || c == 'X';
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
    else if (!heldIsSwallowed() && m_held.size() > dropLast
             && !(m_held.size() >= 2 && m_held[1] == 'P' && sink.answersDcs(std::string_view(m_held).substr(0, m_held.size() - dropLast))))
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
        // What was held goes first, in the same write: a control sequence
        // whose start was held reaches libvterm whole.
        if (to > from)
            m_held.append(data + from, to - from);
        sink.write(m_held.data(), m_held.size());
        m_held.clear();
        if (m_held.capacity() > kMaxHeldString)
            m_held.shrink_to_fit();
        return;
    }
    if (to > from)
        sink.write(data + from, to - from);
}

void StreamScanner::releaseHeldCsi(ScannerSink &sink)
{
    if (!m_held.empty()) {
        sink.write(m_held.data(), m_held.size());
        m_held.clear();
    }
}

void StreamScanner::dropCsi(const char *data, size_t escStart, size_t to, size_t &start, ScannerSink &sink)
{
    if (escStart < to)
        flush(data, start, escStart, sink); // what came before it (held bytes of an earlier sequence first)
    else
        m_held.clear(); // it began in an earlier chunk: what is held is its start
    start = to;
}

bool StreamScanner::finishSgr(const char *data, size_t end, size_t escStart, size_t &start, ScannerSink &sink)
{
    const bool overlong = m_csiArgs > kMaxCsiArgs;
    SgrRead read;
    if (m_csi.size() < kMaxCsiParams)
        read = readSgr(m_csi);
    else
        read.plain = false; // not all of it was kept
    if (!read.plain)
        return false; // not all of it was kept, or not plain: as any other CSI
    if (sink.appliesSgr()) {
        dropCsi(data, escStart, end + 1, start, sink);
        sink.sgr(read);
        return true;
    }
    if (!read.extras.any() && !read.rewritten && !overlong)
        return false;
    if (read.rewritten || overlong) {
        // What libvterm should read, instead of the bytes that came.
        dropCsi(data, escStart, end + 1, start, sink);
        const std::string sgr = sgrForLibvterm(m_csi);
        if (!sgr.empty())
            sink.write(sgr.data(), sgr.size());
    } else {
        flush(data, start, end + 1, sink);
        start = end + 1;
    }
    if (read.extras.any())
        sink.sgrExtras(read.extras);
    return true;
}

void StreamScanner::finishCsi(const char *data, size_t end, size_t escStart, size_t &start, ScannerSink &sink)
{
    const char final = data[end];
    if (m_csiDropping) {
        start = end + 1; // too long to hold: none of it reached libvterm
        return;
    }
    const bool intermediates = std::any_of(m_csi.begin(), m_csi.end(), [](char c) { return c >= 0x20 && c <= 0x2f; });
    if (final == 'm' && !m_csiPrivate && !intermediates && finishSgr(data, end, escStart, start, sink))
        return;
    if (final == 'b' && escStart < end) {
        // What the text before it prints is what a REP repeats
        // (replacesCsi): it goes first.
        flush(data, start, escStart, sink);
        start = escStart;
    }
    std::string instead;
    if (m_csiArgs > kMaxCsiArgs || sink.replacesCsi(m_csiLeader, m_csi, final, instead)) {
        // More parameters than libvterm has room for (not a sequence any
        // program means; libvterm would write past its array), or one the
        // sink does itself.
        dropCsi(data, escStart, end + 1, start, sink);
        if (!instead.empty())
            sink.write(instead.data(), instead.size());
        return;
    }
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
    if (m_csiPrivate || intermediates)
        return; // not a plain ED
    if (final == 'J' && m_csi == "3") {
        flush(data, start, end + 1, sink);
        start = end + 1;
        sink.clearScrollback();
    }
}

size_t StreamScanner::incompleteUtf8Tail(const char *data, size_t from, size_t to)
{
    // Look back over at most three continuation bytes for a lead byte.
    size_t i = to;
    int continuations = 0;
    while (i > from && continuations < 3 && isUtf8Continuation(static_cast<unsigned char>(data[i - 1]))) {
        --i;
        ++continuations;
    }
    if (i == from)
        return to;
    const auto lead = static_cast<unsigned char>(data[i - 1]);
    if (lead < 0xC0)
        return to;
    const size_t need = utf8SequenceLength(lead);
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

void StreamScanner::scan(const char *data, size_t length, ScannerSink &sink)
{
    size_t start = 0; // first byte of this chunk not yet handed on or held
    size_t escStart = length; // where the pending ESC sits, if in this chunk
    size_t i = 0;
    while (i < length) {
        const char c = data[i];
        switch (m_state) {
        case State::Ground: {
            if (m_escFinal != EscFinal::None) {
                // The rest of an escape with intermediates (ESC ( B, ESC # 6):
                // more intermediates, then its final byte.
                const bool g0 = m_escFinal == EscFinal::G0Designation;
                const bool intermediate = c >= 0x20 && c <= 0x2f, final = c >= 0x30 && c <= 0x7e;
                if (g0)
                    sink.g0Designated(final ? c : 0); // ESC ( % 5 and the like: not followed
                m_escFinal = intermediate ? EscFinal::Other : EscFinal::None;
                if (intermediate || final) {
                    ++i;
                    continue;
                }
            }
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
                m_csiDropping = false;
                m_csiArgs = 1;
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
            } else if (c == '7') {
                // DECSC: the sink saves what libvterm's saved pen lacks.
                flush(data, start, i + 1, sink);
                start = i + 1;
                sink.cursorSaved();
                m_state = State::Ground;
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
                if (c == 'n' || c == 'o')
                    sink.charsetShifted(); // LS2, LS3
                else if (c == 'N' || c == 'O')
                    sink.singleShift(); // SS2, SS3
                // An intermediate: libvterm reads on to a final byte, which
                // is then no character (Ground below steps over it).
                m_escFinal = c >= 0x20 && c <= 0x2f ? (c == '(' ? EscFinal::G0Designation : EscFinal::Other) : EscFinal::None;
                m_state = State::Ground;
            }
            if (m_state != State::String && m_state != State::Escape && m_state != State::Csi && !m_held.empty()) {
                // An ESC held over from the last chunk was not a string
                // after all (a CSI keeps it: the sequence is held whole).
                sink.write(m_held.data(), m_held.size());
                m_held.clear();
            }
            ++i;
            continue;
        case State::Csi:
            if (c >= 0x40 && c <= 0x7e) {
                finishCsi(data, i, escStart, start, sink);
                m_state = State::Ground;
            } else if (c == kEsc || c == 0x18 || c == 0x1a) {
                // Abandoned (libvterm drops it too): what there is of it
                // goes on, unless libvterm could not take it.
                if (m_csiDropping || m_csiArgs > kMaxCsiArgs)
                    dropCsi(data, escStart, i, start, sink);
                else
                    releaseHeldCsi(sink);
                m_csiDropping = false;
                if (c == kEsc) {
                    escStart = i;
                    m_state = State::Escape;
                } else {
                    m_state = State::Ground;
                }
            } else if (c >= 0x3c && c <= 0x3f && m_csi.empty() && !m_csiPrivate) {
                m_csiPrivate = true;
                m_csiLeader = c;
            } else if (c >= 0x30 && c <= 0x3b) {
                // Digits and separators, read as one span: every SGR of a
                // colour flood is mostly these.
                size_t end = i;
                while (end < length && data[end] >= 0x30 && data[end] <= 0x3b) {
                    m_csiArgs += data[end] == ';' || data[end] == ':';
                    ++end;
                }
                if (m_csi.size() < kMaxCsiParams)
                    m_csi.append(data + i, std::min(end - i, kMaxCsiParams - m_csi.size()));
                i = end;
                continue;
            } else {
                if (m_csi.size() < kMaxCsiParams)
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
    case State::Csi:
        // Held until complete (finishCsi), up to a bound past which it is
        // dropped whole: no program means one that long.
        if (m_csiDropping) {
            start = length;
        } else if (escStart < length) {
            flush(data, start, escStart, sink);
            m_held.assign(data + escStart, length - escStart);
        } else {
            m_held.append(data + start, length - start);
        }
        if (m_held.size() > kMaxHeldCsi) {
            m_held.clear();
            m_csiDropping = true;
        }
        break;
    default: // PassString
        if (m_dropping)
            start = length;
        flush(data, start, length, sink);
        break;
    }
}

} // namespace dt::term
