// Control sequences the model answers or follows itself (Terminal's part,
// the scanner hands them over): device attributes and XTVERSION that say
// what this terminal is, DECRQM for the modes libvterm 0.1.4 cannot
// report, the title stack (XTWINOPS 22/23), DECSTR resetting origin
// mode and margins as a soft reset should, synchronized output (2026) and
// the keyboard protocols (keyboard_modes.h). libvterm still reads each
// sequence first; its own replies to them are held back.

#include "terminal/core/terminal.h"

#include "terminal/core/stream_scanner.h"

#include "terminal/core/csi_params.h"

#include <algorithm>

namespace dt::term {

namespace {

constexpr size_t kTitleStackDepth = 10; // as xterm

// Parameters the model reads as libvterm does: digits and ';' only, all of
// them kept by the scanner. Anything else (sub-parameters, a control
// libvterm runs in the middle) libvterm may read otherwise.
bool readable(std::string_view params)
{
    return params.size() < StreamScanner::kMaxCsiParams && params.find_first_not_of("0123456789;") == std::string_view::npos;
}

// No parameter, or zero ("0", "00", …).
bool isDefault(std::string_view params)
{
    return params.find_first_not_of('0') == std::string_view::npos;
}

// Synchronized output (DEC private mode 2026): the program draws a frame
// and the view waits for it to finish.
constexpr int kSynchronizedOutput = 2026;
// SGR-Pixels: mouse reports in pixels (libvterm 0.1.4 lacks it).
constexpr int kSgrPixels = 1016;

// "22;0" → 22 and whether it names the window title (0 or 2, or nothing).
bool isTitleStackOp(std::string_view params, int op)
{
    const std::vector<int> n = csiNumbers(params);
    return !n.empty() && n.size() <= 3 && n[0] == op && (n.size() == 1 || n[1] == 0 || n[1] == 2);
}

// DA2's "firmware version": fixed, so what programs decide from it (vim
// gates xterm features on it) does not change from release to release;
// XTVERSION names the release.
constexpr int kDa2Version = 100;

} // namespace

bool Terminal::takesCsi(char leader, std::string_view params, char final) const
{
    if (KeyboardModes::takes(leader, params, final))
        return true;
    switch (final) {
    case 'c': // DA1, DA2, DA3
        return (leader == 0 || leader == '>' || leader == '=') && isDefault(params);
    case 'q': // XTVERSION; DECSCA (followed for terminal_printable.cpp)
        return (leader == '>' && isDefault(params)) || (leader == 0 && params.find('"') != std::string_view::npos);
    case 't':
        return leader == 0 && (isTitleStackOp(params, 22) || isTitleStackOp(params, 23));
    case 'p':
        if (leader == 0 && params == "!")
            return true; // DECSTR
        // DECRQM: libvterm answers the private modes it knows, but not
        // 1049; it answers no ANSI mode.
        return params.size() > 1 && params.back() == '$'
               && (leader == 0
                   || (leader == '?'
                       && (params.substr(0, params.size() - 1) == "1049" || params.substr(0, params.size() - 1) == "2026"
                           || params.substr(0, params.size() - 1) == "1016")));
    case 'K':
        return leader == 0; // EL: may end a pending wrap (csi())
    case 'h':
    case 'l': {
        // SM/RM: followed for DECRQM (insert and newline modes). DECSET and
        // DECRST when they name synchronized output, or several modes
        // (libvterm 0.1.4 applies only the first).
        if (leader == 0)
            return true;
        if (leader != '?')
            return false;
        if (!readable(params))
            return true; // where text goes may have changed (PrintableLimits)
        // Leaving the alternate screen too: libvterm restores the saved
        // cursor without clamping it to a screen that got smaller. Origin
        // mode and DECLRMM are followed for the printable fast path.
        const std::vector<int> modes = csiNumbers(params);
        return modes.size() > 1
            || (modes.size() == 1
                && (modes[0] == kSynchronizedOutput || modes[0] == 6 || modes[0] == 69 || modes[0] == 1048
                    || modes[0] == 1049 || modes[0] == kSgrPixels));
    }
    default:
        return false;
    }
}

void Terminal::csi(char leader, std::string_view params, char final)
{
    std::string reply;
    if (KeyboardModes::takes(leader, params, final)) {
        reply = m_keyboard.apply(leader, params, final, m_altActive);
        final = 0; // nothing below is for it
    }
    switch (final) {
    case 'c':
        if (leader == 0)
            reply = "\x1b[?62;22c"; // a VT220 with ANSI colour, as foot and others say
        else if (leader == '>')
            reply = "\x1b[>1;" + std::to_string(kDa2Version) + ";0c"; // 1: a VT220-class terminal
        else
            reply = "\x1bP!|44455654\x1b\\"; // DA3's unit id: "DEVT" in hex
        break;
    case 'q':
        if (leader == '>') {
            reply = "\x1bP>|deviceterm(" DEVICETERM_VERSION ")\x1b\\";
        } else if (params.back() != '"' || !readable(params.substr(0, params.size() - 1))) {
            m_printableLimits.unreadMode = true; // a DECSCA libvterm may read as protecting
        } else if (const std::vector<int> n = csiNumbers(params.substr(0, params.size() - 1)); !n.empty() && n[0] == 1) {
            m_printableLimits.protectedText = true; // from here on (DECSC may keep it)
        }
        break;
    case 't':
        if (isTitleStackOp(params, 22)) {
            if (m_titleStack.size() == kTitleStackDepth)
                m_titleStack.erase(m_titleStack.begin());
            m_titleStack.push_back(m_title);
        } else if (!m_titleStack.empty()) {
            m_title = std::move(m_titleStack.back());
            m_titleStack.pop_back();
            m_changes.title = true;
        }
        break;
    case 'p': {
        if (params == "!") {
            // DECSTR: libvterm 0.1.4 does not take it at all (its case can
            // never match), so the soft reset is spelled out for it: pen,
            // cursor shown and block, cursor keys and keypad normal,
            // autowrap on, ASCII in G0 and shifted in, no protection, origin
            // mode, margins and insert mode off; the cursor stays put (a
            // pending wrap does not).
            const CursorState c = cursor();
            const std::string reset = "\x1b[m\x1b[?25h\x1b[?1l\x1b>\x1b[?7h\x1b(B\x0f\x1b[0\"q\x1b[0 q"
                                      "\x1b[?6l\x1b[?69l\x1b[r\x1b[4l\x1b["
                                      + std::to_string(c.row + 1) + ";" + std::to_string(c.col + 1) + "H";
            write(reset.data(), reset.size());
            sgrExtras(readSgr("").extras); // what SGR 0 resets that libvterm does not keep
            m_insertMode = false;
            m_leftRightMargins = false;
            m_printableLimits = PrintableLimits{}; // all of them reset above
            break;
        }
        const std::vector<int> mode = csiNumbers(params.substr(0, params.size() - 1));
        if (mode.size() != 1)
            break;
        // 1 set, 2 reset, 4 permanently reset, 0 not recognised.
        int state = 0;
        if (leader == '?' && mode[0] == kSynchronizedOutput)
            state = m_synchronizedOutput ? 1 : 2;
        else if (leader == '?' && mode[0] == kSgrPixels)
            state = m_mousePixels ? 1 : 2;
        else if (leader == '?')
            state = m_altActive ? 1 : 2;
        else if (mode[0] == 4)
            state = m_insertMode ? 1 : 2;
        else if (mode[0] == 20)
            state = m_newlineMode ? 1 : 2;
        else if (mode[0] == 2)
            state = 4; // the keyboard is never locked
        else if (mode[0] == 12)
            state = 3; // send/receive: always set, no local echo (as VTE says)
        reply = std::string("\x1b[") + (leader == '?' ? "?" : "") + std::to_string(mode[0]) + ";" + std::to_string(state) + "$y";
        break;
    }
    case 'K':
        // EL where libvterm waits to wrap after the last column: as in
        // xterm, the wait ends and the cursor stays (libvterm kept waiting,
        // so the next character went to the next line). Any cursor move
        // ends it; these two leave the cursor where it is.
        // (Not with left and right margins on: CUF would stop at the right
        // margin, left of a cursor beyond it.)
        if (std::exchange(m_erasedAtPendingWrap, false) && !m_leftRightMargins && cursor().col > 0) {
            static const char kLeftRight[] = "\x1b[D\x1b[C";
            write(kLeftRight, sizeof kLeftRight - 1);
        }
        break;
    case 'h':
    case 'l': {
        // libvterm 0.1.4 applies only the first mode of SM/RM; the others
        // are handed to it one at a time, so every mode named is set.
        if (!readable(params))
            m_printableLimits.unreadMode = true; // IRM, DECOM or DECLRMM, for all the model knows
        const std::vector<int> modes = csiNumbers(params);
        const bool set = final == 'h';
        for (size_t i = 0; i < modes.size(); ++i) {
            if (leader == '?' && modes[i] == kSynchronizedOutput) {
                if (set && !m_synchronizedOutput)
                    ++m_synchronizedUpdates;
                m_synchronizedOutput = set;
                m_anyDamage = true; // the view looks again: its frame may be done
                continue;
            }
            if (leader == '?' && modes[i] == 69)
                m_leftRightMargins = set; // DECLRMM
            if (leader == '?' && modes[i] == 6)
                m_printableLimits.originMode = set; // DECOM
            if (leader == '?' && modes[i] == kSgrPixels) {
                m_mousePixels = set;
                m_pixelButtonsDown = 0;
            }
            if (leader == 0 && modes[i] == 4)
                m_insertMode = set;
            else if (leader == 0 && modes[i] == 20)
                m_newlineMode = set;
            if (i > 0) {
                const std::string one = std::string("\x1b[") + (leader == '?' ? "?" : "") + std::to_string(modes[i]) + final;
                write(one.data(), one.size());
            }
        }
        // 1048 and 1049 save and restore the cursor, with the pen.
        const bool savesCursor = leader == '?'
            && (std::find(modes.begin(), modes.end(), 1049) != modes.end()
                || std::find(modes.begin(), modes.end(), 1048) != modes.end());
        if (savesCursor && set)
            cursorSaved();
        else if (savesCursor)
            cursorRestored();
        break;
    }
    default:
        break;
    }
    if (!reply.empty() && m_output)
        m_output(reply.data(), reply.size());
}

} // namespace dt::term
