// The terminal model's core: libvterm's state layer, set up in the order
// 0.1.4 needs, feeding our own grid and scrollback through its callbacks,
// with damage tracking. Glyphs are placed in terminal_glyphs.cpp, resizing
// and reflow are in terminal_reflow.cpp, input in terminal_input.cpp, text
// out in terminal_text.cpp, bytes into libvterm in terminal_writes.cpp.

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <algorithm>
#include <cstdlib>

namespace dt::term {

namespace {

Color fromVTerm(const VTermColor &c, bool background)
{
    if (background ? VTERM_COLOR_IS_DEFAULT_BG(&c) : VTERM_COLOR_IS_DEFAULT_FG(&c))
        return Color{};
    if (VTERM_COLOR_IS_INDEXED(&c))
        return Color::indexed(c.indexed.idx);
    return Color::rgb(c.rgb.red, c.rgb.green, c.rgb.blue);
}

} // namespace

// Captureless trampolines from libvterm's C callbacks into the model. They
// never throw and never call back into libvterm.
struct TerminalCallbacks {
    static Terminal *self(void *user) { return static_cast<Terminal *>(user); }

    static int osc(const char *command, size_t length, void *user)
    {
        // libvterm 0.1.4 miscounts some strings (a terminator at the start
        // of a write gives -1); the guard prevents it, this refuses it.
        if (length > StreamScanner::kMaxClipboardString + 16)
            return 1;
        self(user)->onOsc(command, length);
        return 1;
    }

    static int putglyph(VTermGlyphInfo *info, VTermPos pos, void *user)
    {
        return self(user)->onPutGlyph(info->chars, info->width, pos.row, pos.col, info->protected_cell);
    }
    static int movecursor(VTermPos pos, VTermPos, int visible, void *user)
    {
        Terminal *t = self(user);
        // At the end of a run of text libvterm reports where the last glyph
        // left the cursor; anywhere else, it moved.
        if (t->m_wrap.valid && (pos.row != t->m_wrap.row || pos.col != t->m_wrap.cursorCol))
            t->m_wrap.valid = false;
        t->m_cursorVisible = visible != 0;
        t->m_changes.cursor = true;
        t->m_anyDamage = true;
        return 1;
    }
    static int scrollrect(VTermRect r, int downward, int rightward, void *user)
    {
        return self(user)->onScrollRect(r.start_row, r.end_row, r.start_col, r.end_col, downward, rightward);
    }
    static int erase(VTermRect r, int selective, void *user)
    {
        return self(user)->onErase(r.start_row, r.end_row, r.start_col, r.end_col, selective != 0);
    }
    static int initpen(void *user)
    {
        self(user)->m_pen = Cell{};
        self(user)->m_penDecoration = Decoration{};
        return 1;
    }
    static int setpenattr(VTermAttr attr, VTermValue *val, void *user)
    {
        Cell &pen = self(user)->m_pen;
        switch (attr) {
        case VTERM_ATTR_BOLD:
            pen.bold = val->boolean ? 1 : 0;
            // libvterm has no faint attribute; SGR 0 and SGR 22 both arrive
            // here as "bold off", which is exactly when faint ends too.
            if (!val->boolean)
                pen.dim = 0;
            return 1;
        case VTERM_ATTR_UNDERLINE: pen.underline = static_cast<unsigned>(val->number) & 3u; return 1; // refined by sgrExtras()
        case VTERM_ATTR_ITALIC: pen.italic = val->boolean ? 1 : 0; return 1;
        case VTERM_ATTR_BLINK: pen.blink = val->boolean ? 1 : 0; return 1;
        case VTERM_ATTR_REVERSE: pen.reverse = val->boolean ? 1 : 0; return 1;
        case VTERM_ATTR_STRIKE: pen.strike = val->boolean ? 1 : 0; return 1;
        case VTERM_ATTR_FONT: return 1; // alternative fonts are not rendered
        case VTERM_ATTR_FOREGROUND: pen.fg = fromVTerm(val->color, false); return 1;
        case VTERM_ATTR_BACKGROUND: pen.bg = fromVTerm(val->color, true); return 1;
        default: return 0;
        }
    }
    static int settermprop(VTermProp prop, VTermValue *val, void *user)
    {
        Terminal *t = self(user);
        switch (prop) {
        case VTERM_PROP_TITLE:
            // The string is borrowed for the duration of the call.
            t->m_title = val->string ? val->string : "";
            t->m_changes.title = true;
            return 1;
        case VTERM_PROP_ICONNAME: return 1;
        case VTERM_PROP_CURSORVISIBLE:
            t->m_cursorVisible = val->boolean != 0;
            t->m_changes.cursor = true;
            t->m_anyDamage = true;
            return 1;
        case VTERM_PROP_CURSORBLINK:
            t->m_cursorBlink = val->boolean != 0;
            t->m_changes.cursor = true;
            return 1;
        case VTERM_PROP_CURSORSHAPE:
            t->m_cursorShape = val->number == VTERM_PROP_CURSORSHAPE_UNDERLINE ? CursorShape::Underline
                : val->number == VTERM_PROP_CURSORSHAPE_BAR_LEFT              ? CursorShape::Bar
                                                                              : CursorShape::Block;
            t->m_changes.cursor = true;
            return 1;
        case VTERM_PROP_ALTSCREEN: {
            const bool on = val->boolean != 0;
            if (on && !t->m_alt)
                t->m_alt = std::make_unique<ScreenBuffer>(t->m_rows, t->m_columns, t->erasePen());
            if (on && !t->m_altActive)
                t->m_keyboard.enteredAltScreen();
            t->m_altActive = on;
            t->m_lastGlyph.row = -1;
            t->m_wrap.valid = false;
            t->m_changes.altScreen = true;
            t->damageAll();
            return 1;
        }
        case VTERM_PROP_REVERSE:
            t->m_reverseVideo = val->boolean != 0;
            t->damageAll();
            return 1;
        case VTERM_PROP_MOUSE:
            t->m_mouse = val->number == VTERM_PROP_MOUSE_CLICK ? MouseTracking::Click
                : val->number == VTERM_PROP_MOUSE_DRAG         ? MouseTracking::Drag
                : val->number == VTERM_PROP_MOUSE_MOVE         ? MouseTracking::Move
                                                               : MouseTracking::None;
            t->m_changes.mouseTracking = true;
            return 1;
        default: return 1;
        }
    }
    static int bell(void *user)
    {
        self(user)->m_changes.bell = true;
        return 1;
    }
    static int resize(int rows, int cols, VTermPos *delta, void *user)
    {
        return self(user)->onResize(rows, cols, &delta->row, &delta->col);
    }
    // DECDWL, DECDHL and DECSWL (ESC # 6, 3, 4, 5) on a row; an erase of
    // the whole screen sets them back.
    static int setlineinfo(int row, const VTermLineInfo *info, const VTermLineInfo *old, void *user)
    {
        Terminal *t = self(user);
        if (row < 0 || row >= t->m_rows)
            return 0; // 0: libvterm does not write its own entry for that row either (past its array)
        t->m_doubleWidthRowsSeen = t->m_doubleWidthRowsSeen || info->doublewidth;
        if (info->doublewidth && (!old->doublewidth || info->doubleheight != old->doubleheight)) {
            // A row made double width loses what stood right of its middle,
            // as on a VT100 (and in xterm and libvterm's own screen):
            // nothing could show it, and going back to single width would.
            t->onErase(row, row + 1, t->m_columns / 2, t->m_columns, false, false);
        }
        const Line::Size size = !info->doublewidth   ? Line::Size::Normal
            : info->doubleheight == 1                 ? Line::Size::DoubleHeightTop
            : info->doubleheight == 2                 ? Line::Size::DoubleHeightBottom
                                                      : Line::Size::DoubleWidth;
        t->activeBuffer().row(row).setLineSize(size);
        t->damageRows(row, row + 1);
        return 1;
    }
    static void output(const char *bytes, size_t len, void *user)
    {
        Terminal *t = self(user);
        if (t->m_capture)
            t->m_capture->append(bytes, len); // sendKey looks at what libvterm encoded first
        else if (t->m_holdReplies)
            return; // a reply the model gives itself (terminal_replies.cpp)
        else if (t->m_output)
            t->m_output(bytes, len);
    }
};

namespace {
// Strings libvterm's state does not handle itself (OSC 133, OSC 7, …).
const VTermParserCallbacks kFallbacks = {nullptr, nullptr, nullptr, nullptr, &TerminalCallbacks::osc, nullptr, nullptr};

const VTermStateCallbacks kStateCallbacks = {
    &TerminalCallbacks::putglyph, &TerminalCallbacks::movecursor, &TerminalCallbacks::scrollrect,
    nullptr, // moverect: scrollrect always handles scrolling itself
    &TerminalCallbacks::erase, &TerminalCallbacks::initpen, &TerminalCallbacks::setpenattr,
    &TerminalCallbacks::settermprop, &TerminalCallbacks::bell, &TerminalCallbacks::resize,
    &TerminalCallbacks::setlineinfo,
};
} // namespace

Terminal::Terminal(int rows, int columns, int scrollbackLines)
    : m_vt(vterm_new(std::max(rows, 1), std::max(columns, 1)), &vterm_free)
    , m_rows(std::max(rows, 1))
    , m_columns(std::max(columns, 1))
    , m_primary(m_rows, m_columns, Cell{})
    , m_scrollback(scrollbackLines)
    , m_damaged(static_cast<size_t>(m_rows), 1)
{
    // Order matters (libvterm 0.1.4): UTF-8 and the output callback first,
    // then the state and its callbacks, then a hard reset, which is what
    // initialises tab stops, pen and modes.
    vterm_set_utf8(m_vt.get(), 1);
    vterm_output_set_callback(m_vt.get(), &TerminalCallbacks::output, this);
    m_state = vterm_obtain_state(m_vt.get());
    vterm_state_set_callbacks(m_state, &kStateCallbacks, this);
    vterm_state_set_unrecognised_fallbacks(m_state, &kFallbacks, this);
    vterm_state_set_bold_highbright(m_state, 0);
    vterm_state_reset(m_state, 1);
    // Something saved from the start (DECSC): libvterm 0.1.4's saved
    // cursor is all zeros until then, so a DECRC with nothing saved would
    // hide the cursor (and, when libvterm kept the pen, drew black on
    // black). With this it restores what xterm does: home, a shown block
    // cursor, a plain pen (m_savedPen).
    vterm_input_write(m_vt.get(), "\x1b" "7", 2);
}

Terminal::~Terminal() = default;

void Terminal::feed(const char *bytes, size_t length)
{
    m_scanner.feed(bytes, length, *this);
    catchUpLibvterm(); // outside feed(), libvterm's cursor is the model's
}

void Terminal::clearScrollback()
{
    if (m_scrollback.size() == 0)
        return;
    m_scrollback.clear();
    m_changes.linesScrolledIntoHistory = 0;
    sweepDecorations();
    damageAll();
}

const Line *Terminal::lineAt(int64_t absoluteLine) const
{
    const int64_t above = linesAboveScreen();
    if (absoluteLine >= above) {
        const int64_t row = absoluteLine - above;
        return row < m_rows ? &screenLine(static_cast<int>(row)) : nullptr;
    }
    if (m_altActive)
        return nullptr;
    const int64_t fromNewest = above - 1 - absoluteLine;
    if (fromNewest >= m_scrollback.size())
        return nullptr;
    return &m_scrollback.fromNewest(static_cast<int>(fromNewest));
}

CursorState Terminal::cursor() const
{
    const GridPos pos = libvtermCursor();
    CursorState c;
    c.row = std::clamp(pos.row, 0, m_rows - 1);
    c.col = std::clamp(pos.col, 0, m_columns - 1);
    c.visible = m_cursorVisible;
    c.blink = m_cursorBlink;
    c.shape = m_cursorShape;
    return c;
}

void Terminal::damageRows(int from, int to)
{
    from = std::max(from, 0);
    to = std::min(to, m_rows);
    if (from < to) // one memset: a scroll damages every row of its region
        std::fill(m_damaged.begin() + from, m_damaged.begin() + to, uint8_t{1});
    m_anyDamage = true;
}

void Terminal::damageAll()
{
    m_damageAll = true;
    m_anyDamage = true;
}

void Terminal::clearDamage()
{
    std::fill(m_damaged.begin(), m_damaged.end(), 0);
    m_damageAll = false;
    m_anyDamage = false;
}

Changes Terminal::takeChanges()
{
    Changes c = m_changes;
    m_changes = Changes{};
    return c;
}


int Terminal::onErase(int startRow, int endRow, int startCol, int endCol, bool selective, bool endsWraps)
{
    if (startRow == endRow - 1 && endCol >= rowWidth(startRow) && pendingWrap())
        m_erasedAtPendingWrap = true; // an EL there (csi('K') ends the wait)
    forgetLastGlyphIn(startRow, endRow, startCol, endCol);
    startRow = std::max(startRow, 0);
    endRow = std::min(endRow, m_rows);
    startCol = std::max(startCol, 0);
    endCol = std::min(endCol, m_columns);
    if (startRow >= endRow || startCol >= endCol)
        return 1; // libvterm's ECH past a double-width row's end ends before it starts
    ScreenBuffer &buf = activeBuffer();
    for (int r = startRow; r < endRow; ++r) {
        Line &line = buf.row(r);
        if (endsWraps && endCol == m_columns)
            line.setWrapped(false);
        if (!selective) {
            line.fill(startCol, endCol, erasePen());
        } else {
            for (int c = startCol; c < endCol; ++c) {
                if (!line[c].protect)
                    line[c].eraseWith(erasePen());
            }
        }
    }
    damageRows(startRow, endRow);
    return 1;
}

void Terminal::pushToScrollback(int rows)
{
    // Only the primary screen has history, as in xterm.
    if (m_altActive)
        return;
    pushPrimaryRows(rows);
}

void Terminal::pushPrimaryRows(int rows)
{
    for (int r = 0; r < rows; ++r)
        m_scrollback.push(m_primary.row(r));
    m_changes.linesScrolledIntoHistory += rows;
    m_linesAboveScreen += rows;
}

void Terminal::moveRect(int destRow, int destCol, int srcRow, int srcCol, int height, int width)
{
    ScreenBuffer &buf = activeBuffer();
    const bool upward = srcRow > destRow;
    for (int i = 0; i < height; ++i) {
        const int k = upward ? i : height - 1 - i;
        Line &dest = buf.row(destRow + k);
        const Line &src = buf.row(srcRow + k);
        dest.copyCellsFrom(src, srcCol, destCol, width);
    }
}

int Terminal::onScrollRect(int startRow, int endRow, int startCol, int endCol, int downward, int rightward)
{
    // Never trust the rectangle to lie on the screen (a cursor libvterm
    // put outside it would make one that does not).
    startRow = std::max(startRow, 0);
    endRow = std::min(endRow, m_rows);
    startCol = std::max(startCol, 0);
    endCol = std::min(endCol, m_columns);
    if (startRow >= endRow || startCol >= endCol)
        return 1;
    const int height = endRow - startRow;
    const int width = endCol - startCol;
    forgetLastGlyphIn(startRow, endRow, startCol, endCol); // it moved
    const bool fullWidth = startCol == 0 && endCol == m_columns;
    if (std::abs(downward) >= height || std::abs(rightward) >= width) {
        // Scrolling by the whole area or more just clears it (as libvterm's
        // screen does). The exception: a line feed on a one-row terminal,
        // which libvterm would lose instead of moving into history.
        const bool pushed = height == 1 && downward == 1 && startRow == 0 && fullWidth;
        if (pushed)
            pushToScrollback(1);
        followWrapCandidate(startRow, endRow, rightward == 0 && fullWidth ? downward : height, pushed);
        onErase(startRow, endRow, startCol, endCol, false, rightward == 0); // ICH/DCH keep wraps
        if (fullWidth && rightward == 0)
            resetLineSizes(startRow, endRow);
        return 1;
    }

    if (fullWidth && rightward == 0) {
        // Rows wrapped across the region's edges lose what they ran on
        // into: the row above it, and its last row (which moves apart from
        // the row below the region, or after scrolling down, goes).
        if (startRow > 0)
            activeBuffer().row(startRow - 1).setWrapped(false);
        activeBuffer().row(endRow - 1).setWrapped(false);
        followWrapCandidate(startRow, endRow, downward, downward > 0 && startRow == 0);
        if (downward > 0 && startRow == 0)
            pushToScrollback(downward);
        // Whole rows move: rotate the buffer's row order instead of
        // copying cells, then blank the rows that came around.
        activeBuffer().rotate(startRow, endRow, downward);
        if (downward > 0) {
            onErase(endRow - downward, endRow, 0, m_columns, false);
            resetLineSizes(endRow - downward, endRow);
        } else {
            onErase(startRow, startRow - downward, 0, m_columns, false);
            resetLineSizes(startRow, startRow - downward);
        }
        if (downward < 0)
            activeBuffer().row(endRow - 1).setWrapped(false); // ran on into the row it pushed out
        damageRows(startRow, endRow);
        return 1;
    }

    // A rectangle inside the screen (left/right margins, ICH/DCH): copy cells.
    if (downward != 0)
        followWrapCandidate(startRow, endRow, height, false); // rows split by margins: no candidate
    int destRow = startRow, srcRow = startRow, destCol = startCol, srcCol = startCol;
    if (downward >= 0)
        srcRow += downward;
    else
        destRow -= downward;
    if (rightward >= 0)
        srcCol += rightward;
    else
        destCol -= rightward;
    moveRect(destRow, destCol, srcRow, srcCol, height - std::abs(downward), width - std::abs(rightward));

    int eStartRow = startRow, eEndRow = endRow, eStartCol = startCol, eEndCol = endCol;
    if (downward > 0)
        eStartRow = endRow - downward;
    else if (downward < 0)
        eEndRow = startRow - downward;
    if (rightward > 0)
        eStartCol = endCol - rightward;
    else if (rightward < 0)
        eEndCol = startCol - rightward;
    onErase(eStartRow, eEndRow, eStartCol, eEndCol, false, downward != 0);
    damageRows(startRow, endRow);
    return 1;
}

} // namespace dt::term
