// Follows the sequences that choose a keyboard protocol (keyboard_modes.h):
// kitty's flag stack per screen and xterm's modifyOtherKeys.

#include "terminal/core/keyboard_modes.h"

#include "terminal/core/csi_params.h"
#include "terminal/core/key_encoding.h"

namespace dt::term {

bool KeyboardModes::takes(char leader, std::string_view params, char final)
{
    if (final == 'u')
        return leader == '?' || leader == '>' || leader == '<' || leader == '=';
    if ((final != 'm' && final != 'n') || (leader != '>' && leader != '?'))
        return false; // every other CSI, cheaply
    if (final == 'm' && leader == '>' && params.empty())
        return true; // CSI > m: every modifier resource back to its default
    const std::vector<int> n = csiNumbers(params);
    if (n.empty() || n[0] != 4)
        return false;
    if (final == 'm')
        return (leader == '>' && n.size() <= 2) || (leader == '?' && n.size() == 1);
    return final == 'n' && leader == '>' && n.size() == 1;
}

std::string KeyboardModes::apply(char leader, std::string_view params, char final, bool altScreen)
{
    const std::vector<int> n = csiNumbers(params);
    if (final == 'm' || final == 'n') {
        if (leader == '?')
            return "\x1b[>4;" + std::to_string(m_modifyOtherKeys) + "m";
        // CSI > m, CSI > 4 m and CSI > 4 n turn it off; levels above 2 are 2.
        m_modifyOtherKeys = final == 'm' && n.size() == 2 ? std::min(n[1], 2) : 0;
        return {};
    }
    Stack &s = stack(altScreen);
    if (leader == '?')
        return "\x1b[?" + std::to_string(s.back()) + "u";
    if (n.empty())
        return {}; // sub-parameters or intermediates: not one of ours
    const auto flags = static_cast<uint8_t>(n[0] & kitty_flags::All);
    switch (leader) {
    case '>':
        if (s.size() == kStackDepth)
            s.erase(s.begin());
        s.push_back(flags);
        break;
    case '<': {
        const size_t count = n[0] == 0 ? 1 : static_cast<size_t>(n[0]);
        if (count >= s.size())
            s = {0}; // popped empty: every flag off
        else
            s.resize(s.size() - count);
        break;
    }
    case '=': {
        const int how = n.size() > 1 ? n[1] : 1;
        if (how == 1)
            s.back() = flags;
        else if (how == 2)
            s.back() |= flags;
        else if (how == 3)
            s.back() &= static_cast<uint8_t>(~flags);
        break;
    }
    default: break;
    }
    return {};
}

void KeyboardModes::reset()
{
    m_main = {0};
    m_alt = {0};
    m_modifyOtherKeys = 0;
}

} // namespace dt::term
