// Finds emoji sequences across cells (emoji_sequences.h), after Unicode's
// emoji sequences (UTS #51): a joiner followed by a pictograph, a skin tone
// after an emoji, and regional indicators in pairs from the start of a run.

#include "terminal/core/emoji_sequences.h"

namespace dt::term {

namespace {

constexpr char32_t kZwj = 0x200D;
// No sequence grows past this many cells (the view looks back as far for
// one a repaint cut).
constexpr int kLongest = 16;

// Pictographs a joiner or a skin tone may follow (Extended_Pictographic,
// roughly: the symbol and emoji blocks).
bool isPictograph(char32_t c)
{
    return (c >= 0x2190 && c <= 0x21FF) || (c >= 0x2300 && c <= 0x23FF) || (c >= 0x2600 && c <= 0x27BF)
        || (c >= 0x2B00 && c <= 0x2BFF) || (c >= 0x1F000 && c <= 0x1FAFF);
}
bool isSkinTone(char32_t c) { return c >= 0x1F3FB && c <= 0x1F3FF; }
bool isRegionalIndicator(char32_t c) { return c >= 0x1F1E6 && c <= 0x1F1FF; }

// The cells a character at `col` takes: 2 with a continuation after it.
int widthAt(const Line &line, int col)
{
    return col + 1 < line.size() && line[col + 1].continuation ? 2 : 1;
}

} // namespace

EmojiSequence emojiSequenceAt(const Line &line, int col)
{
    EmojiSequence s;
    if (col < 0 || col >= line.size() || line[col].continuation)
        return s;
    const char32_t first = line.baseCodepoint(col);
    if (isRegionalIndicator(first)) {
        // A flag is two; which two is counted from the start of the run
        // (looked for within kLongest cells: a line of nothing but
        // indicators costs no more per cell than that).
        int runStart = col;
        while (runStart > 0 && col - runStart < kLongest && isRegionalIndicator(line.baseCodepoint(runStart - 1)))
            --runStart;
        const int next = col + widthAt(line, col);
        if ((col - runStart) % 2 != 0 || next >= line.size() || !isRegionalIndicator(line.baseCodepoint(next)))
            return s;
        s.text = line.graphemeAt(col) + line.graphemeAt(next);
        s.cells = next + widthAt(line, next) - col;
        return s;
    }
    if (!isPictograph(first))
        return s;
    std::u32string text = line.graphemeAt(col);
    int end = col + widthAt(line, col);
    int parts = 1;
    while (end < line.size() && end - col < kLongest) {
        const char32_t next = line.baseCodepoint(end);
        const bool joined = !text.empty() && text.back() == kZwj && isPictograph(next);
        if (!joined && !isSkinTone(next))
            break;
        text += line.graphemeAt(end);
        end += widthAt(line, end);
        ++parts;
    }
    if (parts > 1) {
        s.text = std::move(text);
        s.cells = end - col;
    }
    return s;
}

} // namespace dt::term
