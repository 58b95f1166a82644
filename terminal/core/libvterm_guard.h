#pragma once

// The last line of defence in front of libvterm 0.1.4's parser: it follows
// the parser's states byte for byte (the ones that matter: text, ESC, CSI
// and its parameters, strings) and
// - never lets a control sequence reach a 17th parameter, where libvterm
//   writes past its 16-entry array over its own callback pointers;
// - keeps libvterm to the grammar the stream scanner reads, so every
//   sequence libvterm acts on is one the scanner checked: an escape that
//   libvterm would carry across a control or a high byte, or a CSI or
//   string opened after intermediates, is cancelled (CAN) where the scanner
//   reads text; a CSI libvterm would give up on early (a high byte) is
//   cancelled and dropped as far as the scanner reads it;
// - holds an ESC that ends a write inside a string for the next write
//   (libvterm 0.1.4 miscounts a string whose terminator begins a write).

#include <cstddef>
#include <string>

namespace dt::term {

class LibvtermGuard {
public:
    // The parameters libvterm has room for.
    static constexpr int kMaxArgs = 16;

    // Follows `length` bytes on their way to libvterm. Returns false when
    // they may go as they are; true when `safe` holds what should go instead.
    bool filter(const char *data, size_t length, std::string &safe);
    // Whether libvterm's parser is in its ground state, nothing held.
    bool idle() const { return m_state == State::Normal && !m_heldEsc; }

private:
    bool onlyPlainCsis(const char *data, size_t length) const;

    enum class State : unsigned char { Normal, Escape, CsiLeader, CsiArgs, CsiIntermediate, String, EscapeInString, Dropping };
    State m_state = State::Normal;
    int m_args = 0; // separators read in the current CSI
    int m_intermediates = 0; // after the current ESC
    bool m_heldEsc = false; // an ESC in a string ended the last write
};

} // namespace dt::term
