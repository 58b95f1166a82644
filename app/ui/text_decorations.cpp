// Draws underlines, strike-through and overline (text_decorations.h). Dots and
// dashes are laid out from the left edge of the screen, not of the run, so a
// line drawn in several runs looks like one.

#include "app/ui/text_decorations.h"

#include <QPainter>
#include <QPainterPath>

namespace dt::ui {

namespace {

constexpr int kSingle = 1, kDouble = 2, kCurly = 3, kDotted = 4, kDashed = 5;

// A horizontal line of `period`-long pieces, `on` of each drawn, phased
// from x = 0.
void drawBroken(QPainter &p, int x0, int x1, int y, int period, int on, const QColor &c)
{
    for (int x = x0 - (x0 % period); x < x1; x += period) {
        const int from = std::max(x, x0);
        const int to = std::min(x + on, x1);
        if (to > from)
            p.fillRect(from, y, to - from, 1, c);
    }
}

} // namespace

void drawTextDecorations(QPainter &p, const TextDecorations &d, int x0, int x1, int y, int cellHeight,
                         const QColor &textColour)
{
    const int thickness = std::max(1, cellHeight / 16);
    if (d.underline) {
        const QColor c = d.underlineColour.isValid() ? d.underlineColour : textColour;
        const int uy = y + cellHeight - 2;
        switch (d.underline) {
        case kDouble:
            p.fillRect(x0, uy - 2, x1 - x0, 1, c);
            p.fillRect(x0, uy, x1 - x0, 1, c);
            break;
        case kCurly: {
            QPainterPath wave;
            wave.moveTo(x0, uy);
            for (int x = x0; x < x1; x += 4)
                wave.quadTo(x + 1, (x / 4) % 2 ? uy + 2 : uy - 2, x + 2, uy);
            p.save();
            p.setRenderHint(QPainter::Antialiasing);
            p.setPen(c);
            p.drawPath(wave);
            p.restore();
            break;
        }
        case kDotted: drawBroken(p, x0, x1, uy, 2 * thickness, thickness, c); break;
        case kDashed: drawBroken(p, x0, x1, uy, 6 * thickness, 4 * thickness, c); break;
        case kSingle:
        default: p.fillRect(x0, uy, x1 - x0, thickness, c); break;
        }
    }
    if (d.strike)
        p.fillRect(x0, y + cellHeight / 2, x1 - x0, thickness, textColour);
    if (d.overline)
        p.fillRect(x0, y, x1 - x0, thickness, textColour);
}

} // namespace dt::ui
