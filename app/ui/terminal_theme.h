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
    std::array<QColor, 256> palette;

    QColor resolve(dt::term::Color c, bool isForeground) const;

    static TerminalTheme dark();
    static TerminalTheme light();
    static TerminalTheme byName(const QString &name);
};

} // namespace dt::ui
