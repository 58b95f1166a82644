// The text the model places itself, against libvterm's own screen and
// against the model leaving that text to libvterm: the words between
// colour changes (terminal_printable.cpp) and text beyond ASCII
// (terminal_text_run.cpp), among everything they must refuse, fed whole
// and cut anywhere.

#include "stream_generator.h"
#include "support/vterm_oracle.h"
#include "terminal/core/screen_dump.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

namespace {

using dt::term::Terminal;
using dt::test::compareWithOracle;
using dt::test::feedInChunks;
using dt::test::StreamGenerator;
using dt::test::VTermOracle;

// Streams of `extra` from seeds [first, last]: the model fed each whole and
// in random chunks shows what libvterm's screen shows fed it whole.
void agreeWithLibvtermWholeAndChunked(StreamGenerator::Extra extra, uint32_t first, uint32_t last)
{
    for (uint32_t seed = first; seed <= last; ++seed) {
        StreamGenerator gen(seed, extra);
        const std::string bytes = gen.next(300 + static_cast<int>(seed % 5) * 200);
        const int rows = 3 + static_cast<int>(seed % 7);
        const int cols = 2 + static_cast<int>(seed % 41);
        VTermOracle oracle(rows, cols, 500);
        oracle.feed(bytes);
        Terminal whole(rows, cols, 500), chunked(rows, cols, 500);
        whole.feed(bytes);
        feedInChunks(chunked, bytes, seed);
        ASSERT_EQ(compareWithOracle(whole, oracle), "") << "seed " << seed << " (" << rows << "x" << cols << ")";
        ASSERT_EQ(compareWithOracle(chunked, oracle), "") << "seed " << seed << " chunked (" << rows << "x" << cols << ")";
    }
}

// Short words between colour changes, placed by the model whatever the
// chunks: the same as libvterm's screen fed whole.
TEST(DifferentialTest, colouredWordsAgreeWithLibvterm)
{
    agreeWithLibvtermWholeAndChunked(StreamGenerator::Extra::ColouredWords, 11001, 13000);
}

// Text beyond ASCII placed by the model (terminal_text_run.cpp) among
// everything it must leave to libvterm, whole and cut anywhere (inside a
// character too): the same as libvterm's screen fed whole.
TEST(DifferentialTest, unicodeWordsAgreeWithLibvtermWholeAndChunked)
{
    agreeWithLibvtermWholeAndChunked(StreamGenerator::Extra::UnicodeWords, 15001, 17000);
}

// The model with text beyond ASCII left to libvterm, as before the
// model placed it (the scanner's stand-ins, marks joined by libvterm or
// the model, one write for all).
class TextThroughLibvterm : public Terminal {
public:
    using Terminal::Terminal;

private:
    bool placesText() const override { return false; }
};

std::string describe(const Terminal &t)
{
    std::string d = dt::term::dumpScreenText(t) + dt::term::dumpAttributes(t) + dt::term::dumpScrollback(t);
    for (int r = 0; r < t.rows(); ++r)
        d += t.screenLine(r).wrapped() ? 'w' : '.';
    return d + " cursor " + std::to_string(t.cursor().row) + "," + std::to_string(t.cursor().col);
}

// Where libvterm's own screen is no judge (the widths it gets wrong, marks
// it does not know, VS16, REP, bytes that are not UTF-8), the model placing
// text itself leaves the same screen, history, soft wraps and cursor as
// the model handing all of it to libvterm, whole and cut anywhere.
TEST(DifferentialTest, textPlacedByTheModelLooksAsWhenLibvtermPlacesIt)
{
    for (uint32_t seed = 17001; seed <= 18500; ++seed) {
        StreamGenerator gen(seed, StreamGenerator::Extra::TextPaths);
        const std::string bytes = gen.next(300 + static_cast<int>(seed % 5) * 200);
        const int rows = 3 + static_cast<int>(seed % 7);
        const int cols = 2 + static_cast<int>(seed % 41);
        // Half way, a new width: a reflow that leaves the cursor at the
        // start of a row expects the next glyph to mark the row above.
        const size_t half = bytes.size() / 2;
        const int newCols = std::max(2, cols + static_cast<int>(seed % 7) - 3);
        TextThroughLibvterm reference(rows, cols, 500);
        reference.feed(bytes.substr(0, half));
        reference.resize(rows, newCols);
        reference.feed(bytes.substr(half));
        Terminal whole(rows, cols, 500), chunked(rows, cols, 500);
        whole.feed(bytes.substr(0, half));
        whole.resize(rows, newCols);
        whole.feed(bytes.substr(half));
        feedInChunks(chunked, bytes, seed, half, [&] { chunked.resize(rows, newCols); });
        ASSERT_EQ(describe(whole), describe(reference)) << "seed " << seed << " (" << rows << "x" << cols << ")";
        ASSERT_EQ(describe(chunked), describe(reference)) << "seed " << seed << " chunked (" << rows << "x" << cols << ")";
    }
}

} // namespace
