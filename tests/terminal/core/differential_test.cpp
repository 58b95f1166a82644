// Our grid against libvterm's own VTermScreen: the same bytes must give the
// same cells, attributes, cursor and scrollback.

#include "stream_generator.h"
#include "support/read_file.h"
#include "support/vterm_oracle.h"
#include "terminal/core/screen_dump.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace {

using dt::term::Terminal;
using dt::test::compareWithOracle;
using dt::test::StreamGenerator;
using dt::test::VTermOracle;
using dt::test::readFile;

std::string diffAfter(const std::string &bytes, int rows, int cols, std::vector<std::pair<int, int>> resizes = {})
{
    Terminal ours(rows, cols, 500);
    VTermOracle oracle(rows, cols, 500);
    ours.feed(bytes);
    oracle.feed(bytes);
    std::string d = compareWithOracle(ours, oracle);
    for (auto [r, c] : resizes) {
        if (!d.empty())
            break;
        const bool shrinkingBehindAltScreen = ours.altScreenActive() && r < ours.rows();
        ours.resize(r, c);
        oracle.resize(r, c);
        if (shrinkingBehindAltScreen) {
            // Deliberately different: libvterm cuts off the bottom of the
            // main screen here, we move its top into history (see
            // Terminal::onResize), so history no longer matches.
            return {};
        }
        if (oracle.cursor().row < 0) {
            // libvterm 0.1.4 bug: shrinking with the cursor near the top and
            // text below it scrolls the cursor off the screen. We deliberately
            // differ (the cursor row stays visible), so from here on there is
            // nothing to compare against; check our side is sane instead.
            const auto cur = ours.cursor();
            if (cur.row < 0 || cur.row >= ours.rows())
                return "cursor left the screen after resize";
            return {};
        }
        d = compareWithOracle(ours, oracle);
    }
    return d;
}

TEST(DifferentialTest, randomStreamsProduceTheSameScreenAsLibvtermsOwnScreen)
{
    int checked = 0;
    for (uint32_t seed = 1; seed <= 3000; ++seed) {
        StreamGenerator gen(seed);
        const std::string bytes = gen.next(200 + static_cast<int>(seed % 7) * 150);
        const int rows = 4 + static_cast<int>(seed % 9);
        const int cols = 10 + static_cast<int>(seed % 23);
        const std::string d = diffAfter(bytes, rows, cols);
        ASSERT_EQ(d, "") << "seed " << seed << " (" << rows << "x" << cols << ")";
        ++checked;
    }
    EXPECT_EQ(checked, 3000);
}

// Printable ASCII placed directly (terminal_printable.cpp) among everything
// it must leave to libvterm: the same cells as libvterm's own screen.
TEST(DifferentialTest, longPrintableRunsAmongWhatTheyMustRefuseAgreeWithLibvterm)
{
    for (uint32_t seed = 7001; seed <= 9000; ++seed) {
        StreamGenerator gen(seed, StreamGenerator::Extra::PrintableRuns);
        const std::string bytes = gen.next(300 + static_cast<int>(seed % 5) * 200);
        const int rows = 3 + static_cast<int>(seed % 7);
        const int cols = 2 + static_cast<int>(seed % 41);
        ASSERT_EQ(diffAfter(bytes, rows, cols), "") << "seed " << seed << " (" << rows << "x" << cols << ")";
    }
}

// Where libvterm's screen is no oracle (character sets, double-width lines),
// the model is its own: fed whole, long runs take the direct path; fed a
// byte at a time, none does. Both must show the same.
TEST(DifferentialTest, printableRunsAmongCharsetsAndLineSizesLookTheSameFedWholeOrByteByByte)
{
    using dt::term::dumpAttributes;
    using dt::term::dumpScreenText;
    using dt::term::dumpScrollback;
    for (uint32_t seed = 9001; seed <= 10000; ++seed) {
        StreamGenerator gen(seed, StreamGenerator::Extra::PrintableRunsAndCharsets);
        const std::string bytes = gen.next(300 + static_cast<int>(seed % 5) * 200);
        const int rows = 3 + static_cast<int>(seed % 7);
        const int cols = 2 + static_cast<int>(seed % 41);
        Terminal whole(rows, cols, 500), byteWise(rows, cols, 500);
        whole.feed(bytes);
        for (char c : bytes)
            byteWise.feed(&c, 1);
        ASSERT_EQ(dumpScreenText(whole), dumpScreenText(byteWise)) << "seed " << seed;
        ASSERT_EQ(dumpAttributes(whole), dumpAttributes(byteWise)) << "seed " << seed;
        ASSERT_EQ(dumpScrollback(whole), dumpScrollback(byteWise)) << "seed " << seed;
    }
}

// Only the height changes: at another width deviceterm reflows the
// primary screen and history, which libvterm 0.1.4 cannot (its lines are
// cut); reflow_test.cpp checks that instead.
TEST(DifferentialTest, randomStreamsFollowedByResizesAgreeIncludingScrollbackPops)
{
    for (uint32_t seed = 5001; seed <= 5600; ++seed) {
        StreamGenerator gen(seed);
        std::mt19937 rng(seed);
        std::vector<std::pair<int, int>> resizes;
        for (int i = 0; i < 4; ++i)
            resizes.emplace_back(std::uniform_int_distribution<int>(2, 14)(rng), 20);
        const std::string d = diffAfter(gen.next(600), 8, 20, resizes);
        ASSERT_EQ(d, "") << "seed " << seed;
    }
}

TEST(DifferentialTest, everyRefCaseAgreesWithLibvterm)
{
    const std::filesystem::path root = DT_REF_DIR;
    int cases = 0;
    for (const auto &entry : std::filesystem::directory_iterator(root)) {
        if (!entry.is_directory())
            continue;
        std::ifstream meta(entry.path() / "meta");
        int rows = 24, cols = 80;
        bool oracleApplies = true;
        std::string line;
        while (std::getline(meta, line)) {
            if (line.rfind("rows=", 0) == 0) rows = std::stoi(line.substr(5));
            if (line.rfind("cols=", 0) == 0) cols = std::stoi(line.substr(5));
            // Cases about what we add on top of libvterm (faint, CSI 3 J,
            // long OSC) have nothing to compare against.
            if (line == "oracle=no") oracleApplies = false;
        }
        if (!oracleApplies)
            continue;
        const std::string d = diffAfter(readFile(entry.path() / "input.bin"), rows, cols);
        EXPECT_EQ(d, "") << entry.path().filename();
        ++cases;
    }
    EXPECT_GE(cases, 30);
}

} // namespace
