#pragma once

// Draws runs of printable ASCII on the cell grid from glyph indexes looked
// up once per face, with no shaping or font matching per run: QPainter's
// drawText shapes each string it is given (HarfBuzz, font fallback), which
// is most of a paint's time when a screen is made of many short runs
// (colourful prompts, TUIs). Text a face lacks falls back to drawText.

#include <QFont>
#include <QPointF>
#include <QRawFont>

#include <array>
#include <vector>

class QPainter;

namespace dt::ui {

class AsciiGlyphRuns {
public:
    AsciiGlyphRuns() = default;
    // `face` is the font as drawText would be given it, and `cellWidth` the
    // advance of one cell in pixels.
    AsciiGlyphRuns(const QFont &face, int cellWidth);

    // Draws `count` printable ASCII characters from `text` with the first
    // glyph's baseline origin at `origin`, one cell apart, in the painter's
    // pen. False (nothing drawn) where the face has no glyph for one of
    // them: draw those with drawText instead.
    bool draw(QPainter &p, QPointF origin, const char16_t *text, int count) const;

private:
    QRawFont m_raw;
    int m_cellWidth = 0;
    std::array<quint32, 95> m_glyphs{}; // for U+0020..U+007E; 0: the face has none
    // A run's glyphs and their offsets, kept to spare an allocation per run.
    mutable std::vector<quint32> m_runGlyphs;
    mutable std::vector<QPointF> m_positions;
};

} // namespace dt::ui
