// Programs asking to tell the person something (Terminal's part): OSC 9 ;
// text (iTerm2's form, which ConEmu's numbered OSC 9 commands share, so
// text that starts with a number and ';' is not a notification) and OSC
// 777 ; notify ; title ; body (rxvt-unicode's, which foot and VTE read).
// The text is kept as plain UTF-8: control characters dropped, a broken
// sequence replaced, each part cut to its bound on a character boundary.

#include "terminal/core/terminal.h"

#include "terminal/core/utf8.h"

namespace dt::term {

namespace {

std::string plainText(std::string_view raw, size_t maxBytes)
{
    std::string out;
    for (char32_t c : decodeUtf8(std::string(raw.substr(0, maxBytes * 2)))) {
        if (c < 0x20 || (c >= 0x7f && c < 0xa0))
            c = U' ';
        std::string one;
        appendUtf8(one, c);
        if (out.size() + one.size() > maxBytes)
            break;
        out += one;
    }
    return out;
}

// ConEmu's OSC 9 commands: "4;1;50" (progress) and the like.
bool isNumberedCommand(std::string_view text)
{
    size_t digits = 0;
    while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9')
        ++digits;
    return digits > 0 && (digits == text.size() || text[digits] == ';');
}

} // namespace

bool Terminal::takeNotificationRequest(std::string_view osc)
{
    ProgramNotification n;
    if (osc.rfind("9;", 0) == 0) {
        const std::string_view text = osc.substr(2);
        if (isNumberedCommand(text))
            return true; // not ours to show
        n.body = plainText(text, ProgramNotification::kMaxBodyBytes);
    } else if (osc.rfind("777;notify;", 0) == 0) {
        const std::string_view rest = osc.substr(11);
        const size_t split = rest.find(';');
        n.title = plainText(rest.substr(0, split), ProgramNotification::kMaxTitleBytes);
        if (split != std::string_view::npos)
            n.body = plainText(rest.substr(split + 1), ProgramNotification::kMaxBodyBytes);
    } else {
        return false;
    }
    // Nothing to say; or one is waiting to be shown, and as the GUI shows
    // only one in a while, the first of a burst is the one.
    if ((n.title.empty() && n.body.empty()) || m_notification)
        return true;
    m_notification = std::move(n);
    m_changes.notification = true;
    return true;
}

} // namespace dt::term
