#pragma once

#include "terminal/core/cell.h"

#include <QColor>
#include <QString>

#include <array>

namespace dt::ui {

// Colours a terminal is painted with. Cells keep palette indices and
// "default" symbolically, so switching themes recolours existing text.
// `a` moved toward `b` by t (0..1): faint text, scroll bar handles.
QColor blend(const QColor &a, const QColor &b, qreal t);

struct TerminalTheme {
    QString name;
    QColor foreground;
    QColor background;
    QColor cursor;
    QColor cursorText;
    QColor selection;
    QColor searchHit;
    QColor accent;       // the window around the terminals: the focused pane's border, highlights
    QColor orchestrator; // an orchestrator tab's tint and banner
    std::array<QColor, 256> palette;

    QColor resolve(dt::term::Color c, bool isForeground) const;
    // The same theme with text faded toward the background: a pane that
    // does not have the focus, when the person asked for that.
    TerminalTheme dimmed() const;

    static TerminalTheme dark();
    static TerminalTheme light();
    static TerminalTheme byName(const QString &name);
};

} // namespace dt::ui
