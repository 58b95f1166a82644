// Ref tests: a directory per case under ref/, raw bytes in and a readable
// screen out. Each case is also fed one byte at a time and, when short, split
// in two at every position: libvterm keeps state across writes, and chunk
// boundaries are where terminals break.
//
// DEVICETERM_UPDATE_REF=1 rewrites the expectations from the current output,
// for review in the diff; never hand-edit a mismatch away.

#include "support/read_file.h"
#include "terminal/core/screen_dump.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using dt::test::readFile;

namespace fs = std::filesystem;
using dt::term::Terminal;

void writeFile(const fs::path &p, const std::string &content)
{
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << content;
}

std::string escaped(const std::string &bytes)
{
    std::string out;
    for (unsigned char c : bytes) {
        if (c == 0x1b) out += "\\e";
        else if (c == '\\') out += "\\\\";
        else if (c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else out += static_cast<char>(c);
    }
    return out;
}

struct Case {
    std::string name;
    int rows = 24;
    int cols = 80;
    int scrollback = 100;
    int resizeRows = 0;
    int resizeCols = 0;
    std::string input;
    std::string afterResize;
};

Case loadCase(const fs::path &dir)
{
    Case c;
    c.name = dir.filename().string();
    std::ifstream meta(dir / "meta");
    std::string line;
    while (std::getline(meta, line)) {
        const auto eq = line.find('=');
        if (eq == std::string::npos)
            continue;
        const std::string key = line.substr(0, eq), value = line.substr(eq + 1);
        if (key == "rows") c.rows = std::stoi(value);
        else if (key == "cols") c.cols = std::stoi(value);
        else if (key == "scrollback") c.scrollback = std::stoi(value);
        else if (key == "resize") std::sscanf(value.c_str(), "%dx%d", &c.resizeRows, &c.resizeCols);
    }
    c.input = readFile(dir / "input.bin");
    if (fs::exists(dir / "input-after-resize.bin"))
        c.afterResize = readFile(dir / "input-after-resize.bin");
    return c;
}

struct Result {
    std::string screen, attrs, scrollback, replies;
    bool operator==(const Result &) const = default;
};

// So that a mismatch prints the screens rather than bytes.
[[maybe_unused]] void PrintTo(const Result &r, std::ostream *os)
{
    *os << "\n" << r.screen << r.attrs << (r.scrollback.empty() ? "" : "scrollback:\n" + r.scrollback) << r.replies;
}

// Feeds the input in the given pieces and dumps the outcome.
Result run(const Case &c, const std::vector<std::string> &pieces)
{
    Terminal t(c.rows, c.cols, c.scrollback);
    Result r;
    t.setOutput([&r](const char *b, size_t n) { r.replies.append(b, n); });
    for (const std::string &p : pieces)
        t.feed(p);
    if (c.resizeRows > 0) {
        t.resize(c.resizeRows, c.resizeCols);
        t.feed(c.afterResize);
    }
    r.screen = dt::term::dumpScreenText(t);
    r.attrs = dt::term::dumpAttributes(t);
    r.scrollback = dt::term::dumpScrollback(t);
    r.replies = r.replies.empty() ? "" : escaped(r.replies) + "\n";
    return r;
}

std::vector<fs::path> caseDirectories()
{
    std::vector<fs::path> dirs;
    for (const auto &e : fs::directory_iterator(DT_REF_DIR))
        if (e.is_directory())
            dirs.push_back(e.path());
    std::sort(dirs.begin(), dirs.end());
    return dirs;
}

class RefTest : public ::testing::TestWithParam<fs::path> {};

TEST_P(RefTest, screenMatchesExpectationWholeByteWiseAndSplit)
{
    const fs::path dir = GetParam();
    const Case c = loadCase(dir);
    const Result whole = run(c, {c.input});

    if (std::getenv("DEVICETERM_UPDATE_REF")) {
        writeFile(dir / "screen.txt", whole.screen);
        writeFile(dir / "attrs.txt", whole.attrs);
        if (whole.scrollback.empty()) fs::remove(dir / "scrollback.txt");
        else writeFile(dir / "scrollback.txt", whole.scrollback);
        if (whole.replies.empty()) fs::remove(dir / "replies.txt");
        else writeFile(dir / "replies.txt", whole.replies);
    }

    Result expected;
    expected.screen = readFile(dir / "screen.txt");
    expected.attrs = readFile(dir / "attrs.txt");
    expected.scrollback = fs::exists(dir / "scrollback.txt") ? readFile(dir / "scrollback.txt") : "";
    expected.replies = fs::exists(dir / "replies.txt") ? readFile(dir / "replies.txt") : "";

    ASSERT_FALSE(expected.screen.empty()) << "case " << c.name << " has no screen.txt";
    EXPECT_EQ(whole.screen, expected.screen) << c.name;
    EXPECT_EQ(whole.attrs, expected.attrs) << c.name;
    EXPECT_EQ(whole.scrollback, expected.scrollback) << c.name;
    EXPECT_EQ(whole.replies, expected.replies) << c.name;

    std::vector<std::string> bytes;
    for (char ch : c.input)
        bytes.emplace_back(1, ch);
    const Result byteWise = run(c, bytes);
    EXPECT_EQ(byteWise, whole) << c.name << " fed one byte at a time:\n" << byteWise.screen;

    if (c.input.size() <= 600) {
        for (size_t cut = 1; cut < c.input.size(); ++cut) {
            const Result split = run(c, {c.input.substr(0, cut), c.input.substr(cut)});
            ASSERT_EQ(split, whole) << c.name << " split at byte " << cut << ":\n" << split.screen;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Cases, RefTest, ::testing::ValuesIn(caseDirectories()),
                         [](const ::testing::TestParamInfo<fs::path> &info) {
                             std::string n = info.param.filename().string();
                             for (char &ch : n)
                                 if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                             return n;
                         });

TEST(RefCorpus, hasAtLeastFortyCases)
{
    EXPECT_GE(caseDirectories().size(), 40u);
}

} // namespace
