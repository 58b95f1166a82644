// Command records from byte streams that real bash, zsh and fish printed
// with deviceterm's integration (one folder per shell under commands/,
// recorded by commands/record.py): every command's line, exit status,
// output and directory come out as the commands are known to behave, with
// the stream fed whole, byte by byte, and split in two at every position.

#include "support/read_file.h"
#include "terminal/core/terminal.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using dt::test::readFile;

namespace fs = std::filesystem;
using dt::term::Terminal;
using Json = nlohmann::json;

std::vector<std::string> caseNames()
{
    std::vector<std::string> names;
    for (const auto &entry : fs::directory_iterator(DT_COMMANDS_DIR))
        if (entry.is_directory())
            names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

class RecordedShell : public ::testing::TestWithParam<std::string> {
protected:
    void SetUp() override
    {
        const fs::path dir = fs::path(DT_COMMANDS_DIR) / GetParam();
        input = readFile(dir / "input.bin");
        expected = Json::parse(readFile(dir / "expected.json"));
        ASSERT_FALSE(input.empty());
    }
    // Every expectation, on a terminal fed one way (`how`).
    void check(const Terminal &t, const std::string &how)
    {
        const auto &records = t.commands().records();
        const Json &want = expected["records"];
        ASSERT_TRUE(t.commands().integrated()) << how;
        ASSERT_EQ(records.size(), want.size()) << how;
        for (size_t i = 0; i < records.size(); ++i) {
            const auto &r = records[i];
            const Json &w = want[i];
            EXPECT_EQ(r.id, i + 1) << how;
            EXPECT_EQ(r.commandLine, w["command"].get<std::string>()) << how << ", command " << i + 1;
            EXPECT_TRUE(r.finished) << how << ", " << r.commandLine;
            EXPECT_EQ(r.exitStatus, w["exitStatus"].get<int>()) << how << ", " << r.commandLine;
            EXPECT_EQ(t.commandOutput(r), w["output"].get<std::string>()) << how << ", " << r.commandLine;
            if (w.contains("cwd")) {
                EXPECT_EQ(r.cwd, w["cwd"].get<std::string>()) << how << ", " << r.commandLine;
            }
        }
        // The shell is back at its prompt.
        EXPECT_FALSE(t.commands().running()) << how;
        EXPECT_TRUE(t.commands().pendingInput()) << how;
    }
    Terminal fresh() const { return Terminal(expected["rows"].get<int>(), expected["columns"].get<int>(), 1000); }

    std::string input;
    Json expected;
};

TEST_P(RecordedShell, wholeAndByteByByte)
{
    {
        Terminal t = fresh();
        t.feed(input);
        check(t, "whole");
    }
    Terminal t = fresh();
    for (char c : input)
        t.feed(&c, 1);
    check(t, "byte by byte");
}

TEST_P(RecordedShell, splitInTwoAtEveryPosition)
{
    for (size_t cut = 1; cut < input.size(); ++cut) {
        Terminal t = fresh();
        t.feed(input.substr(0, cut));
        t.feed(input.substr(cut));
        check(t, "split at " + std::to_string(cut));
        if (HasFailure())
            return; // one position's failures say it all
    }
}

INSTANTIATE_TEST_SUITE_P(Shells, RecordedShell, ::testing::ValuesIn(caseNames()),
                         [](const auto &info) { return info.param; });

} // namespace
