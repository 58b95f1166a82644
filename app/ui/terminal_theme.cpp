// The dark and light terminal themes (base 16 colours plus xterm's 256-colour cube and grey ramp), and
// resolving a cell's symbolic colour to a QColor at paint time.

#include "app/ui/terminal_theme.h"

namespace dt::ui {

namespace {

// The 6x6x6 cube and the grey ramp of xterm's 256-colour palette.
void fillExtendedPalette(std::array<QColor, 256> &p)
{
    static const int levels[6] = {0, 95, 135, 175, 215, 255};
    for (int i = 0; i < 216; ++i)
        p[static_cast<size_t>(16 + i)] = QColor(levels[i / 36], levels[(i / 6) % 6], levels[i % 6]);
    for (int i = 0; i < 24; ++i) {
        const int v = 8 + i * 10;
        p[static_cast<size_t>(232 + i)] = QColor(v, v, v);
    }
}

} // namespace

QColor blend(const QColor &a, const QColor &b, qreal t)
{
    return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                            a.blueF() * (1 - t) + b.blueF() * t);
}

QColor TerminalTheme::resolve(dt::term::Color c, bool isForeground) const
{
    switch (c.kind) {
    case dt::term::Color::Indexed: return palette[c.index()];
    case dt::term::Color::Rgb: return QColor(c.r, c.g, c.b);
    default: return isForeground ? foreground : background;
    }
}

TerminalTheme TerminalTheme::dimmed() const
{
    TerminalTheme t = *this;
    constexpr qreal kFade = 0.35; // still readable at a glance, clearly second
    t.foreground = blend(foreground, background, kFade);
    t.cursor = blend(cursor, background, kFade);
    for (QColor &c : t.palette)
        c = blend(c, background, kFade);
    return t;
}

TerminalTheme TerminalTheme::dark()
{
    TerminalTheme t;
    t.name = QStringLiteral("dark");
    t.foreground = QColor(0xd8, 0xdb, 0xe2);
    t.background = QColor(0x1b, 0x1e, 0x24);
    t.cursor = QColor(0x7a, 0xc7, 0xff);
    t.cursorText = t.background;
    t.selection = QColor(0x3d, 0x5a, 0x80);
    t.searchHit = QColor(0xb5, 0x89, 0x00);
    t.accent = t.cursor;
    t.orchestrator = QColor(0xe5, 0xa5, 0x0a);
    // Blue (4) is dark enough for white, light grey and bright yellow on it
    // (mc, dialog and whiptail draw their screens so) at 4.5:1 or better;
    // bold blue text is drawn in the bright blue (12). Bright black (8),
    // for comments and suggestions, reads at 4.5:1 on the background.
    const QColor base16[16] = {
        {0x1b, 0x1e, 0x24}, {0xe0, 0x6c, 0x75}, {0x98, 0xc3, 0x79}, {0xe5, 0xc0, 0x7b},
        {0x2c, 0x4f, 0x9e}, {0xc6, 0x78, 0xdd}, {0x56, 0xb6, 0xc2}, {0xc3, 0xc8, 0xd0},
        {0x8b, 0x92, 0x9e}, {0xff, 0x7b, 0x86}, {0xb5, 0xe8, 0x90}, {0xff, 0xd6, 0x8a},
        {0x82, 0xc4, 0xff}, {0xdf, 0x9b, 0xf5}, {0x76, 0xd4, 0xe0}, {0xf0, 0xf2, 0xf5},
    };
    for (int i = 0; i < 16; ++i)
        t.palette[static_cast<size_t>(i)] = base16[i];
    fillExtendedPalette(t.palette);
    return t;
}

TerminalTheme TerminalTheme::light()
{
    TerminalTheme t;
    t.name = QStringLiteral("light");
    t.foreground = QColor(0x2b, 0x2f, 0x36);
    t.background = QColor(0xfa, 0xfa, 0xf7);
    t.cursor = QColor(0x1f, 0x6f, 0xd1);
    t.cursorText = t.background;
    t.selection = QColor(0xb3, 0xd4, 0xfc);
    t.searchHit = QColor(0xff, 0xd7, 0x5e);
    t.accent = t.cursor;
    t.orchestrator = QColor(0x9a, 0x5b, 0x00);
    // "White" (7) is a mid grey: programs written for dark backgrounds print
    // it as text (2.5:1 here, from 1.6:1), and black (0) on it as well as it
    // on blue (4, a navy) read at 4.5:1 or better; so does bright yellow
    // (11) on blue, as mc draws it.
    const QColor base16[16] = {
        {0x2b, 0x2f, 0x36}, {0xc2, 0x2f, 0x3a}, {0x2f, 0x85, 0x2b}, {0x9a, 0x6b, 0x00},
        {0x12, 0x24, 0x7a}, {0x8f, 0x3f, 0xb0}, {0x11, 0x7f, 0x8c}, {0x9b, 0xa0, 0xa9},
        {0x6a, 0x70, 0x7a}, {0xe0, 0x45, 0x50}, {0x3e, 0xa0, 0x38}, {0xc9, 0x97, 0x00},
        {0x36, 0x7c, 0xe0}, {0xa8, 0x55, 0xcc}, {0x1a, 0x9a, 0xa8}, {0xff, 0xff, 0xff},
    };
    for (int i = 0; i < 16; ++i)
        t.palette[static_cast<size_t>(i)] = base16[i];
    fillExtendedPalette(t.palette);
    return t;
}

TerminalTheme TerminalTheme::byName(const QString &name)
{
    return name == QLatin1String("light") ? light() : dark();
}

} // namespace dt::ui
