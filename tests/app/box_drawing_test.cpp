// Box drawing drawn from the cell's geometry: every character of the range
// draws, arms reach the cell's edges at the same place whatever the glyph
// (so neighbours join without seams or jogs), and blocks cover exactly
// their part of the cell.

#include "app/ui/box_drawing.h"

#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace {

using dt::ui::drawBoxCharacter;

const QColor kInk(Qt::white);

QImage draw(char32_t cp, QSize size)
{
    QImage img(size, QImage::Format_RGB32);
    img.fill(Qt::black);
    QPainter p(&img);
    EXPECT_TRUE(drawBoxCharacter(p, cp, QRect(QPoint(0, 0), size), kInk)) << std::hex << unsigned(cp);
    return img;
}

bool inked(const QImage &img, int x, int y)
{
    return qRed(img.pixel(x, y)) > 128;
}

// Which rows are inked in column x (or columns in row y).
std::set<int> rowsAt(const QImage &img, int x)
{
    std::set<int> rows;
    for (int y = 0; y < img.height(); ++y)
        if (inked(img, x, y))
            rows.insert(y);
    return rows;
}
std::set<int> columnsAt(const QImage &img, int y)
{
    std::set<int> cols;
    for (int x = 0; x < img.width(); ++x)
        if (inked(img, x, y))
            cols.insert(x);
    return cols;
}

const QSize kSizes[] = {{7, 15}, {10, 21}, {17, 36}, {24, 50}};

TEST(BoxDrawing, everyCharacterOfTheRangesIsDrawn)
{
    std::vector<char32_t> all;
    for (char32_t cp = 0x2500; cp <= 0x259F; ++cp)
        all.push_back(cp);
    for (char32_t cp = 0xE0B0; cp <= 0xE0B3; ++cp)
        all.push_back(cp);
    for (QSize size : kSizes) {
        for (char32_t cp : all) {
            const QImage img = draw(cp, size);
            bool any = false;
            for (int y = 0; y < img.height() && !any; ++y)
                for (int x = 0; x < img.width() && !any; ++x)
                    any = img.pixel(x, y) != QColor(Qt::black).rgb(); // shades are dim
            EXPECT_TRUE(any) << std::hex << unsigned(cp) << std::dec << " drew nothing at " << size.width() << "x"
                             << size.height();
        }
    }
    QImage img(QSize(8, 16), QImage::Format_RGB32);
    QPainter p(&img);
    EXPECT_FALSE(drawBoxCharacter(p, U'a', img.rect(), kInk));
    EXPECT_FALSE(drawBoxCharacter(p, 0x25A0, img.rect(), kInk)); // ■ is the font's
}

TEST(BoxDrawing, armsMeetTheEdgesWhereTheirNeighboursDo)
{
    // "LRUD": 0 none, 1 light, 2 heavy, 3 double, from Unicode's names.
    const struct {
        char32_t cp;
        const char *arms;
    } glyphs[] = {
        {0x250C, "0101"}, {0x2510, "1001"}, {0x2514, "0110"}, {0x2518, "1010"}, {0x251C, "0111"}, {0x2524, "1011"},
        {0x252C, "1101"}, {0x2534, "1110"}, {0x253C, "1111"}, {0x250F, "0202"}, {0x2513, "2002"}, {0x2517, "0220"},
        {0x251B, "2020"}, {0x2523, "0222"}, {0x252B, "2022"}, {0x2533, "2202"}, {0x253B, "2220"}, {0x254B, "2222"},
        {0x2554, "0303"}, {0x2557, "3003"}, {0x255A, "0330"}, {0x255D, "3030"}, {0x2560, "0333"}, {0x2563, "3033"},
        {0x2566, "3303"}, {0x2569, "3330"}, {0x256C, "3333"}, {0x2574, "1000"}, {0x2575, "0010"}, {0x2576, "0100"},
        {0x2577, "0001"}, {0x257C, "1200"}, {0x257D, "0012"},
    };
    for (QSize size : kSizes) {
        const QImage horizontal[4] = {{}, draw(0x2500, size), draw(0x2501, size), draw(0x2550, size)};
        const QImage vertical[4] = {{}, draw(0x2502, size), draw(0x2503, size), draw(0x2551, size)};
        const int right = size.width() - 1, bottom = size.height() - 1;
        for (int w = 1; w <= 3; ++w) {
            // The lines themselves run edge to edge at the same place.
            ASSERT_FALSE(rowsAt(horizontal[w], 0).empty());
            EXPECT_EQ(rowsAt(horizontal[w], 0), rowsAt(horizontal[w], right)) << w;
            EXPECT_EQ(columnsAt(vertical[w], 0), columnsAt(vertical[w], bottom)) << w;
        }
        for (const auto &g : glyphs) {
            const QImage img = draw(g.cp, size);
            const int L = g.arms[0] - '0', R = g.arms[1] - '0', U = g.arms[2] - '0', D = g.arms[3] - '0';
            const std::string what = std::to_string(size.width()) + "x" + std::to_string(size.height()) + " U+"
                + QString::number(uint(g.cp), 16).toStdString();
            EXPECT_EQ(rowsAt(img, 0), L ? rowsAt(horizontal[L], 0) : std::set<int>{}) << what << " left";
            EXPECT_EQ(rowsAt(img, right), R ? rowsAt(horizontal[R], right) : std::set<int>{}) << what << " right";
            EXPECT_EQ(columnsAt(img, 0), U ? columnsAt(vertical[U], 0) : std::set<int>{}) << what << " up";
            EXPECT_EQ(columnsAt(img, bottom), D ? columnsAt(vertical[D], bottom) : std::set<int>{}) << what << " down";
        }
    }
}

TEST(BoxDrawing, blocksCoverExactlyTheirPart)
{
    for (QSize size : kSizes) {
        const int w = size.width(), h = size.height();
        const QImage full = draw(0x2588, size), upper = draw(0x2580, size), left = draw(0x258C, size),
                     lower = draw(0x2584, size), quadrant = draw(0x2598, size);
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                EXPECT_TRUE(inked(full, x, y));
                EXPECT_EQ(inked(upper, x, y), y < h / 2) << x << "," << y;
                EXPECT_EQ(inked(lower, x, y), y >= h / 2) << x << "," << y;
                EXPECT_EQ(inked(left, x, y), x < w / 2) << x << "," << y;
                EXPECT_EQ(inked(quadrant, x, y), x < w / 2 && y < h / 2) << x << "," << y;
            }
        }
    }
}

} // namespace
