// What the user sends to the program: keys, typed text, pastes (bracketed,
// with control characters dropped), mouse reports and focus, each encoded
// by libvterm as the program's modes ask, or by the keyboard protocol it
// chose (key_encoding.h).

#include "terminal/core/terminal.h"
#include "terminal/core/key_encoding.h"
#include "terminal/core/utf8.h"

#include <vterm.h>

namespace dt::term {

namespace {
VTermModifier toVTerm(Modifiers mods)
{
    int m = VTERM_MOD_NONE;
    if (mods & Shift)
        m |= VTERM_MOD_SHIFT;
    if (mods & Alt)
        m |= VTERM_MOD_ALT;
    if (mods & Ctrl)
        m |= VTERM_MOD_CTRL;
    return static_cast<VTermModifier>(m);
}

VTermKey toVTerm(Key key)
{
    switch (key) {
    case Key::Enter: return VTERM_KEY_ENTER;
    case Key::Tab: return VTERM_KEY_TAB;
    case Key::Backspace: return VTERM_KEY_BACKSPACE;
    case Key::Escape: return VTERM_KEY_ESCAPE;
    case Key::Up: return VTERM_KEY_UP;
    case Key::Down: return VTERM_KEY_DOWN;
    case Key::Left: return VTERM_KEY_LEFT;
    case Key::Right: return VTERM_KEY_RIGHT;
    case Key::Insert: return VTERM_KEY_INS;
    case Key::Delete: return VTERM_KEY_DEL;
    case Key::Home: return VTERM_KEY_HOME;
    case Key::End: return VTERM_KEY_END;
    case Key::PageUp: return VTERM_KEY_PAGEUP;
    case Key::PageDown: return VTERM_KEY_PAGEDOWN;
    case Key::KeypadMultiply: return VTERM_KEY_KP_MULT;
    case Key::KeypadPlus: return VTERM_KEY_KP_PLUS;
    case Key::KeypadComma: return VTERM_KEY_KP_COMMA;
    case Key::KeypadMinus: return VTERM_KEY_KP_MINUS;
    case Key::KeypadPeriod: return VTERM_KEY_KP_PERIOD;
    case Key::KeypadDivide: return VTERM_KEY_KP_DIVIDE;
    case Key::KeypadEnter: return VTERM_KEY_KP_ENTER;
    case Key::KeypadEqual: return VTERM_KEY_KP_EQUAL;
    default: break;
    }
    if (key >= Key::F1 && key <= Key::F12)
        return static_cast<VTermKey>(VTERM_KEY_FUNCTION_0 + 1 + (static_cast<int>(key) - static_cast<int>(Key::F1)));
    if (key >= Key::Keypad0 && key <= Key::Keypad9)
        return static_cast<VTermKey>(VTERM_KEY_KP_0 + (static_cast<int>(key) - static_cast<int>(Key::Keypad0)));
    return VTERM_KEY_NONE;
}
} // namespace

std::string Terminal::encodedByLibvterm(Key key, Modifiers mods)
{
    std::string encoded;
    m_capture = &encoded;
    vterm_keyboard_key(m_vt.get(), toVTerm(key), toVTerm(mods));
    m_capture = nullptr;
    return encoded;
}

void Terminal::sendKey(Key key, Modifiers mods)
{
    // Where libvterm 0.1.4 and xterm differ, xterm's bytes: libvterm sends
    // the keypad's Enter as LF outside application keypad mode (xterm: CR,
    // which is what programs take as Enter), and has no KP_Begin (xterm:
    // CSI E, or SS3 E as the cursor keys are sent, like the keypad's
    // other arrows). libvterm keeps the modes, so ask it what it would send.
    std::string bytes;
    if (key == Key::KeypadEnter) {
        bytes = encodedByLibvterm(key, mods);
        // In numeric keypad mode it is Enter, as the main key sends it
        // (CR LF in newline mode, an ESC before it with Alt).
        if (bytes.rfind("\x1bO", 0) != 0)
            bytes = std::string((mods & Alt) ? "\x1b" : "") + (m_newlineMode ? "\r\n" : "\r");
    } else if (key == Key::KeypadBegin) {
        bytes = mods ? "\x1b[1;" + std::to_string(1 + mods) + "E" : cursorKeyMode() ? "\x1bOE" : "\x1b[E";
    } else {
        const VTermKey k = toVTerm(key);
        if (k != VTERM_KEY_NONE)
            vterm_keyboard_key(m_vt.get(), k, toVTerm(mods));
        return;
    }
    if (m_output && !bytes.empty())
        m_output(bytes.data(), bytes.size());
}

bool Terminal::cursorKeyMode()
{
    return encodedByLibvterm(Key::Up, NoModifier).rfind("\x1bO", 0) == 0;
}

bool Terminal::sendKeyEvent(const KeyEvent &event, bool *sent)
{
    std::string bytes;
    if (const uint8_t flags = m_keyboard.kittyFlags(m_altActive)) {
        bytes = encodeKittyKey(event, flags, cursorKeyMode());
    } else if (std::optional<std::string> other = encodeModifyOtherKeys(event, m_keyboard.modifyOtherKeys())) {
        bytes = std::move(*other);
    } else {
        if (sent)
            *sent = false;
        return false;
    }
    if (sent)
        *sent = !bytes.empty();
    if (m_output && !bytes.empty())
        m_output(bytes.data(), bytes.size());
    return true;
}

void Terminal::sendCharacter(char32_t codepoint, Modifiers mods)
{
    vterm_keyboard_unichar(m_vt.get(), codepoint, toVTerm(mods));
}


void Terminal::sendText(const std::string &utf8)
{
    for (char32_t cp : decodeUtf8(utf8))
        vterm_keyboard_unichar(m_vt.get(), cp, VTERM_MOD_NONE);
}

void Terminal::paste(const std::string &utf8)
{
    // Brackets are only emitted when the program enabled mode 2004; line
    // feeds become carriage returns, as if typed.
    vterm_keyboard_start_paste(m_vt.get());
    char32_t previous = 0;
    for (char32_t cp : decodeUtf8(utf8)) {
        const char32_t before = previous;
        previous = cp;
        // Control characters are dropped (as xterm does): an ESC inside the
        // clipboard could otherwise end the bracketed paste early and have
        // the rest run as typed commands. Tab and line ends stay; CR LF
        // counts as one Enter.
        if (cp == '\n' && before == '\r')
            continue;
        if (cp == '\n')
            cp = '\r';
        const bool control = (cp < 0x20 && cp != '\t' && cp != '\r') || cp == 0x7f || (cp >= 0x80 && cp < 0xa0);
        if (!control)
            vterm_keyboard_unichar(m_vt.get(), cp, VTERM_MOD_NONE);
    }
    vterm_keyboard_end_paste(m_vt.get());
}

void Terminal::sendMouseMove(int row, int col, Modifiers mods, MousePixel pixel)
{
    if (!m_mousePixels) {
        vterm_mouse_move(m_vt.get(), row, col, toVTerm(mods));
        return;
    }
    // libvterm still follows the mouse, silently, for when 1016 goes off.
    std::string discarded;
    m_capture = &discarded;
    vterm_mouse_move(m_vt.get(), row, col, toVTerm(mods));
    m_capture = nullptr;
    const bool moved = pixel.x != m_mousePixel.x || pixel.y != m_mousePixel.y;
    m_mousePixel = pixel;
    // Every pixel moved is a motion, while a button is held (1002) or
    // always (1003); its code names the lowest button held, or none (3).
    if (!moved || m_mouse == MouseTracking::None || m_mouse == MouseTracking::Click
        || (m_mouse == MouseTracking::Drag && m_pixelButtonsDown == 0))
        return;
    const int held = (m_pixelButtonsDown & 1) ? 0 : (m_pixelButtonsDown & 2) ? 1 : (m_pixelButtonsDown & 4) ? 2 : 3;
    sendPixelReport(32 + held, mods, 'M');
}

void Terminal::sendMouseButton(MouseButton button, bool pressed, Modifiers mods)
{
    if (!m_mousePixels) {
        vterm_mouse_button(m_vt.get(), static_cast<int>(button), pressed, toVTerm(mods));
        return;
    }
    std::string discarded;
    m_capture = &discarded;
    vterm_mouse_button(m_vt.get(), static_cast<int>(button), pressed, toVTerm(mods));
    m_capture = nullptr;
    if (m_mouse == MouseTracking::None)
        return;
    switch (button) {
    case MouseButton::WheelUp:
    case MouseButton::WheelDown:
        if (pressed) // a wheel has no release
            sendPixelReport(button == MouseButton::WheelUp ? 64 : 65, mods, 'M');
        return;
    default: {
        const int code = static_cast<int>(button) - 1; // left 0, middle 1, right 2
        const auto bit = static_cast<uint8_t>(1u << code);
        m_pixelButtonsDown = pressed ? (m_pixelButtonsDown | bit) : (m_pixelButtonsDown & ~bit);
        sendPixelReport(code, mods, pressed ? 'M' : 'm');
        return;
    }
    }
}

void Terminal::sendPixelReport(int code, Modifiers mods, char final)
{
    code += ((mods & Shift) ? 4 : 0) + ((mods & Alt) ? 8 : 0) + ((mods & Ctrl) ? 16 : 0);
    // One-based, as SGR counts cells.
    const std::string report = "\x1b[<" + std::to_string(code) + ";" + std::to_string(m_mousePixel.x + 1) + ";"
        + std::to_string(m_mousePixel.y + 1) + final;
    if (m_output)
        m_output(report.data(), report.size());
}

void Terminal::focusIn()
{
    vterm_state_focus_in(m_state);
}

void Terminal::focusOut()
{
    vterm_state_focus_out(m_state);
}

} // namespace dt::term
