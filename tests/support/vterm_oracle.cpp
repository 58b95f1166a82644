#include "vterm_oracle.h"

#include <sstream>

namespace dt::test {

using dt::term::Cell;
using dt::term::Color;

VTermOracle::VTermOracle(int rows, int columns, int scrollbackLines)
    : m_vt(vterm_new(rows, columns)), m_rows(rows), m_columns(columns), m_capacity(scrollbackLines)
{
    vterm_set_utf8(m_vt, 1);
    m_screen = vterm_obtain_screen(m_vt);
    vterm_screen_enable_altscreen(m_screen, 1);
    m_callbacks.sb_pushline = &VTermOracle::pushLine;
    m_callbacks.sb_popline = &VTermOracle::popLine;
    vterm_screen_set_callbacks(m_screen, &m_callbacks, this);
    vterm_screen_set_damage_merge(m_screen, VTERM_DAMAGE_SCROLL);
    vterm_state_set_bold_highbright(vterm_obtain_state(m_vt), 0);
    vterm_screen_reset(m_screen, 1);
    // As Terminal does: a DECSC from the start, so a DECRC with nothing
    // saved restores a plain pen and a shown cursor, not libvterm's zeros.
    vterm_input_write(m_vt, "\x1b" "7", 2);
}

VTermOracle::~VTermOracle()
{
    vterm_free(m_vt);
}

void VTermOracle::feed(const std::string &bytes)
{
    vterm_input_write(m_vt, bytes.data(), bytes.size());
    vterm_screen_flush_damage(m_screen);
}

void VTermOracle::resize(int rows, int columns)
{
    vterm_set_size(m_vt, rows, columns);
    vterm_screen_flush_damage(m_screen);
    m_rows = rows;
    m_columns = columns;
}

int VTermOracle::pushLine(int cols, const VTermScreenCell *cells, void *user)
{
    auto *self = static_cast<VTermOracle *>(user);
    if (self->m_capacity == 0)
        return 0;
    if (static_cast<int>(self->m_scrollback.size()) == self->m_capacity)
        self->m_scrollback.erase(self->m_scrollback.begin());
    self->m_scrollback.emplace_back(cells, cells + cols);
    return 1;
}

int VTermOracle::popLine(int cols, VTermScreenCell *cells, void *user)
{
    auto *self = static_cast<VTermOracle *>(user);
    if (self->m_scrollback.empty())
        return 0;
    const std::vector<VTermScreenCell> line = std::move(self->m_scrollback.back());
    self->m_scrollback.pop_back();
    for (int c = 0; c < cols; ++c) {
        if (c < static_cast<int>(line.size())) {
            cells[c] = line[static_cast<size_t>(c)];
        } else {
            // Pad with blank cells in default colours, as pangoterm does.
            VTermScreenCell blank{};
            blank.width = 1;
            blank.fg.type = VTERM_COLOR_DEFAULT_FG;
            blank.bg.type = VTERM_COLOR_DEFAULT_BG;
            cells[c] = blank;
        }
    }
    // libvterm 0.1.4 writes past the row when a popped line ends in the left
    // half of a wide character (it crashes); our grid handles that case, so
    // keep the oracle alive by making that last cell narrow.
    if (cols > 0 && cells[cols - 1].width == 2)
        cells[cols - 1].width = 1;
    return 1;
}

VTermScreenCell VTermOracle::cell(int row, int col) const
{
    VTermScreenCell c{};
    vterm_screen_get_cell(m_screen, VTermPos{row, col}, &c);
    return c;
}

VTermPos VTermOracle::cursor() const
{
    VTermPos p;
    vterm_state_get_cursorpos(vterm_obtain_state(m_vt), &p);
    return p;
}

namespace {

Color colorOf(const VTermColor &c, bool background)
{
    if (background ? VTERM_COLOR_IS_DEFAULT_BG(&c) : VTERM_COLOR_IS_DEFAULT_FG(&c))
        return Color{};
    if (VTERM_COLOR_IS_INDEXED(&c))
        return Color::indexed(c.indexed.idx);
    return Color::rgb(c.rgb.red, c.rgb.green, c.rgb.blue);
}

std::u32string charsOf(const VTermScreenCell &c)
{
    std::u32string s;
    for (int i = 0; i < VTERM_MAX_CHARS_PER_CELL && c.chars[i]; ++i)
        s.push_back(c.chars[i]);
    return s;
}

// Describes how one of our cells differs from libvterm's, or "" if it doesn't.
// Continuation cells are compared by kind only: nothing draws their style.
std::string cellDifference(const dt::term::Line &line, int col, bool globalReverse, const VTermScreenCell &o)
{
    const Cell &c = line[col];
    std::ostringstream out;
    const bool oracleContinuation = o.chars[0] == static_cast<uint32_t>(-1);
    if (oracleContinuation != static_cast<bool>(c.continuation))
        return "continuation differs";
    if (oracleContinuation)
        return {};
    if (charsOf(o) != line.graphemeAt(col))
        out << "chars differ (ours U+" << std::hex << static_cast<uint32_t>(line.baseCodepoint(col)) << ", libvterm U+"
            << o.chars[0] << std::dec << ") ";
    if (o.attrs.bold != c.bold) out << "bold ";
    if (o.attrs.underline != c.underline) out << "underline ";
    if (o.attrs.italic != c.italic) out << "italic ";
    if (o.attrs.blink != c.blink) out << "blink ";
    if (o.attrs.reverse != (c.reverse ^ static_cast<unsigned>(globalReverse))) out << "reverse ";
    if (o.attrs.strike != c.strike) out << "strike ";
    if (colorOf(o.fg, false) != c.fg) out << "fg ";
    if (colorOf(o.bg, true) != c.bg) out << "bg ";
    return out.str();
}

} // namespace

std::string compareWithOracle(const dt::term::Terminal &ours, const VTermOracle &oracle)
{
    std::ostringstream out;
    if (ours.rows() != oracle.rows() || ours.columns() != oracle.columns())
        return "sizes differ";
    int reported = 0;
    for (int r = 0; r < ours.rows() && reported < 5; ++r) {
        for (int c = 0; c < ours.columns() && reported < 5; ++c) {
            const std::string d = cellDifference(ours.screenLine(r), c, ours.reverseVideo(), oracle.cell(r, c));
            if (!d.empty()) {
                out << "cell " << r << "," << c << ": " << d << "\n";
                ++reported;
            }
        }
    }
    const dt::term::CursorState cur = ours.cursor();
    const VTermPos oc = oracle.cursor();
    if (cur.row != oc.row || cur.col != oc.col)
        out << "cursor ours " << cur.row << "," << cur.col << " libvterm " << oc.row << "," << oc.col << "\n";

    const auto &osb = oracle.scrollback();
    const dt::term::Scrollback &sb = ours.scrollback();
    if (static_cast<int>(osb.size()) != sb.size()) {
        out << "scrollback sizes ours " << sb.size() << " libvterm " << osb.size() << "\n";
    } else {
        for (int i = 0; i < sb.size() && reported < 10; ++i) {
            const dt::term::Line &line = sb.fromOldest(i);
            const auto &ol = osb[static_cast<size_t>(i)];
            for (int c = 0; c < static_cast<int>(ol.size()); ++c) {
                std::string d;
                if (c < line.size()) {
                    d = cellDifference(line, c, false, ol[static_cast<size_t>(c)]);
                } else {
                    // Trimmed away: must have been a pristine cell.
                    dt::term::Line pristine(1);
                    d = cellDifference(pristine, 0, false, ol[static_cast<size_t>(c)]);
                }
                if (!d.empty()) {
                    out << "scrollback line " << i << " col " << c << ": " << d << "\n";
                    ++reported;
                    break;
                }
            }
        }
    }
    return out.str();
}

} // namespace dt::test
