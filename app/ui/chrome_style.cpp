// The chrome's palette, taken from the terminal theme, and the style that draws it (Fusion with a
// themed tab close cross).

#include "app/ui/chrome_style.h"

#include <QApplication>
#include <QPainter>
#include <QStyleFactory>
#include <QStyleOption>

namespace dt::ui {

QPalette chromePalette(const TerminalTheme &theme)
{
    const QColor bg = theme.background;
    const QColor fg = theme.foreground;
    const bool dark = bg.lightnessF() < 0.5;
    // The window a shade off the terminal, so the terminal's edge shows;
    // buttons and tabs one more shade.
    const QColor window = blend(bg, fg, dark ? 0.07 : 0.05);
    const QColor button = blend(bg, fg, dark ? 0.13 : 0.09);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, fg);
    p.setColor(QPalette::Base, bg);
    p.setColor(QPalette::AlternateBase, blend(bg, fg, 0.04));
    p.setColor(QPalette::Text, fg);
    p.setColor(QPalette::PlaceholderText, blend(bg, fg, 0.55));
    p.setColor(QPalette::Button, button);
    p.setColor(QPalette::ButtonText, fg);
    p.setColor(QPalette::BrightText, dark ? QColor(Qt::white) : QColor(Qt::black));
    p.setColor(QPalette::Light, blend(button, fg, dark ? 0.12 : 0.0).lighter(dark ? 100 : 110));
    p.setColor(QPalette::Midlight, blend(button, fg, 0.06));
    p.setColor(QPalette::Mid, blend(bg, fg, 0.25));
    p.setColor(QPalette::Dark, blend(bg, fg, dark ? 0.02 : 0.35));
    p.setColor(QPalette::Shadow, dark ? QColor(0, 0, 0) : blend(bg, fg, 0.5));
    // The highlight is the theme's accent, its text whichever of background
    // and foreground reads better on it.
    p.setColor(QPalette::Highlight, theme.accent);
    p.setColor(QPalette::HighlightedText, theme.accent.lightnessF() > 0.55 ? (dark ? bg : fg) : QColor(Qt::white));
    p.setColor(QPalette::Link, theme.accent);
    p.setColor(QPalette::LinkVisited, theme.palette[dark ? 13 : 5]);
    p.setColor(QPalette::ToolTipBase, button);
    p.setColor(QPalette::ToolTipText, fg);
    // Disabled items fade toward the window, still readable.
    const QColor faded = blend(window, fg, 0.45);
    for (QPalette::ColorRole role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::PlaceholderText})
        p.setColor(QPalette::Disabled, role, faded);
    p.setColor(QPalette::Disabled, QPalette::Highlight, blend(window, theme.accent, 0.4));
    p.setColor(QPalette::Disabled, QPalette::Button, blend(window, button, 0.5));
    return p;
}

ChromeStyle::ChromeStyle() : QProxyStyle(QStyleFactory::create(QStringLiteral("Fusion"))) {}

void ChromeStyle::drawPrimitive(PrimitiveElement element, const QStyleOption *option, QPainter *painter,
                                const QWidget *widget) const
{
    if (element != PE_IndicatorTabClose) {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        return;
    }
    const QPalette &pal = option->palette;
    const bool hovered = option->state & State_MouseOver;
    const bool pressed = option->state & State_Sunken;
    const QRectF box = QRectF(option->rect).adjusted(1, 1, -1, -1);
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    if (hovered || pressed) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(blend(pal.color(QPalette::Button), pal.color(QPalette::WindowText), pressed ? 0.3 : 0.18));
        painter->drawRoundedRect(box, 3, 3);
    }
    // A cross a third of the box wide each side of its centre, dimmer until
    // pointed at.
    const QColor ink = hovered || pressed ? pal.color(QPalette::WindowText)
                                          : blend(pal.color(QPalette::Button), pal.color(QPalette::WindowText), 0.7);
    painter->setPen(QPen(ink, 1.4, Qt::SolidLine, Qt::RoundCap));
    const qreal arm = std::min(box.width(), box.height()) * 0.22;
    const QPointF c = box.center();
    painter->drawLine(c + QPointF(-arm, -arm), c + QPointF(arm, arm));
    painter->drawLine(c + QPointF(-arm, arm), c + QPointF(arm, -arm));
    painter->restore();
}

void applyChrome(const TerminalTheme &theme)
{
    if (!qobject_cast<ChromeStyle *>(QApplication::style()))
        QApplication::setStyle(new ChromeStyle); // the application owns it
    QApplication::setPalette(chromePalette(theme));
}

} // namespace dt::ui
