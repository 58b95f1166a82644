// Follows libvterm 0.1.4's parser (parser.c: vterm_input_write) closely
// enough to know the parameter count of a CSI, and cuts one off before its
// 17th parameter (libvterm_guard.h). Text is stepped over to the next ESC.

#include "terminal/core/libvterm_guard.h"

#include <cstring>

namespace dt::term {

namespace {
bool isIntermediate(unsigned char c) { return c >= 0x20 && c <= 0x2f; }
} // namespace

bool LibvtermGuard::filter(const char *data, size_t length, std::string &safe)
{
    bool changed = false;
    size_t kept = 0; // data[0, kept) is in `safe` when changed
    auto cut = [&](size_t at, const char *instead) {
        if (!changed) {
            safe.assign(data, at);
            changed = true;
        } else {
            safe.append(data + kept, at - kept);
        }
        safe += instead;
        kept = at + 1;
    };
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
            // The rest of a cancelled CSI: its parameters, intermediates
            // and final byte go nowhere; controls go on as they would have.
            if (c == 0x1b || c == 0x18 || c == 0x1a) {
                m_state = State::Normal; // and read below
            } else if (c >= 0x20) {
                cut(i, "");
                if (c > 0x3f) // its final byte, or one that ends it as invalid
                    m_state = State::Normal;
                continue;
            } else {
                continue;
            }
        }
        if (c == 0x00 || c == 0x7f)
            continue;
        if (c == 0x18 || c == 0x1a) {
            m_state = State::Normal;
            continue;
        }
        if (c == 0x1b) {
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
            if (c == 'P' || c == ']')
                m_state = State::String;
            else if (c == '[')
                m_state = State::CsiLeader;
            else if (!isIntermediate(c) && c >= 0x30 && c < 0x7f)
                m_state = State::Normal;
            // intermediates and anything else: libvterm stays in ESC
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
            if (!isIntermediate(c))
                m_state = State::Normal;
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
    if (changed)
        safe.append(data + kept, length - kept);
    return changed;
}

} // namespace dt::term
