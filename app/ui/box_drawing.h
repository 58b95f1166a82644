#pragma once

// Box drawing, block elements and powerline separators drawn from the
// cell's geometry (box_drawing.cpp), as foot, kitty and Alacritty do.

#include <QColor>
#include <QRect>

class QPainter;

namespace dt::ui {

// U+2500–U+259F and U+E0B0–U+E0B3.
bool isDrawnBoxCharacter(char32_t codepoint);

// Draws the character into `cell` (its full cell, edge to edge) in
// `colour`; false for a character it does not draw.
bool drawBoxCharacter(QPainter &painter, char32_t codepoint, const QRect &cell, const QColor &colour);

} // namespace dt::ui
