// Follows libvterm 0.1.4's parser (parser.c: vterm_input_write) closely
// enough to know where it is in a sequence, and keeps it to the grammar the
// stream scanner reads (libvterm_guard.h). Text is stepped over to the next
// ESC.

#include "terminal/core/libvterm_guard.h"

#include <cstring>

namespace dt::term {

namespace {
bool isIntermediate(unsigned char c) { return c >= 0x20 && c <= 0x2f; }
bool isCancel(unsigned char c) { return c == 0x18 || c == 0x1a; }
} // namespace

// A write of whole CSIs of digits and separators only, each within
// libvterm's parameters: what the scanner hands on for cursor moves,
// erases and scroll regions, which come in runs. The states below would
// pass it untouched and end where they began, in the ground state.
bool LibvtermGuard::onlyPlainCsis(const char *data, size_t length) const
{
    if (m_state != State::Normal || m_heldEsc || length == 0)
        return false;
    size_t i = 0;
    while (i < length) {
        if (length - i < 3 || data[i] != '\x1b' || data[i + 1] != '[')
            return false;
        i += 2;
        while (i < length && data[i] >= 0x3c && data[i] <= 0x3f)
            ++i; // the leader
        int separators = 0;
        for (; i < length; ++i) {
            const char c = data[i];
            if (c == ';' || c == ':')
                ++separators;
            else if (c < '0' || c > '9')
                break;
        }
        if (i == length || separators >= kMaxArgs)
            return false;
        const auto final = static_cast<unsigned char>(data[i++]);
        if (final < 0x40 || final > 0x7e)
            return false;
    }
    return true;
}

bool LibvtermGuard::filter(const char *data, size_t length, std::string &safe)
{
    if (onlyPlainCsis(data, length))
        return false;
    bool changed = false;
    size_t kept = 0; // data[0, kept) is in `safe` when changed
    auto take = [&](size_t upTo) {
        if (!changed) {
            safe.assign(data, upTo);
            changed = true;
        } else {
            safe.append(data + kept, upTo - kept);
        }
    };
    // data[at] replaced by `instead`.
    auto cut = [&](size_t at, const char *instead) {
        take(at);
        safe += instead;
        kept = at + 1;
    };
    // CAN put before data[at], which stays.
    auto cancelBefore = [&](size_t at) {
        take(at);
        safe += '\x18';
        kept = at;
    };
    if (m_heldEsc) {
        // An ESC that ended the last write inside a string: libvterm 0.1.4
        // miscounts a string whose terminator begins a write.
        m_heldEsc = false;
        changed = true;
        safe.assign(1, '\x1b');
    }
    for (size_t i = 0; i < length; ++i) {
        if (m_state == State::Normal) {
            // Text and controls leave libvterm in its ground state; only an
            // ESC starts anything (UTF-8 mode: no 8-bit C1 introducers).
            const void *esc = std::memchr(data + i, 0x1b, length - i);
            if (!esc)
                break;
            i = static_cast<size_t>(static_cast<const char *>(esc) - data);
        }
        const auto c = static_cast<unsigned char>(data[i]);
        if (m_state == State::Dropping) {
            // The rest of a cancelled CSI, up to where the scanner ends one
            // (a final byte, or ESC, CAN, SUB): its bytes go nowhere,
            // controls go on as they would have.
            if (c == 0x1b || isCancel(c)) {
                m_state = State::Normal; // and read below
            } else if (c >= 0x20) {
                cut(i, "");
                if (c >= 0x40 && c <= 0x7e)
                    m_state = State::Normal;
                continue;
            } else {
                continue;
            }
        }
        if ((m_state == State::Escape || m_state == State::EscapeInString) && (c < 0x20 || c >= 0x7f) && c != 0x1b
            && !isCancel(c)) {
            // libvterm would stay in its escape across a control, NUL, DEL
            // or a high byte, where the scanner reads text: the escape ends
            // here, and the byte is read as the scanner reads it.
            cancelBefore(i);
            m_state = State::Normal;
        }
        if (c == 0x00 || c == 0x7f)
            continue;
        if (isCancel(c)) {
            m_state = State::Normal;
            continue;
        }
        if (c == 0x1b) {
            m_intermediates = 0;
            m_state = m_state == State::String ? State::EscapeInString : State::Escape;
            continue;
        }
        if (c < 0x20 && !(c == 0x07 && m_state == State::String))
            continue; // a control runs without changing the state
        switch (m_state) {
        case State::EscapeInString:
            if (c == 0x5c) {
                m_state = State::Normal;
                break;
            }
            m_state = State::Escape;
            [[fallthrough]];
        case State::Escape:
            if (m_intermediates > 0 && (c == 'P' || c == ']' || c == '[')) {
                // A string or CSI after intermediates: libvterm opens it,
                // the scanner reads text.
                cancelBefore(i);
                m_state = State::Normal;
            } else if (c == 'P' || c == ']') {
                m_state = State::String;
            } else if (c == '[') {
                m_state = State::CsiLeader;
            } else if (isIntermediate(c)) {
                ++m_intermediates;
            } else {
                m_state = State::Normal;
            }
            break;
        case State::CsiLeader:
            if (c >= 0x3c && c <= 0x3f)
                break;
            m_args = 0;
            m_state = State::CsiArgs;
            [[fallthrough]];
        case State::CsiArgs:
            if (c >= '0' && c <= '9')
                break;
            if (c == ';' || c == ':') {
                if (++m_args >= kMaxArgs) {
                    cut(i, "\x18"); // CAN: libvterm abandons the sequence
                    m_state = State::Dropping;
                }
                break;
            }
            m_state = State::CsiIntermediate;
            [[fallthrough]];
        case State::CsiIntermediate:
            if (isIntermediate(c))
                break;
            if (c >= 0x40 && c <= 0x7e) {
                m_state = State::Normal;
                break;
            }
            // libvterm gives up on the sequence here and reads what follows
            // as text, where the scanner still reads the sequence: cancel it
            // and drop the rest, as far as the scanner's end of it.
            cut(i, "\x18");
            m_state = State::Dropping;
            break;
        case State::String:
            if (c == 0x07)
                m_state = State::Normal;
            break;
        case State::Normal:
        case State::Dropping:
            break;
        }
    }
    if (m_state == State::EscapeInString && length > 0 && data[length - 1] == '\x1b') {
        // Held for the next write (see above).
        take(length - 1);
        kept = length;
        m_heldEsc = true;
        return true;
    }
    if (changed)
        safe.append(data + kept, length - kept);
    return changed;
}

} // namespace dt::term
