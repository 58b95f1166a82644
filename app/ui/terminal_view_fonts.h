#pragma once

#include "app/ui/ascii_glyph_runs.h"
#include "app/ui/terminal_view.h"

#include <QFont>

namespace dt::ui {

// The four faces a terminal draws with, each spaced so that one character
// advances exactly one (integer) cell, which keeps runs of text aligned with
// the cell grid however the font rounds.
struct TerminalView::FontSet {
    QFont regular;
    QFont bold;
    QFont italic;
    QFont boldItalic;
    // For a character that asks to be shown as an emoji (VS16): a colour
    // emoji font first, where the regular face would draw its text form.
    QFont emoji;
    // Printable ASCII of each face, drawn without shaping.
    AsciiGlyphRuns regularRuns, boldRuns, italicRuns, boldItalicRuns;

    const QFont &pick(bool isBold, bool isItalic) const
    {
        if (isBold)
            return isItalic ? boldItalic : bold;
        return isItalic ? italic : regular;
    }
    const AsciiGlyphRuns &runs(bool isBold, bool isItalic) const
    {
        if (isBold)
            return isItalic ? boldItalicRuns : boldRuns;
        return isItalic ? italicRuns : regularRuns;
    }
};

} // namespace dt::ui
