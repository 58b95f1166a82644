// AsciiGlyphRuns: printable ASCII drawn as glyph runs on the cell grid.

#include "app/ui/ascii_glyph_runs.h"

#include <QGlyphRun>
#include <QPainter>

namespace dt::ui {

AsciiGlyphRuns::AsciiGlyphRuns(const QFont &face, int cellWidth)
    : m_raw(QRawFont::fromFont(face)), m_cellWidth(cellWidth)
{
    if (!m_raw.isValid())
        return;
    QString ascii;
    for (char16_t c = 0x20; c < 0x7f; ++c)
        ascii.append(QChar(c));
    const QList<quint32> indexes = m_raw.glyphIndexesForString(ascii);
    if (indexes.size() != static_cast<qsizetype>(m_glyphs.size()))
        return;
    for (size_t i = 0; i < m_glyphs.size(); ++i)
        m_glyphs[i] = indexes[static_cast<qsizetype>(i)];
}

bool AsciiGlyphRuns::draw(QPainter &p, QPointF origin, const char16_t *text, int count) const
{
    if (!m_raw.isValid() || count <= 0)
        return false;
    m_runGlyphs.resize(static_cast<size_t>(count));
    m_positions.resize(static_cast<size_t>(count));
    int drawn = 0;
    for (int i = 0; i < count; ++i) {
        const char16_t c = text[i];
        if (c < 0x20 || c >= 0x7f)
            return false;
        if (c == u' ')
            continue; // no ink, no glyph needed
        const quint32 glyph = m_glyphs[c - 0x20];
        if (glyph == 0)
            return false;
        m_runGlyphs[static_cast<size_t>(drawn)] = glyph;
        m_positions[static_cast<size_t>(drawn)] = QPointF(i * m_cellWidth, 0);
        ++drawn;
    }
    if (drawn == 0)
        return true;
    QGlyphRun run;
    run.setRawFont(m_raw);
    run.setRawData(m_runGlyphs.data(), m_positions.data(), drawn);
    p.drawGlyphRun(origin, run);
    return true;
}

} // namespace dt::ui
