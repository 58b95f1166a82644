#pragma once

// The keyboard protocol a program asked for: kitty's progressive
// enhancement flags, kept on a stack of their own for each screen so an
// editor on the alternate screen never touches the shell's, and xterm's
// modifyOtherKeys level. The encodings themselves are key_encoding.h's.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dt::term {

class KeyboardModes {
public:
    // Pushes beyond this drop the oldest entry (the protocol asks for a
    // bound, so a program cannot grow it without end).
    static constexpr size_t kStackDepth = 16;

    // The flags in force on the main or alternate screen (0: legacy keys).
    uint8_t kittyFlags(bool altScreen) const { return stack(altScreen).back(); }
    int modifyOtherKeys() const { return m_modifyOtherKeys; }

    // The sequences it follows: CSI ? u (query), CSI > flags u (push),
    // CSI < count u (pop), CSI = flags ; how u (set), CSI > 4 ; level m
    // and CSI > 4 n (modifyOtherKeys), CSI ? 4 m (its query).
    static bool takes(char leader, std::string_view params, char final);
    // Follows one on the screen that shows; returns the reply, if any.
    std::string apply(char leader, std::string_view params, char final, bool altScreen);

    // A program entering the alternate screen starts from legacy keys there.
    void enteredAltScreen() { m_alt = {0}; }
    void reset(); // RIS

private:
    using Stack = std::vector<uint8_t>; // never empty; back() is in force
    const Stack &stack(bool alt) const { return alt ? m_alt : m_main; }
    Stack &stack(bool alt) { return alt ? m_alt : m_main; }

    Stack m_main{0};
    Stack m_alt{0};
    int m_modifyOtherKeys = 0;
};

} // namespace dt::term
