// The themes' palettes are readable where programs combine their colours:
// WCAG contrast ratios of the pairs mc, dialog, whiptail and shells' grey
// hints draw with, computed from the colours themselves.

#include "app/ui/terminal_theme.h"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using dt::ui::TerminalTheme;

double channel(int value)
{
    const double c = value / 255.0;
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor &c)
{
    return 0.2126 * channel(c.red()) + 0.7152 * channel(c.green()) + 0.0722 * channel(c.blue());
}

double contrast(const QColor &a, const QColor &b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

TEST(TerminalTheme, theColourPairsFullScreenProgramsUseReadAtFourAndAHalfToOne)
{
    for (const TerminalTheme &t : {TerminalTheme::dark(), TerminalTheme::light()}) {
        const auto &p = t.palette;
        const struct {
            const char *what;
            QColor text, behind;
        } pairs[] = {
            {"white (7) on blue (4)", p[7], p[4]},
            {"bright white (15) on blue (4)", p[15], p[4]},
            {"bright yellow (11) on blue (4)", p[11], p[4]},
            {"black (0) on white (7)", p[0], p[7]},
            {"bright black (8) on the background", p[8], t.background},
            {"the foreground on the background", t.foreground, t.background},
        };
        for (const auto &pair : pairs)
            EXPECT_GE(contrast(pair.text, pair.behind), 4.5) << t.name.toStdString() << ": " << pair.what;
    }
    // A light theme's "white" is printed as text by programs written for
    // dark backgrounds; it must at least be legible.
    const TerminalTheme light = TerminalTheme::light();
    EXPECT_GE(contrast(light.palette[7], light.background), 2.5);
}

TEST(TerminalTheme, theContrastFormulaMatchesKnownValues)
{
    EXPECT_NEAR(contrast(Qt::black, Qt::white), 21.0, 0.01);
    EXPECT_NEAR(contrast(QColor(0x77, 0x77, 0x77), Qt::white), 4.48, 0.01);
}

} // namespace
