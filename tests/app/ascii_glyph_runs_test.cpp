// AsciiGlyphRuns draws exactly the pixels drawText draws for the same run in
// the same face spaced to the cell, and refuses what it cannot draw.

#include "app/ui/ascii_glyph_runs.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

namespace {

using dt::ui::AsciiGlyphRuns;

constexpr char16_t kSample[] = u"Hello, world! {}[]|~_ @#$%^&*() 0123456789 mixedCASE `'\"\\/<>;:";

struct Face {
    QFont font;
    int cellWidth;
};

// As the view sets up its font (TerminalView::setTerminalFont), spaced to
// the cell as rebuildFonts does.
Face cellFace(QFont f)
{
    f.setStyleHint(QFont::TypeWriter);
    f.setFixedPitch(true);
    f.setKerning(false);
    f.setHintingPreference(QFont::PreferFullHinting);
    const qreal advance = QFontMetricsF(f).horizontalAdvance(QLatin1Char('M'));
    const int cell = std::max(1, static_cast<int>(std::round(advance)));
    f.setLetterSpacing(QFont::AbsoluteSpacing, cell - advance);
    return {f, cell};
}

QImage blank(int cellWidth, int count, qreal scale = 1)
{
    QImage img(static_cast<int>((cellWidth * count + 20) * scale), static_cast<int>(40 * scale),
               QImage::Format_ARGB32_Premultiplied);
    img.setDevicePixelRatio(scale);
    img.fill(Qt::black);
    return img;
}

TEST(AsciiGlyphRuns, drawsWhatDrawTextDrawsInEveryFace)
{
    const int count = static_cast<int>(std::char_traits<char16_t>::length(kSample));
    // At 1x, on a 2x screen (device pixel ratio), and in a painter scaled as
    // double-width lines are drawn.
    for (const qreal scale : {1.0, 2.0})
    for (const bool doubled : {false, true})
    for (const QFont &base : {QFontDatabase::systemFont(QFontDatabase::FixedFont), QFont("DejaVu Sans Mono", 11),
                              QFont("DejaVu Sans Mono", 17)}) {
        for (int style = 0; style < 4; ++style) {
            QFont f = base;
            f.setBold(style & 1);
            f.setItalic(style & 2);
            const Face face = cellFace(f);
            const QPointF origin(4, 28);
            auto paint = [&](const std::function<void(QPainter &)> &draw) {
                QImage img = blank(face.cellWidth, count * (doubled ? 2 : 1), scale);
                QPainter p(&img);
                p.setPen(Qt::white);
                if (doubled)
                    p.scale(2, 1);
                draw(p);
                p.end();
                return img;
            };
            const QImage byText = paint([&](QPainter &p) {
                p.setFont(face.font);
                p.drawText(origin, QString::fromUtf16(kSample, count));
            });
            bool drawn = false;
            const QImage byRuns = paint([&](QPainter &p) {
                drawn = AsciiGlyphRuns(face.font, face.cellWidth).draw(p, origin, kSample, count);
            });
            ASSERT_TRUE(drawn);
            EXPECT_EQ(byRuns, byText) << base.family().toStdString() << " " << base.pointSize() << "pt style "
                                      << style << " scale " << scale << (doubled ? " doubled" : "");
            EXPECT_NE(byRuns, blank(face.cellWidth, count * (doubled ? 2 : 1), scale)); // it drew something
        }
    }
}

TEST(AsciiGlyphRuns, leavesAnythingButPrintableAsciiToDrawText)
{
    const Face face = cellFace(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    const AsciiGlyphRuns runs(face.font, face.cellWidth);
    QImage img = blank(face.cellWidth, 4);
    QPainter p(&img);
    p.setPen(Qt::white);
    EXPECT_FALSE(runs.draw(p, QPointF(4, 28), u"ab\u00e9", 3));
    EXPECT_FALSE(runs.draw(p, QPointF(4, 28), u"a\tb", 3));
    p.end();
    EXPECT_EQ(img, blank(face.cellWidth, 4)); // refused runs draw nothing at all
    QPainter q(&img);
    EXPECT_TRUE(runs.draw(q, QPointF(4, 28), u"    ", 4)); // spaces: nothing to draw, and done
}

} // namespace
