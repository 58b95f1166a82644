#pragma once

// Lines drawn with text: underlines in their five styles (single, double,
// curly, dotted, dashed), strike-through and overline, over a run of cells
// in one colour each. Pure drawing from the cell geometry, so they join
// across runs and rows at any font size.

#include <QColor>

class QPainter;

namespace dt::ui {

struct TextDecorations {
    int underline = 0; // dt::term::UnderlineStyle
    QColor underlineColour; // invalid: the text's colour
    bool strike = false;
    bool overline = false;
};

// Draws `d` over the cells from x0 to x1 (exclusive) of the row at `y`,
// `cellHeight` tall, in `textColour` where no other colour is given.
void drawTextDecorations(QPainter &p, const TextDecorations &d, int x0, int x1, int y, int cellHeight,
                         const QColor &textColour);

} // namespace dt::ui
