// Box drawing (U+2500–U+257F), block elements (U+2580–U+259F) and the
// powerline separators (U+E0B0–U+E0B3) drawn from the cell's own geometry
// instead of a font: lines reach the cell's edges exactly, so borders join
// without seams at any font size, and weights stay even.

#include "app/ui/box_drawing.h"

#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace dt::ui {

namespace {

// The arms of U+2500–U+257F from the centre, as "LRUD" with 0 none,
// 1 light, 2 heavy, 3 double. The others: "-" dashes (count, h or v,
// weight), "(" a rounded corner (╭ ╮ ╯ ╰), "/" diagonals (1 ╱, 2 ╲, 3 ╳).
constexpr const char *kArms[0x80] = {
    "1100", "2200", "0011", "0022", "-3h1", "-3h2", "-3v1", "-3v2", // 2500
    "-4h1", "-4h2", "-4v1", "-4v2", "0101", "0201", "0102", "0202", // 2508
    "1001", "2001", "1002", "2002", "0110", "0210", "0120", "0220", // 2510
    "1010", "2010", "1020", "2020", "0111", "0211", "0121", "0112", // 2518
    "0122", "0221", "0212", "0222", "1011", "2011", "1021", "1012", // 2520
    "1022", "2021", "2012", "2022", "1101", "2101", "1201", "2201", // 2528
    "1102", "2102", "1202", "2202", "1110", "2110", "1210", "2210", // 2530
    "1120", "2120", "1220", "2220", "1111", "2111", "1211", "2211", // 2538
    "1121", "1112", "1122", "2121", "1221", "2112", "1212", "2221", // 2540
    "2212", "2122", "1222", "2222", "-2h1", "-2h2", "-2v1", "-2v2", // 2548
    "3300", "0033", "0301", "0103", "0303", "3001", "1003", "3003", // 2550
    "0310", "0130", "0330", "3010", "1030", "3030", "0311", "0133", // 2558
    "0333", "3011", "1033", "3033", "3301", "1103", "3303", "3310", // 2560
    "1130", "3330", "3311", "1133", "3333", "(  0", "(  1", "(  2", // 2568
    "(  3", "/  1", "/  2", "/  3", "1000", "0010", "0100", "0001", // 2570
    "2000", "0020", "0200", "0002", "1200", "0012", "2100", "0021", // 2578
};

struct Geometry {
    int x, y, w, h;
    int light; // stroke of a light line
    int heavy;
    int gap; // between the two strokes of a double line
    int cx, cy; // where a light stroke starts, centred
};

Geometry geometryOf(const QRect &cell)
{
    Geometry g;
    g.x = cell.x();
    g.y = cell.y();
    g.w = cell.width();
    g.h = cell.height();
    g.light = std::max(1, static_cast<int>(std::lround(std::min(g.w, g.h / 2) / 8.0)));
    g.heavy = g.light * 2 + (g.light == 1 ? 0 : 1);
    g.gap = g.light;
    g.cx = g.x + (g.w - g.light) / 2;
    g.cy = g.y + (g.h - g.light) / 2;
    return g;
}

int thickness(const Geometry &g, int weight)
{
    return weight == 2 ? g.heavy : g.light;
}

// A stroke of `t` centred where a light one is.
int centred(int lightStart, int light, int t)
{
    return lightStart + light / 2 - t / 2;
}

void fill(QPainter &p, int x0, int y0, int x1, int y1, const QColor &c)
{
    if (x1 > x0 && y1 > y0)
        p.fillRect(x0, y0, x1 - x0, y1 - y0, c);
}

// Lines from the centre to the edges, light, heavy or double, joined so
// crossings and corners look drawn in one stroke.
void drawArms(QPainter &p, const Geometry &g, const char *arms, const QColor &c)
{
    const int L = arms[0] - '0', R = arms[1] - '0', U = arms[2] - '0', D = arms[3] - '0';
    const int right = g.x + g.w, bottom = g.y + g.h;
    const int d = g.light + g.gap; // a double line's strokes sit this far either side
    // How far single (light or heavy) arms reach past the centre: over the
    // widest thing crossing them.
    auto reach = [&](int a, int b) {
        const int t = std::max(a == 3 ? 2 * d + g.light : (a ? thickness(g, a) : 0),
                               b == 3 ? 2 * d + g.light : (b ? thickness(g, b) : 0));
        return std::max(t, g.light);
    };
    const int vReach = reach(U, D); // width of the vertical strokes at the centre
    const int hReach = reach(L, R);
    // Horizontal arms.
    for (int side = 0; side < 2; ++side) {
        const int a = side == 0 ? L : R;
        if (!a)
            continue;
        if (a != 3) {
            const int t = thickness(g, a);
            const int y0 = centred(g.cy, g.light, t);
            const int mid0 = centred(g.cx, g.light, vReach), mid1 = mid0 + vReach;
            if (side == 0)
                fill(p, g.x, y0, mid1, y0 + t, c);
            else
                fill(p, mid0, y0, right, y0 + t, c);
            continue;
        }
        // Double: an upper and a lower stroke. Each stops at the near
        // stroke of a double line crossing it (an inner corner), at a
        // single line crossing it, or runs to the far stroke (an outer
        // corner, or straight through).
        for (int k = 0; k < 2; ++k) {
            const int near = k == 0 ? U : D, far = k == 0 ? D : U;
            const int y0 = g.cy + (k == 0 ? -d : d);
            const bool single = (near == 1 || near == 2 || far == 1 || far == 2) && near != 3;
            if (side == 0) {
                const int end = near == 3 ? g.cx - d + g.light : single ? g.cx + g.light : g.cx + d + g.light;
                fill(p, g.x, y0, end, y0 + g.light, c);
            } else {
                const int start = near == 3 ? g.cx + d : single ? g.cx : g.cx - d;
                fill(p, start, y0, right, y0 + g.light, c);
            }
        }
    }
    // Vertical arms, the same turned.
    for (int side = 0; side < 2; ++side) {
        const int a = side == 0 ? U : D;
        if (!a)
            continue;
        if (a != 3) {
            const int t = thickness(g, a);
            const int x0 = centred(g.cx, g.light, t);
            const int mid0 = centred(g.cy, g.light, hReach), mid1 = mid0 + hReach;
            if (side == 0)
                fill(p, x0, g.y, x0 + t, mid1, c);
            else
                fill(p, x0, mid0, x0 + t, bottom, c);
            continue;
        }
        for (int k = 0; k < 2; ++k) {
            const int near = k == 0 ? L : R, far = k == 0 ? R : L;
            const int x0 = g.cx + (k == 0 ? -d : d);
            const bool single = (near == 1 || near == 2 || far == 1 || far == 2) && near != 3;
            if (side == 0) {
                const int end = near == 3 ? g.cy - d + g.light : single ? g.cy + g.light : g.cy + d + g.light;
                fill(p, x0, g.y, x0 + g.light, end, c);
            } else {
                const int start = near == 3 ? g.cy + d : single ? g.cy : g.cy - d;
                fill(p, x0, start, x0 + g.light, bottom, c);
            }
        }
    }
}

// Dashed lines: `count` dashes with gaps between, ending on the cell's
// edges so a row of them keeps its rhythm.
void drawDashes(QPainter &p, const Geometry &g, int count, bool horizontal, int weight, const QColor &c)
{
    const int t = thickness(g, weight);
    const int length = horizontal ? g.w : g.h;
    const int gap = std::max(1, length / (count * 3));
    for (int i = 0; i < count; ++i) {
        const int a = length * i / count + gap / 2;
        const int b = length * (i + 1) / count - (gap - gap / 2);
        if (horizontal) {
            const int y0 = centred(g.cy, g.light, t);
            fill(p, g.x + a, y0, g.x + b, y0 + t, c);
        } else {
            const int x0 = centred(g.cx, g.light, t);
            fill(p, x0, g.y + a, x0 + t, g.y + b, c);
        }
    }
}

// Rounded corners: a quarter circle between two straight ends on the
// centre lines, so they meet ─ and │ exactly.
void drawArc(QPainter &p, const Geometry &g, int which, const QColor &c)
{
    const qreal half = g.light / 2.0;
    const qreal mx = g.cx + half, my = g.cy + half; // centre of the light strokes
    const qreal r = std::min(g.w, g.h) / 2.0;
    const bool toRight = which == 0 || which == 3; // ╭ ╰
    const bool toBottom = which == 0 || which == 1; // ╭ ╮
    const qreal ex = toRight ? g.x + g.w : g.x; // the horizontal end
    const qreal ey = toBottom ? g.y + g.h : g.y; // the vertical end
    const qreal sx = toRight ? 1 : -1, sy = toBottom ? 1 : -1;
    QPainterPath path;
    path.moveTo(mx, ey);
    path.lineTo(mx, my + sy * r);
    path.quadTo(mx, my, mx + sx * r, my);
    path.lineTo(ex, my);
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(c, g.light, Qt::SolidLine, Qt::FlatCap, Qt::RoundJoin));
    p.drawPath(path);
    p.restore();
}

void drawDiagonals(QPainter &p, const Geometry &g, int which, const QColor &c)
{
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(c, g.light, Qt::SolidLine, Qt::FlatCap));
    const QPointF tl(g.x, g.y), tr(g.x + g.w, g.y), bl(g.x, g.y + g.h), br(g.x + g.w, g.y + g.h);
    if (which & 1)
        p.drawLine(tr, bl); // ╱
    if (which & 2)
        p.drawLine(tl, br); // ╲
    p.restore();
}

// U+2580–U+259F: eighths, halves, shades and quadrants of the cell.
void drawBlock(QPainter &p, const QRect &cell, char32_t cp, const QColor &c)
{
    const int x = cell.x(), y = cell.y(), w = cell.width(), h = cell.height();
    // Eighths of the cell (halves split where the quadrants do), at least
    // a pixel however small the cell is.
    auto span = [](int size, int from8, int to8, int &a, int &b) {
        a = size * from8 / 8;
        b = size * to8 / 8;
        if (b <= a)
            to8 == 8 ? a = b - 1 : b = a + 1;
    };
    auto rows = [&](int from8, int to8) {
        int a, b;
        span(h, from8, to8, a, b);
        fill(p, x, y + a, x + w, y + b, c);
    };
    auto cols = [&](int from8, int to8) {
        int a, b;
        span(w, from8, to8, a, b);
        fill(p, x + a, y, x + b, y + h, c);
    };
    const int mx = x + w / 2, my = y + h / 2;
    auto quadrants = [&](bool ul, bool ur, bool ll, bool lr) {
        if (ul)
            fill(p, x, y, mx, my, c);
        if (ur)
            fill(p, mx, y, x + w, my, c);
        if (ll)
            fill(p, x, my, mx, y + h, c);
        if (lr)
            fill(p, mx, my, x + w, y + h, c);
    };
    switch (cp) {
    case 0x2580: rows(0, 4); break;
    case 0x2590: cols(4, 8); break;
    case 0x2594: rows(0, 1); break;
    case 0x2595: cols(7, 8); break;
    case 0x2591: case 0x2592: case 0x2593: {
        QColor shade = c;
        shade.setAlphaF(c.alphaF() * (cp - 0x2590) / 4.0); // 25, 50, 75 %
        p.fillRect(cell, shade);
        break;
    }
    case 0x2596: quadrants(false, false, true, false); break;
    case 0x2597: quadrants(false, false, false, true); break;
    case 0x2598: quadrants(true, false, false, false); break;
    case 0x2599: quadrants(true, false, true, true); break;
    case 0x259A: quadrants(true, false, false, true); break;
    case 0x259B: quadrants(true, true, true, false); break;
    case 0x259C: quadrants(true, true, false, true); break;
    case 0x259D: quadrants(false, true, false, false); break;
    case 0x259E: quadrants(false, true, true, false); break;
    case 0x259F: quadrants(false, true, true, true); break;
    default:
        if (cp >= 0x2581 && cp <= 0x2588)
            rows(8 - static_cast<int>(cp - 0x2580), 8); // lower eighths up to the full block
        else if (cp >= 0x2589 && cp <= 0x258F)
            cols(0, 8 - static_cast<int>(cp - 0x2588)); // left seven eighths down to one
        break;
    }
}

// Powerline's separators: solid and outlined triangles the cell's height.
void drawPowerline(QPainter &p, const QRect &cell, char32_t cp, const QColor &c)
{
    const bool pointsRight = cp == 0xE0B0 || cp == 0xE0B1;
    const bool solid = cp == 0xE0B0 || cp == 0xE0B2;
    const qreal x0 = cell.x(), x1 = cell.x() + cell.width(), y0 = cell.y(), y1 = cell.y() + cell.height();
    const qreal ym = (y0 + y1) / 2;
    QPainterPath path;
    if (pointsRight) {
        path.moveTo(x0, y0);
        path.lineTo(x1, ym);
        path.lineTo(x0, y1);
    } else {
        path.moveTo(x1, y0);
        path.lineTo(x0, ym);
        path.lineTo(x1, y1);
    }
    p.save();
    p.setRenderHint(QPainter::Antialiasing);
    if (solid) {
        path.closeSubpath();
        p.fillPath(path, c);
    } else {
        p.setPen(QPen(c, std::max(1.0, cell.width() / 8.0)));
        p.setBrush(Qt::NoBrush);
        p.drawPath(path);
    }
    p.restore();
}

} // namespace

bool isDrawnBoxCharacter(char32_t cp)
{
    return (cp >= 0x2500 && cp <= 0x259F) || (cp >= 0xE0B0 && cp <= 0xE0B3);
}

bool drawBoxCharacter(QPainter &p, char32_t cp, const QRect &cell, const QColor &colour)
{
    if (!isDrawnBoxCharacter(cp) || cell.isEmpty())
        return false;
    if (cp >= 0xE0B0) {
        drawPowerline(p, cell, cp, colour);
        return true;
    }
    if (cp >= 0x2580) {
        drawBlock(p, cell, cp, colour);
        return true;
    }
    const Geometry g = geometryOf(cell);
    const char *arms = kArms[cp - 0x2500];
    switch (arms[0]) {
    case '-': drawDashes(p, g, arms[1] - '0', arms[2] == 'h', arms[3] - '0', colour); break;
    case '(': drawArc(p, g, arms[3] - '0', colour); break;
    case '/': drawDiagonals(p, g, arms[3] - '0', colour); break;
    default: drawArms(p, g, arms, colour); break;
    }
    return true;
}

} // namespace dt::ui
