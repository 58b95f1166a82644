// The terminal model's core: libvterm's state layer, set up in the order
// 0.1.4 needs, feeding our own grid and scrollback through its callbacks,
// with damage tracking and resize. Input is in terminal_input.cpp, text
// out in terminal_text.cpp.

#include "terminal/core/terminal.h"

#include "terminal/core/char_widths.h"

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
        case VTERM_ATTR_UNDERLINE: pen.underline = static_cast<unsigned>(val->number) & 3u; return 1;
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
                t->m_alt = std::make_unique<ScreenBuffer>(t->m_rows, t->m_columns, t->m_pen);
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
    static int setlineinfo(int, const VTermLineInfo *, const VTermLineInfo *, void *) { return 1; }
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
}

Terminal::~Terminal() = default;

void Terminal::feed(const char *bytes, size_t length)
{
    m_scanner.feed(bytes, length, *this);
}

void Terminal::write(const char *bytes, size_t length)
{
    vterm_input_write(m_vt.get(), bytes, length);
    // libvterm gives a C1 control it decodes from UTF-8 a width of -1 and
    // moves the cursor left of column 0 (the scanner drops those in text;
    // this catches any other way in). Any CSI makes it clamp the cursor;
    // an SGR it ignores does nothing else.
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.col < 0) {
        static const char kClamp[] = "\x1b[99m";
        vterm_input_write(m_vt.get(), kClamp, sizeof kClamp - 1);
    }
}

// RIS: libvterm resets its state; what the model keeps beside it goes too.
void Terminal::fullReset()
{
    resetColours();
    m_titleStack.clear();
    m_synchronizedOutput = false;
    m_leftRightMargins = false;
    m_insertMode = m_newlineMode = false;
}

void Terminal::cursorRestored()
{
    // libvterm 0.1.4's DECRC (ESC 8) restores a saved position without
    // clamping it, so after the screen got smaller the cursor can sit below
    // it, where every character is dropped until an absolute move. Any CSI
    // makes libvterm clamp the cursor; an SGR with a parameter it ignores
    // does nothing else.
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row >= m_rows || pos.col >= m_columns || pos.row < 0 || pos.col < 0) {
        static const char kClamp[] = "\x1b[99m";
        vterm_input_write(m_vt.get(), kClamp, sizeof kClamp - 1);
    }
}

void Terminal::dimOn()
{
    m_pen.dim = 1;
}

void Terminal::clearScrollback()
{
    if (m_scrollback.size() == 0)
        return;
    m_scrollback.clear();
    m_changes.linesScrolledIntoHistory = 0;
    damageAll();
}

void Terminal::resize(int rows, int columns)
{
    rows = std::max(rows, 1);
    columns = std::max(columns, 1);
    if (rows == m_rows && columns == m_columns)
        return;
    // libvterm waits to wrap with the cursor on the last glyph of a full
    // line: the reflow places the cursor past that glyph. Growing wider
    // libvterm ends the wait itself; narrower, it is cancelled here.
    const CursorState before = cursor();
    const bool pendingWrap = !m_altActive && this->pendingWrap();
    const bool narrower = columns < m_columns;
    m_cursorAdvance = pendingWrap && columns != m_columns ? m_lastGlyph.width : 0;
    // A cursor a reflow put at the start of a row of its own, after text
    // that ended at the edge, still belongs at the end of that text.
    m_cursorEndsRowAbove = !m_altActive && m_wrap.valid && m_wrap.cursorCol == kNoRow && m_wrap.row >= 0
        && before.row == m_wrap.row + 1 && before.col == 0;
    m_wrapAfterResize = kNoRow;
    vterm_set_size(m_vt.get(), rows, columns);
    m_cursorAdvance = 0;
    if (pendingWrap && narrower) {
        // Any cursor move ends libvterm's pending wrap; these two leave the
        // cursor where it is.
        const bool lastColumn = cursor().col >= columns - 1;
        static const char kRightLeft[] = "\x1b[C\x1b[D";
        static const char kLeftRight[] = "\x1b[D\x1b[C";
        vterm_input_write(m_vt.get(), lastColumn ? kLeftRight : kRightLeft, 6);
    }
    m_cursorEndsRowAbove = false;
    if (m_wrapAfterResize != kNoRow)
        m_wrap = {true, m_wrapAfterResize, kNoRow};
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
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
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
    for (int r = from; r < to; ++r)
        m_damaged[static_cast<size_t>(r)] = 1;
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

int Terminal::onPutGlyph(const uint32_t *chars, int width, int row, int col, bool protect)
{
    if (row < 0 || row >= m_rows || col < 0 || col >= m_columns)
        return 0;
    Line &line = activeBuffer().row(row);
    int count = 0;
    char32_t cps[VTERM_MAX_CHARS_PER_CELL];
    while (count < VTERM_MAX_CHARS_PER_CELL && chars[count]) {
        cps[count] = chars[count];
        if (isStandIn(cps[count]))
            cps[count] = fromStandIn(cps[count]); // a character libvterm had too narrow or wide
        ++count;
    }
    line.setGrapheme(col, cps, count, m_pen, protect);
    m_lastGlyph = {row, col, width};
    if (m_wrap.valid && col == 0 && row == m_wrap.row + 1) {
        if (m_wrap.row >= 0)
            activeBuffer().row(m_wrap.row).setWrapped(true);
        else if (!m_altActive)
            m_scrollback.markNewestWrapped();
    }
    // On the last cells libvterm leaves the cursor on the glyph (waiting to wrap).
    m_wrap = {true, row, col + width < m_columns ? col + width : col};
    for (int c = 1; c < width && col + c < m_columns; ++c) {
        // The right half takes the pen too, so a background or reverse
        // covers the whole character.
        // Its DECSCA protection stays what it was, as in libvterm, so a
        // selective erase treats both the same way there and here.
        Cell &cont = line[col + c];
        cellword::storeCharacter(&cont, m_pen, 0, cont.protect);
        cont.continuation = 1;
    }
    m_damaged[static_cast<size_t>(row)] = 1;
    m_anyDamage = true;
    return 1;
}

namespace {
// How many code points a cell keeps: a base and its marks, or an emoji with
// its modifiers. Marks beyond this are dropped (a stream of them cannot
// grow one cell without bound).
constexpr size_t kMaxCodepointsPerCell = 16;
} // namespace

void Terminal::combine(char32_t codepoint)
{
    const LastGlyph g = m_lastGlyph;
    if (g.row < 0 || g.row >= m_rows || g.col >= m_columns)
        return;
    // Where libvterm's cursor stands right after that glyph: past it, or on
    // it when it filled the line's last cells.
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    const int after = g.col + g.width < m_columns ? g.col + g.width : g.col;
    if (pos.row != g.row || pos.col != after)
        return; // the cursor moved: a mark with nothing to join is dropped
    Line &line = activeBuffer().row(g.row);
    std::u32string grapheme = line.graphemeAt(g.col);
    if (grapheme.empty() || grapheme.size() >= kMaxCodepointsPerCell)
        return;
    grapheme.push_back(codepoint);
    const Cell style = line[g.col];
    line.setGrapheme(g.col, grapheme.data(), static_cast<int>(grapheme.size()), style, style.protect != 0);
    m_damaged[static_cast<size_t>(g.row)] = 1;
    m_anyDamage = true;
    if (codepoint == 0xFE0F && grapheme.size() == 2 && g.width == 1 && widensWithEmojiStyle(grapheme[0]))
        widenLastGlyph();
}

// VS16 after a character with an emoji style (❤️): it takes two cells, as
// kitty, foot and WezTerm show it. Only where that needs nothing else to
// move: not in insert mode, and not when it would end on the line's last
// cell (libvterm's pending wrap cannot be set from outside); there it
// stays one cell wide.
void Terminal::widenLastGlyph()
{
    const LastGlyph g = m_lastGlyph;
    if (m_insertMode || g.col + 2 >= m_columns)
        return;
    // libvterm's cursor steps over the second cell (CUF stops at a right
    // margin, so it is checked to have moved).
    static const char kForward[] = "\x1b[C";
    vterm_input_write(m_vt.get(), kForward, sizeof kForward - 1);
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row != g.row || pos.col != g.col + 2)
        return;
    Line &line = activeBuffer().row(g.row);
    const Cell style = line[g.col];
    Cell &second = line[g.col + 1];
    cellword::storeCharacter(&second, style, 0, second.protect);
    second.continuation = 1;
    m_lastGlyph.width = 2;
}

// Whole rows of [startRow, endRow) moved up by `downward` (down when
// negative); the candidate moves with its row, out of the region it is
// gone, unless it went into history as the newest line.
void Terminal::followWrapCandidate(int startRow, int endRow, int downward, bool pushedToHistory)
{
    if (!m_wrap.valid || m_wrap.row < startRow || m_wrap.row >= endRow)
        return;
    m_wrap.row -= downward;
    if (m_wrap.row >= startRow && m_wrap.row < endRow)
        return;
    m_wrap.valid = pushedToHistory && !m_altActive && m_wrap.row == -1;
}

void Terminal::forgetLastGlyphIn(int startRow, int endRow, int startCol, int endCol)
{
    if (m_lastGlyph.row >= startRow && m_lastGlyph.row < endRow && m_lastGlyph.col >= startCol
        && m_lastGlyph.col < endCol)
        m_lastGlyph.row = -1;
}

bool Terminal::pendingWrap() const
{
    const CursorState c = cursor();
    return m_wrap.valid && c.row == m_wrap.row && c.col == m_wrap.cursorCol
        && m_lastGlyph.row == c.row && m_lastGlyph.col + m_lastGlyph.width == m_columns;
}

int Terminal::onErase(int startRow, int endRow, int startCol, int endCol, bool selective, bool endsWraps)
{
    if (startRow == endRow - 1 && endCol >= m_columns && pendingWrap())
        m_erasedAtPendingWrap = true; // an EL there (csi('K') ends the wait)
    forgetLastGlyphIn(startRow, endRow, startCol, endCol);
    startRow = std::max(startRow, 0);
    endRow = std::min(endRow, m_rows);
    startCol = std::max(startCol, 0);
    endCol = std::min(endCol, m_columns);
    ScreenBuffer &buf = activeBuffer();
    for (int r = startRow; r < endRow; ++r) {
        Line &line = buf.row(r);
        if (endsWraps && endCol == m_columns)
            line.setWrapped(false);
        if (!selective) {
            line.fill(startCol, endCol, m_pen);
        } else {
            for (int c = startCol; c < endCol; ++c) {
                if (!line[c].protect)
                    line[c].eraseWith(m_pen);
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
        // Whole rows move: rotate the ring instead of copying cells, then
        // blank the rows that came around.
        activeBuffer().rotate(startRow, endRow, downward);
        if (downward > 0)
            onErase(endRow - downward, endRow, 0, m_columns, false);
        else
            onErase(startRow, startRow - downward, 0, m_columns, false);
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

int Terminal::onResize(int rows, int columns, int *deltaRow, int *deltaCol)
{
    const int oldRows = m_rows;
    const bool alt = m_altActive;

    if (columns != m_columns) {
        m_lastGlyph.row = -1;
        m_wrap.valid = false;
        reflowPrimary(rows, columns, m_cursorAdvance, deltaRow, deltaCol);
        if (m_alt)
            m_alt->resize(rows, columns, m_pen);
        m_rows = rows;
        m_columns = columns;
        m_damaged.assign(static_cast<size_t>(rows), 1);
        damageAll();
        return 1;
    }

    if (!alt && rows < oldRows) {
        // Keep the cursor row and whatever is below it on screen: push as
        // many top rows into history as that needs.
        const int cursorRow = cursor().row;
        int row = oldRows - 1;
        for (; row >= rows; --row) {
            const Line &line = m_primary.row(row);
            bool blank = true;
            for (int c = 0; c < line.size() && blank; ++c)
                blank = line[c].codepoint == 0 && !line[c].clustered && !line[c].continuation;
            if (!blank || cursorRow == row)
                break;
        }
        const int firstBlankRow = row + 1;
        // libvterm 0.1.4's screen scrolls by firstBlankRow - rows even when
        // the cursor sits higher than that, which leaves the cursor above
        // the screen (a negative row) and loses all output until the next
        // absolute move. Never scroll the cursor row off the top.
        const int scroll = std::min(firstBlankRow - rows, cursorRow);
        if (scroll > 0) {
            onScrollRect(0, oldRows, 0, m_columns, scroll, 0);
            *deltaRow -= scroll;
        }
    }

    if (alt && rows < oldRows) {
        // The main screen waits behind a full-screen program. libvterm would
        // cut off its bottom rows, which usually hold the shell prompt; move
        // the top ones into history instead, so that everything down to the
        // last line with text still fits. When the program exits, the
        // restored cursor (clamped to the new size) lands on that line.
        int lastUsed = oldRows - 1;
        while (lastUsed >= 0 && m_primary.row(lastUsed).trimmedLength() == 0)
            --lastUsed;
        const int shift = lastUsed + 1 - rows;
        if (shift > 0) {
            pushPrimaryRows(shift);
            m_primary.rotate(0, oldRows, shift);
            for (int r = oldRows - shift; r < oldRows; ++r) {
                m_primary.row(r).fill(0, m_columns, Cell{});
                m_primary.row(r).setWrapped(false);
            }
        }
    }

    m_primary.resize(rows, columns, m_pen);
    if (m_alt)
        m_alt->resize(rows, columns, m_pen);
    m_rows = rows;
    m_columns = columns;
    m_damaged.assign(static_cast<size_t>(rows), 1);

    if (!alt && rows > oldRows) {
        // Growing taller brings history back onto the screen.
        for (int n = rows - oldRows; n > 0; --n) {
            Line line;
            if (!m_scrollback.popNewest(line))
                break;
            --m_linesAboveScreen;
            onScrollRect(0, m_rows, 0, m_columns, -1, 0);
            Line &top = m_primary.row(0);
            const int keep = std::min(line.size(), columns);
            top.copyCellsFrom(line, 0, 0, keep);
            top.fill(keep, columns, Cell{});
            top.setWrapped(line.wrapped());
            ++*deltaRow;
        }
    }
    damageAll();
    return 1;
}

} // namespace dt::term
