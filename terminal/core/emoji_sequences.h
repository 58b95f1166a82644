#pragma once

// Emoji that several cells show together: a ZWJ sequence (👩‍💻, whose
// joiner sits in its first character's cell), an emoji with a skin tone
// (👍🏽) and a flag (🇩🇪, two regional indicators). Each part keeps the cells
// glibc's wcwidth gives it, as readline and the shells count; the view draws
// the whole sequence as one glyph across them when the font has one.

#include "terminal/core/line.h"

#include <string>

namespace dt::term {

struct EmojiSequence {
    int cells = 0; // from the cell asked about; 0: no sequence starts there
    std::u32string text; // all its code points, in order
};

// The sequence that starts at `col` (the lead cell of a character), if
// more than that one character makes it up.
EmojiSequence emojiSequenceAt(const Line &line, int col);

} // namespace dt::term
