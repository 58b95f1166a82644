// Encodes a key for kitty's keyboard protocol and for xterm's
// modifyOtherKeys (key_encoding.h); the numbers and the rules for which
// keys keep their legacy bytes are the protocols' own.

#include "terminal/core/key_encoding.h"

#include "terminal/core/us_layout.h"
#include "terminal/core/utf8.h"

namespace dt::term {

namespace {

using namespace kitty_flags;

// How kitty's protocol numbers a key that types no character:
// CSI number ; modifiers trailer.
struct FunctionalCode {
    Key key;
    uint32_t number;
    char trailer;
};

constexpr FunctionalCode kFunctionalCodes[] = {
    {Key::Escape, 27, 'u'},       {Key::Enter, 13, 'u'},          {Key::Tab, 9, 'u'},
    {Key::Backspace, 127, 'u'},   {Key::Insert, 2, '~'},          {Key::Delete, 3, '~'},
    {Key::Left, 1, 'D'},          {Key::Right, 1, 'C'},           {Key::Up, 1, 'A'},
    {Key::Down, 1, 'B'},          {Key::PageUp, 5, '~'},          {Key::PageDown, 6, '~'},
    {Key::Home, 1, 'H'},          {Key::End, 1, 'F'},             {Key::F1, 1, 'P'},
    {Key::F2, 1, 'Q'},            {Key::F3, 13, '~'},             {Key::F4, 1, 'S'},
    {Key::F5, 15, '~'},           {Key::F6, 17, '~'},             {Key::F7, 18, '~'},
    {Key::F8, 19, '~'},           {Key::F9, 20, '~'},             {Key::F10, 21, '~'},
    {Key::F11, 23, '~'},          {Key::F12, 24, '~'},            {Key::CapsLock, 57358, 'u'},
    {Key::ScrollLock, 57359, 'u'}, {Key::NumLock, 57360, 'u'},    {Key::PrintScreen, 57361, 'u'},
    {Key::Pause, 57362, 'u'},     {Key::Menu, 57363, 'u'},        {Key::KeypadPeriod, 57409, 'u'},
    {Key::KeypadDivide, 57410, 'u'}, {Key::KeypadMultiply, 57411, 'u'}, {Key::KeypadMinus, 57412, 'u'},
    {Key::KeypadPlus, 57413, 'u'}, {Key::KeypadEnter, 57414, 'u'}, {Key::KeypadEqual, 57415, 'u'},
    {Key::KeypadComma, 57416, 'u'}, {Key::KeypadLeft, 57417, 'u'}, {Key::KeypadRight, 57418, 'u'},
    {Key::KeypadUp, 57419, 'u'},  {Key::KeypadDown, 57420, 'u'},  {Key::KeypadPageUp, 57421, 'u'},
    {Key::KeypadPageDown, 57422, 'u'}, {Key::KeypadHome, 57423, 'u'}, {Key::KeypadEnd, 57424, 'u'},
    {Key::KeypadInsert, 57425, 'u'}, {Key::KeypadDelete, 57426, 'u'},
};

int offset(Key k, Key first) { return static_cast<int>(k) - static_cast<int>(first); }
bool within(Key k, Key first, Key last) { return k >= first && k <= last; }

std::optional<FunctionalCode> functionalCode(Key k)
{
    // Runs numbered in the protocol's order.
    if (within(k, Key::F13, Key::F35))
        return FunctionalCode{k, 57376u + offset(k, Key::F13), 'u'};
    if (within(k, Key::Keypad0, Key::Keypad9))
        return FunctionalCode{k, 57399u + offset(k, Key::Keypad0), 'u'};
    if (within(k, Key::LeftShift, Key::IsoLevel5Shift))
        return FunctionalCode{k, 57441u + offset(k, Key::LeftShift), 'u'};
    for (const FunctionalCode &c : kFunctionalCodes) {
        if (c.key == k)
            return c;
    }
    return std::nullopt;
}

// Without Disambiguate the keypad is the main keyboard: digits and signs
// type their characters, the rest are the keys they stand for.
KeyEvent asMainKeyboardKey(KeyEvent e)
{
    static constexpr char kSigns[] = {'*', '+', ',', '-', '.', '/'};
    if (within(e.key, Key::Keypad0, Key::Keypad9)) {
        e.functional = false;
        e.codepoint = e.shifted = U'0' + static_cast<char32_t>(offset(e.key, Key::Keypad0));
    } else if (within(e.key, Key::KeypadMultiply, Key::KeypadDivide)) {
        e.functional = false;
        e.codepoint = e.shifted = static_cast<char32_t>(kSigns[offset(e.key, Key::KeypadMultiply)]);
    } else if (e.key == Key::KeypadEqual) {
        e.functional = false;
        e.codepoint = e.shifted = U'=';
    } else if (e.key == Key::KeypadEnter) {
        e.key = Key::Enter;
    } else if (within(e.key, Key::KeypadLeft, Key::KeypadDelete)) {
        static constexpr Key kMain[] = {Key::Left, Key::Right, Key::Up, Key::Down, Key::PageUp,
                                        Key::PageDown, Key::Home, Key::End, Key::Insert, Key::Delete};
        e.key = kMain[offset(e.key, Key::KeypadLeft)];
    }
    return e;
}

std::string utf8Of(const std::u32string &text)
{
    std::string out;
    for (char32_t c : text)
        appendUtf8(out, c);
    return out;
}

// CSI number[:shifted] ; modifiers[:event] ; text trailer, each part only
// when it says something (kitty's "serialize").
std::string csiKey(uint32_t number, char trailer, char32_t shifted, Modifiers mods, KeyEventType type, bool withType,
                   const std::u32string &text)
{
    const bool second = mods != 0 || withType;
    const bool third = !text.empty();
    std::string out = "\x1b[";
    if (number != 1 || shifted || second || third)
        out += std::to_string(number);
    if (shifted)
        out += ':' + std::to_string(static_cast<uint32_t>(shifted));
    if (second || third)
        out += ';';
    if (second) {
        out += std::to_string(1 + mods);
        if (withType)
            out += ':' + std::to_string(static_cast<int>(type));
    }
    for (size_t i = 0; i < text.size(); ++i)
        out += (i == 0 ? ';' : ':') + std::to_string(static_cast<uint32_t>(text[i]));
    out += trailer;
    return out;
}

// The keys whose legacy chords (Shift, Alt, Ctrl, Ctrl+Alt) the protocol
// keeps until Disambiguate is asked for.
bool isLegacyAsciiKey(char32_t c)
{
    return (c >= U'a' && c <= U'z') || (c >= U'0' && c <= U'9') || c == U'`' || c == U'-' || c == U'='
        || c == U'[' || c == U']' || c == U'\\' || c == U';' || c == U'\'' || c == U',' || c == U'.'
        || c == U'/';
}

// The control character Ctrl makes of a key, or 0xFFFFFFFF for none.
constexpr char32_t kNoControl = 0xFFFFFFFF;
char32_t controlOf(char32_t c)
{
    if (c >= U'a' && c <= U'z')
        return c - U'a' + 1;
    switch (c) {
    case U' ':
    case U'2':
    case U'@': return 0;
    case U'3':
    case U'[': return 27;
    case U'4':
    case U'\\': return 28;
    case U'5':
    case U']': return 29;
    case U'6':
    case U'^':
    case U'~': return 30;
    case U'7':
    case U'/':
    case U'_': return 31;
    case U'8':
    case U'?': return 127;
    default: return kNoControl;
    }
}

std::string legacyChord(char32_t key, Modifiers mods)
{
    const char32_t typed = (mods & Shift) ? us_layout::shifted(key) : key;
    const char32_t control = controlOf(key) == kNoControl ? key : controlOf(key);
    std::string out;
    if (mods == Shift) {
        appendUtf8(out, typed);
    } else if (mods == Alt || mods == (Shift | Alt)) {
        out = "\x1b";
        appendUtf8(out, typed);
    } else if (mods == Ctrl || mods == (Ctrl | Alt)) {
        if (mods & Alt)
            out = "\x1b";
        out.push_back(static_cast<char>(control));
    }
    return out;
}

std::string encodeFunctional(const KeyEvent &e, uint8_t flags, bool cursorKeyMode)
{
    const bool disambiguate = flags & Disambiguate;
    const bool allKeys = flags & ReportAllKeys;
    const bool events = flags & ReportEvents;
    const Modifiers m = e.modifiers;
    // A release is never legacy bytes: those would read as a second press.
    const bool release = e.type == KeyEventType::Release;
    if (cursorKeyMode && !disambiguate && !events && m == 0 && !release) {
        switch (e.key) {
        case Key::Up: return "\x1bOA";
        case Key::Down: return "\x1bOB";
        case Key::Right: return "\x1bOC";
        case Key::Left: return "\x1bOD";
        case Key::End: return "\x1bOF";
        case Key::Home: return "\x1bOH";
        case Key::F1: return "\x1bOP";
        case Key::F2: return "\x1bOQ";
        case Key::F3: return "\x1bOR";
        case Key::F4: return "\x1bOS";
        default: break;
        }
    }
    // Enter, Tab and Backspace keep their bytes so that a shell still works
    // after a program left the mode on; Esc until Disambiguate.
    if (m == 0 && !allKeys && !release) {
        switch (e.key) {
        case Key::Escape:
            if (!disambiguate)
                return "\x1b";
            break;
        case Key::Enter: return "\r";
        case Key::Backspace: return "\x7f";
        case Key::Tab: return "\t";
        default: break;
        }
    }
    if (!disambiguate && !allKeys && !release) {
        if (m == Alt && e.key == Key::Tab)
            return "\x1b\t";
        if (m == Alt && e.key == Key::Enter)
            return "\x1b\r";
        if (m == Alt && e.key == Key::Backspace)
            return "\x1b\x7f";
        if (m == Shift && e.key == Key::Tab)
            return "\x1b[Z";
        if (m == Ctrl && e.key == Key::Backspace)
            return "\x08";
    }
    // The keypad's 5 with NumLock off is CSI E in every mode, as kitty
    // sends it.
    const std::optional<FunctionalCode> code
        = e.key == Key::KeypadBegin ? FunctionalCode{e.key, 1, 'E'} : functionalCode(e.key);
    if (!code)
        return {};
    const bool withText = (flags & ReportText) && allKeys && e.type != KeyEventType::Release;
    return csiKey(code->number, code->trailer, 0, m, e.type, events && e.type != KeyEventType::Press,
                  withText ? e.text : std::u32string());
}

std::string encodeTextKey(const KeyEvent &e, uint8_t flags)
{
    const bool disambiguate = flags & Disambiguate;
    const bool allKeys = flags & ReportAllKeys;
    const Modifiers m = e.modifiers;
    const bool withType = (flags & ReportEvents) && e.type != KeyEventType::Press;
    const char32_t shifted
        = (flags & ReportAlternates) && (m & Shift) && e.shifted && e.shifted != e.codepoint ? e.shifted : 0;
    const std::u32string text
        = (flags & ReportText) && allKeys && e.type != KeyEventType::Release ? e.text : std::u32string();
    if (!withType && !shifted && text.empty()) {
        if (m == 0 && !allKeys) {
            std::string out;
            appendUtf8(out, e.codepoint);
            return out;
        }
        if (m != 0 && !disambiguate && !allKeys) {
            if (isLegacyAsciiKey(e.codepoint)) {
                std::string out = legacyChord(e.codepoint, m);
                if (!out.empty())
                    return out;
            } else if (e.codepoint == U' ' && m == Ctrl) {
                return std::string(1, '\0');
            }
        }
    }
    return csiKey(e.codepoint, 'u', shifted, m, e.type, withType, text);
}

} // namespace

bool isModifierKey(Key k)
{
    return within(k, Key::LeftShift, Key::IsoLevel5Shift) || k == Key::CapsLock || k == Key::NumLock;
}

std::string encodeKittyKey(const KeyEvent &event, uint8_t flags, bool cursorKeyMode)
{
    const bool allKeys = flags & ReportAllKeys;
    if (event.type == KeyEventType::Release && !(flags & ReportEvents))
        return {};
    if (event.functional && isModifierKey(event.key) && !allKeys)
        return {};
    KeyEvent e = (event.functional && !(flags & Disambiguate)) ? asMainKeyboardKey(event) : event;
    e.modifiers &= Shift | Alt | Ctrl | Super; // Caps and Num Lock are not reported
    // A key that types text sends the text, unless every key is reported.
    if (!allKeys && !e.text.empty() && e.type != KeyEventType::Release)
        return utf8Of(e.text);
    if (!allKeys && e.type == KeyEventType::Release && e.functional
        && (e.key == Key::Enter || e.key == Key::Tab || e.key == Key::Backspace))
        return {};
    return e.functional ? encodeFunctional(e, flags, cursorKeyMode) : encodeTextKey(e, flags);
}

std::optional<std::string> encodeModifyOtherKeys(const KeyEvent &e, int level)
{
    const Modifiers m = e.modifiers & (Shift | Alt | Ctrl);
    if (e.type == KeyEventType::Release || level < 1 || m == 0)
        return std::nullopt;
    uint32_t code = 0;
    if (e.functional) {
        switch (e.key) {
        case Key::Enter:
        case Key::KeypadEnter: code = 13; break;
        case Key::Tab: code = 9; break;
        case Key::Backspace: code = 127; break;
        case Key::Escape: code = 27; break;
        default: return std::nullopt; // the legacy bytes carry modifiers already
        }
        if (e.key == Key::Tab && m == Shift)
            return std::nullopt; // back-tab, CSI Z
        // Backspace keeps its bytes at level 1, and Ctrl+Backspace (^H)
        // at level 2, as in xterm; level 1 leaves Alt to the ESC prefix.
        if (e.key == Key::Backspace && (level == 1 || m == Ctrl))
            return std::nullopt;
        if (level == 1 && m == Alt)
            return std::nullopt;
    } else {
        // Shift alone types the shifted character, except where that is
        // the same character (Shift+Space), which level 2 tells apart.
        if (!(m & (Ctrl | Alt)) && !(level == 2 && m == Shift && e.codepoint == U' '))
            return std::nullopt;
        if (level == 1 && (!(m & Ctrl) || (!(m & Shift) && controlOf(e.codepoint) != kNoControl)))
            return std::nullopt; // an ESC prefix or a control character says it all
        code = (m & Shift) && e.shifted ? e.shifted : e.codepoint;
    }
    return "\x1b[27;" + std::to_string(1 + m) + ";" + std::to_string(code) + "~";
}

} // namespace dt::term
