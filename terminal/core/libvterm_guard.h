#pragma once

// The last line of defence in front of libvterm 0.1.4's parser: it follows
// the parser's states byte for byte (the ones that matter: text, ESC, CSI
// and its parameters, strings) and never lets a control sequence reach a
// 17th parameter, where libvterm writes past its 16-entry array over its
// own callback pointers. Such a sequence is cancelled (CAN) and the rest of
// it dropped. The stream scanner already keeps programs' sequences within
// bounds; this holds whatever path a byte takes, and whatever the scanner
// and libvterm disagree on.

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

private:
    enum class State : unsigned char { Normal, Escape, CsiLeader, CsiArgs, CsiIntermediate, String, EscapeInString, Dropping };
    State m_state = State::Normal;
    int m_args = 0; // separators read in the current CSI
};

} // namespace dt::term
