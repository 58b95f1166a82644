// TerminalView's painting: cell-aligned fonts, each line's colours, attributes, selection and search hits,
// then the cursor, the input method's preedit text and the exit message.

#include "terminal/model_ownership.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"
#include "app/ui/text_decorations.h"
#include "app/ui/terminal_view_fonts.h"
#include "app/ui/box_drawing.h"
#include "terminal/core/emoji_sequences.h"

#include <QFontMetricsF>
#include <QPaintEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>

namespace dt::ui {

using dt::term::Cell;
using dt::term::Line;

namespace {

// A paint of fewer rows keeps the models: lending them means waiting, at
// the end, for the slice a feeder has under way, which for an echo's row
// or two costs more than the paint (and, should the feeder be preempted
// mid-slice, far more).
constexpr int kRowsWorthLending = 4;

// Characters a monospace run can draw in one call without drifting off the
// grid: printable ASCII. Everything else is placed cell by cell.
bool isRunSafe(const Cell &c)
{
    return !c.clustered && !c.continuation && c.codepoint >= 0x20 && c.codepoint < 0x7f;
}

// Note that a clustered cell's codepoint field is an index, so 0 there is
// not "blank".
bool isBlank(const Cell &c)
{
    return c.codepoint == 0 && !c.clustered && !c.continuation;
}

// Drawn from the colour emoji font: what asks for emoji style (VS16), and
// wide characters of the symbol and emoji blocks (where a text font such
// as DejaVu would otherwise draw its monochrome form of 😀).
bool isEmoji(const std::u32string &grapheme, int width)
{
    if (grapheme.find(U'\uFE0F') != std::u32string::npos)
        return true;
    const char32_t base = grapheme.empty() ? 0 : grapheme[0];
    return width == 2 && ((base >= 0x2300 && base <= 0x2BFF) || (base >= 0x1F000 && base <= 0x1FAFF));
}

QFont spaced(QFont f, int cellWidth)
{
    const qreal advance = QFontMetricsF(f).horizontalAdvance(QLatin1Char('M'));
    f.setLetterSpacing(QFont::AbsoluteSpacing, cellWidth - advance);
    return f;
}

} // namespace

void TerminalView::rebuildFonts()
{
    const QFontMetricsF fm(m_font);
    m_cellWidth = std::max(1, static_cast<int>(std::round(fm.horizontalAdvance(QLatin1Char('M')))));
    m_cellHeight = std::max(1, static_cast<int>(std::ceil(fm.height())));
    m_ascent = static_cast<int>(std::round(fm.ascent()));

    m_fonts = std::make_unique<FontSet>();
    QFont bold = m_font;
    bold.setBold(true);
    QFont italic = m_font;
    italic.setItalic(true);
    QFont boldItalic = bold;
    boldItalic.setItalic(true);
    m_fonts->regular = spaced(m_font, m_cellWidth);
    m_fonts->bold = spaced(bold, m_cellWidth);
    m_fonts->italic = spaced(italic, m_cellWidth);
    m_fonts->boldItalic = spaced(boldItalic, m_cellWidth);
    m_fonts->regularRuns = AsciiGlyphRuns(m_fonts->regular, m_cellWidth);
    m_fonts->boldRuns = AsciiGlyphRuns(m_fonts->bold, m_cellWidth);
    m_fonts->italicRuns = AsciiGlyphRuns(m_fonts->italic, m_cellWidth);
    m_fonts->boldItalicRuns = AsciiGlyphRuns(m_fonts->boldItalic, m_cellWidth);
    m_fonts->emoji = m_font;
    // "emoji" is fontconfig's name for whichever colour emoji font is
    // installed; Noto's is named too, as Qt may not resolve the alias.
    m_fonts->emoji.setFamilies({QStringLiteral("Noto Color Emoji"), QStringLiteral("emoji"), m_font.family()});
    m_staticTexts.clear();
    // drawStaticText places the top of the layout, not the baseline.
    m_staticTextAscent = static_cast<int>(std::round(QFontMetricsF(m_fonts->regular).ascent()));
}

void TerminalView::paintEvent(QPaintEvent *e)
{
    QPainter p(viewport());
    const bool globalReverse = m_session && m_session->terminal().reverseVideo();
    const QColor background = globalReverse ? m_theme.foreground : m_theme.background;
    p.fillRect(e->rect(), background);
    if (!m_session)
        return;

    const auto &t = m_session->terminal();
    const QRect r = e->rect();
    const int firstRow = std::max(0, (r.top() - kPadding) / m_cellHeight);
    const int lastRow = std::min(t.rows() - 1, (r.bottom() - kPadding) / m_cellHeight);
    const int firstCol = std::max(0, (r.left() - kPadding) / m_cellWidth);
    const int lastCol = std::min(t.columns() - 1, (r.right() - kPadding) / m_cellWidth);
    const int64_t top = firstVisibleLine();
    // Copy what is exposed, then lend the models to the feeder while the
    // font engines draw: nothing below reads the model, only the copy.
    m_paintSnapshot.take(t, top, firstRow, lastRow);
    std::optional<dt::terminal::ownership::GuiLoan> loan;
    if (lastRow - firstRow + 1 >= kRowsWorthLending)
        loan.emplace();
    for (int row = firstRow; row <= lastRow; ++row) {
        const int64_t abs = top + row;
        const Line *line = m_paintSnapshot.row(row);
        const int y = kPadding + row * m_cellHeight;
        if (line && line->lineSize() != Line::Size::Normal) {
            paintDoubledLine(p, *line, abs, y);
            continue;
        }
        paintLine(p, line, abs, y, firstCol, lastCol);
    }
    if (m_scrollOffset == 0 && m_exitMessage.isEmpty())
        paintCursor(p);
    paintPreedit(p);
    paintExitMessage(p);
    if (m_blinkingTextPainted && !m_textBlinkTimer.isActive() && blinkInterval() > 0)
        m_textBlinkTimer.start(blinkInterval());
    if (m_bellActive) {
        QColor flash = m_theme.foreground;
        flash.setAlpha(40);
        p.fillRect(viewport()->rect(), flash);
    }
}

void TerminalView::paintLine(QPainter &p, const Line *line, int64_t absoluteLine, int y, int firstCol,
                             int lastCol) const
{
    if (!line)
        return;
    const bool globalReverse = m_paintSnapshot.reverseVideo();
    const QColor defaultBg = globalReverse ? m_theme.foreground : m_theme.background;
    const int end = std::min(lastCol + 1, line->size());
    // Start at the lead cell of a wide character cut by the exposed rect,
    // or of an emoji sequence (drawn whole, from its first cell).
    int start = firstCol;
    while (start > 0 && start < line->size() && (*line)[start].continuation)
        --start;
    if (start > 0 && start < line->size() && !isRunSafe((*line)[start])) {
        for (int c = start - 1; c >= std::max(0, start - 16); --c) {
            if (dt::term::emojiSequenceAt(*line, c).cells > start - c)
                start = c;
        }
    }

    auto colorsOf = [&](int col, QColor &fg, QColor &bg) {
        const Cell &c = (*line)[col];
        // Reverse video (DECSCNM) swaps the default colours only, as in
        // xterm: text a program coloured keeps its colours.
        fg = globalReverse && c.fg.isDefault() ? m_theme.background : m_theme.resolve(c.fg, true);
        bg = globalReverse && c.bg.isDefault() ? m_theme.foreground : m_theme.resolve(c.bg, false);
        if (c.bold && c.fg.kind == dt::term::Color::Indexed && c.fg.index() < 8)
            fg = m_theme.palette[c.fg.index() + 8u]; // bold brightens the basic eight, as xterm does
        if (c.reverse)
            std::swap(fg, bg);
        if (c.dim)
            fg = blend(fg, bg, 0.45);
        if (m_selection.contains(absoluteLine, col))
            bg = m_theme.selection;
        else if (const int hit = matchAt(absoluteLine, col); hit >= 0)
            bg = hit == m_currentMatch ? m_theme.searchHit : blend(m_theme.searchHit, defaultBg, 0.55);
    };

    // Backgrounds, merged into runs.
    int col = start;
    while (col < end) {
        QColor fg, bg;
        colorsOf(col, fg, bg);
        int runEnd = col + 1;
        while (runEnd < end) {
            QColor fg2, bg2;
            colorsOf(runEnd, fg2, bg2);
            if (bg2 != bg)
                break;
            ++runEnd;
        }
        if (bg != defaultBg)
            p.fillRect(kPadding + col * m_cellWidth, y, (runEnd - col) * m_cellWidth, m_cellHeight, bg);
        col = runEnd;
    }

    // Text and decorations, in runs of one style.
    const int baseline = y + m_ascent;
    col = start;
    std::u16string run;
    while (col < end) {
        const Cell &c = (*line)[col];
        // Erased cells carry the pen they were erased with, but xterm draws
        // only its background there: no underline or strike on empty cells.
        // Concealed text, and blinking text in its off phase, likewise.
        if (c.blink && !c.continuation)
            m_blinkingTextPainted = true;
        if (c.continuation || isBlank(c) || c.conceal || (c.blink && !m_textBlinkOn)) {
            ++col;
            continue;
        }
        QColor fg, bg;
        colorsOf(col, fg, bg);
        p.setPen(fg);
        p.setFont(m_fonts->pick(c.bold, c.italic));
        int runEnd = col;
        run.clear();
        if (isRunSafe(c)) {
            while (runEnd < end) {
                const Cell &d = (*line)[runEnd];
                if (!isRunSafe(d) || !d.sameStyle(c))
                    break;
                QColor fg2, bg2;
                colorsOf(runEnd, fg2, bg2);
                if (fg2 != fg)
                    break;
                run.push_back(static_cast<char16_t>(d.codepoint));
                ++runEnd;
            }
            const QPointF origin(kPadding + col * m_cellWidth, baseline);
            if (!m_fonts->runs(c.bold, c.italic).draw(p, origin, run.data(), static_cast<int>(run.size())))
                p.drawText(origin, QString::fromUtf16(run.data(), static_cast<qsizetype>(run.size())));
        } else {
            // One grapheme (wide, combining, emoji or outside ASCII) at its
            // cell; or an emoji sequence (👩‍💻, 👍🏽, 🇩🇪) as one glyph over the
            // cells of all its parts.
            const dt::term::EmojiSequence sequence = dt::term::emojiSequenceAt(*line, col);
            const std::u32string g = sequence.cells ? sequence.text : line->graphemeAt(col);
            const QString text = QString::fromUcs4(g.data(), static_cast<qsizetype>(g.size()));
            const int width = sequence.cells      ? sequence.cells
                : (col + 1 < line->size() && (*line)[col + 1].continuation) ? 2
                                                                              : 1;
            const QRect cell(kPadding + col * m_cellWidth, y, width * m_cellWidth, m_cellHeight);
            if (g.size() == 1 && drawBoxCharacter(p, g[0], cell, fg)) {
                // Drawn from the cell's geometry: borders join without seams.
            } else if (!text.isEmpty()) {
                const bool emoji = sequence.cells > 0 || isEmoji(g, width);
                const QStaticText &glyph = staticText(text, c.bold, c.italic, emoji);
                if (emoji)
                    p.setFont(m_fonts->emoji); // as the text was laid out
                QPointF at(kPadding + col * m_cellWidth, y + m_ascent - m_staticTextAscent);
                // An emoji from a fallback font is narrower than its two
                // cells: centred there, as kitty and foot draw it.
                const qreal slack = width * m_cellWidth - glyph.size().width();
                if (width >= 2 && slack >= 2)
                    at.rx() += std::floor(slack / 2);
                if (emoji) // its font's line is taller: centred on the row instead
                    at.setY(y + std::floor((m_cellHeight - glyph.size().height()) / 2));
                p.drawStaticText(at, glyph);
            }
            runEnd = col + width;
        }
        if (c.underline || c.strike || c.overline) {
            TextDecorations d;
            d.underline = static_cast<int>(c.underline);
            d.strike = c.strike;
            d.overline = c.overline;
            if (const dt::term::Color colour = m_paintSnapshot.underlineColour(c); !colour.isDefault())
                d.underlineColour = m_theme.resolve(colour, true);
            drawTextDecorations(p, d, kPadding + col * m_cellWidth, kPadding + runEnd * m_cellWidth, y, m_cellHeight,
                                fg);
        }
        col = std::max(runEnd, col + 1);
    }

    // The link under the mouse is underlined in the text's colour.
    if (m_hoveredLink && line->size() > 0 && absoluteLine >= m_hoveredLink->start.line
        && absoluteLine <= m_hoveredLink->end.line) {
        const int from = absoluteLine == m_hoveredLink->start.line ? m_hoveredLink->start.col : 0;
        const int to = absoluteLine == m_hoveredLink->end.line ? m_hoveredLink->end.col : line->size();
        QColor fg, bg;
        colorsOf(std::min(from, line->size() - 1), fg, bg);
        p.fillRect(kPadding + from * m_cellWidth, y + m_cellHeight - 2, (to - from) * m_cellWidth, 1, fg);
    }
}

void TerminalView::paintDoubledLine(QPainter &p, const Line &line, int64_t absoluteLine, int y) const
{
    // DECDWL and DECDHL: the first half of the columns drawn twice as wide,
    // and for double height twice as tall, the row showing the top or the
    // bottom half of the letters.
    const Line::Size size = line.lineSize();
    p.save();
    p.setClipRect(QRect(0, y, viewport()->width(), m_cellHeight), Qt::IntersectClip);
    p.translate(kPadding, y - (size == Line::Size::DoubleHeightBottom ? m_cellHeight : 0));
    p.scale(2, size == Line::Size::DoubleWidth ? 1 : 2);
    p.translate(-kPadding, -y);
    paintLine(p, &line, absoluteLine, y, 0, (m_paintSnapshot.columns() - 1) / 2);
    p.restore();
}

const QStaticText &TerminalView::staticText(const QString &grapheme, bool bold, bool italic, bool emoji) const
{
    // Laying out a lone character is the expensive part of drawing it; keep
    // the layouts of the graphemes seen recently (a screen of CJK text uses a
    // few hundred). The cache is dropped when it grows past its bound.
    const QString key = grapheme + QChar(u'0' + (bold ? 1 : 0) + (italic ? 2 : 0) + (emoji ? 4 : 0));
    auto it = m_staticTexts.find(key);
    if (it != m_staticTexts.end())
        return it.value();
    if (m_staticTexts.size() > 4096)
        m_staticTexts.clear();
    QStaticText st(grapheme);
    st.setTextFormat(Qt::PlainText);
    st.setPerformanceHint(QStaticText::AggressiveCaching);
    st.prepare(QTransform(), emoji ? m_fonts->emoji : m_fonts->pick(bold, italic));
    return m_staticTexts.insert(key, st).value();
}

int TerminalView::matchAt(int64_t line, int col) const
{
    // Matches are ordered by line: jump to the line, then check its few hits.
    auto it = std::lower_bound(m_matches.begin(), m_matches.end(), line,
                               [](const dt::term::SearchMatch &m, int64_t l) { return m.line < l; });
    // One that began above and ran over a wrap into this line is the one
    // just before (it ends its own line, so nothing else starts after it).
    if (it != m_matches.begin() && std::prev(it)->contains(line, col))
        return static_cast<int>(std::prev(it) - m_matches.begin());
    for (; it != m_matches.end() && it->line == line; ++it)
        if (it->contains(line, col))
            return static_cast<int>(it - m_matches.begin());
    return -1;
}

void TerminalView::paintCursor(QPainter &p) const
{
    const auto &c = m_paintSnapshot.cursor();
    if (!c.visible)
        return;
    const Line &line = m_paintSnapshot.cursorLine();
    // On a double-width line each cell is drawn twice as wide.
    const int scale = line.lineSize() == Line::Size::Normal ? 1 : 2;
    const int width = scale * ((c.col + 1 < line.size() && line[c.col + 1].continuation) ? 2 : 1);
    const QRect cell(cellOrigin(c.row, scale * c.col), QSize(width * m_cellWidth, m_cellHeight));
    if (!m_focused) {
        p.setPen(m_theme.cursor);
        p.setBrush(Qt::NoBrush);
        p.drawRect(cell.adjusted(0, 0, -1, -1));
        return;
    }
    if (c.blink && !m_blinkOn)
        return;
    switch (c.shape) {
    case dt::term::CursorShape::Underline:
        p.fillRect(cell.left(), cell.bottom() - 1, cell.width(), 2, m_theme.cursor);
        return;
    case dt::term::CursorShape::Bar:
        p.fillRect(cell.left(), cell.top(), 2, cell.height(), m_theme.cursor);
        return;
    case dt::term::CursorShape::Block: {
        p.fillRect(cell, m_theme.cursor);
        const std::u32string g = line.graphemeAt(c.col);
        if (g.size() == 1 && drawBoxCharacter(p, g[0], cell, m_theme.cursorText))
            return;
        if (!g.empty() && !line[c.col].conceal) { // the block shows, not the hidden text
            const Cell &cc = line[c.col];
            p.setPen(m_theme.cursorText);
            p.setFont(m_fonts->pick(cc.bold, cc.italic));
            p.drawText(QPointF(cell.left(), cell.top() + m_ascent),
                       QString::fromUcs4(g.data(), static_cast<qsizetype>(g.size())));
        }
        return;
    }
    }
}

void TerminalView::paintPreedit(QPainter &p) const
{
    if (m_preedit.isEmpty())
        return;
    const auto &c = m_paintSnapshot.cursor();
    const QPoint origin = cellOrigin(c.row, c.col);
    const QFontMetrics fm(m_fonts->regular);
    const QRect box(origin, QSize(fm.horizontalAdvance(m_preedit) + 2, m_cellHeight));
    p.fillRect(box, m_theme.background);
    p.setPen(m_theme.foreground);
    p.setFont(m_fonts->regular);
    p.drawText(QPointF(origin.x(), origin.y() + m_ascent), m_preedit);
    p.drawLine(box.left(), box.bottom(), box.right(), box.bottom());
}

void TerminalView::paintExitMessage(QPainter &p) const
{
    if (m_exitMessage.isEmpty())
        return;
    const QFontMetrics fm(font());
    const int h = fm.height() + 12;
    const QRect bar(0, viewport()->height() - h, viewport()->width(), h);
    QColor bg = m_theme.foreground;
    bg.setAlpha(230);
    p.fillRect(bar, bg);
    p.setPen(m_theme.background);
    p.setFont(font());
    p.drawText(bar.adjusted(10, 0, -10, 0), Qt::AlignVCenter | Qt::AlignLeft, m_exitMessage);
}

} // namespace dt::ui
