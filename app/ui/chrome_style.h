#pragma once

// The window around the terminals (menu bar, tab strip, dialogs, scroll
// bars, dividers) in the terminal theme's colours: dark chrome with the
// dark theme, light with the light one. One look on every desktop, since a
// dark terminal inside a light frame (or the reverse) is what people notice
// first; the desktop's font and icon theme still apply.

#include "app/ui/terminal_theme.h"

#include <QPalette>
#include <QProxyStyle>

namespace dt::ui {

// The palette the chrome takes from `theme`: window and buttons a shade off
// the terminal's background, text in its foreground, highlights in its accent.
QPalette chromePalette(const TerminalTheme &theme);

// Fusion (the style that follows a palette faithfully on every desktop),
// with a tab close button drawn as a thin cross in the palette's text colour
// instead of Qt's bitmap.
class ChromeStyle : public QProxyStyle {
    Q_OBJECT
public:
    ChromeStyle();
    void drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                       const QWidget *widget = nullptr) const override;
};

// Makes the application's style a ChromeStyle (once) and its palette the
// theme's: every window and dialog follows. It replaces a style chosen with
// -style or QT_STYLE_OVERRIDE on purpose: desktop styles (gtk3, Breeze)
// take their colours from the desktop and would put a light frame around
// a dark terminal.
void applyChrome(const TerminalTheme &theme);

} // namespace dt::ui
