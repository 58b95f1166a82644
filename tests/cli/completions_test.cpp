// The completion scripts, driven in real shells: bash through its
// completion function, fish through `complete -C`, zsh checked for syntax.
// Every value offered comes from a verb's usage line.

#include "app/cli/completion_scripts.h"
#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include <algorithm>

namespace {

class Completions : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.valid());
        dir.write("deviceterm.bash", dt::cli::bashScript());
        dir.write("deviceterm.fish", dt::cli::fishScript());
        dir.write("_deviceterm", dt::cli::zshScript());
    }

    // What a shell command prints (stdout and stderr).
    std::string run(const std::string &command)
    {
        dir.write("query.sh", command);
        std::system(("sh '" + dir.file("query.sh") + "' > '" + dir.file("out") + "' 2>&1").c_str());
        return dir.read("out");
    }
    // bash's candidates for the words typed so far (the last one is being typed).
    std::string bash(const std::string &words)
    {
        return run("bash -c 'source " + dir.file("deviceterm.bash") + "; COMP_WORDS=(" + words
                   + "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _deviceterm; echo \"${COMPREPLY[*]}\"'");
    }
    std::string fish(const std::string &line)
    {
        return run("fish -c 'source " + dir.file("deviceterm.fish") + "; complete -C \"" + line + "\"'");
    }

    dt::test::ScratchDir dir{"dt-completions"};
};

TEST_F(Completions, bashCompletesVerbsSubcommandsFlagsAndTheirValues)
{
    EXPECT_EQ(bash("deviceterm ta"), "tab tabs tap\n");
    EXPECT_EQ(bash("deviceterm tab \"\"").rfind("info set-private send-input run", 0), 0u) << bash("deviceterm tab \"\"");
    EXPECT_EQ(bash("deviceterm tab close --mode \"\""), "detach shutdown\n");
    EXPECT_EQ(bash("deviceterm sim create x --profile \"\""), "watch phone pad tv\n");
    EXPECT_EQ(bash("deviceterm tab set-private \"\""), "true false --tab --json\n");
    EXPECT_EQ(bash("deviceterm tab run --t"), "--tab --timeout\n");
    EXPECT_EQ(bash("deviceterm tab open --cwd /us"), "/usr\n"); // directories for --cwd
}

TEST_F(Completions, fishCompletesTheSameWithDescriptions)
{
    EXPECT_EQ(fish("deviceterm tab close --mode "), "detach\nshutdown\n");
    EXPECT_NE(fish("deviceterm tab ").find("close\tclose a tab (this one by default)\n"), std::string::npos)
        << fish("deviceterm tab ");
    EXPECT_EQ(fish("deviceterm sim create x --profile "), "pad\nphone\ntv\nwatch\n");
    EXPECT_EQ(fish("deviceterm find --r"), "--regex\n--role\n");
    EXPECT_EQ(fish("deviceterm tab open --cwd /us"), "/usr/\tDirectory\n");
}

TEST_F(Completions, zshReadsItsScript)
{
    EXPECT_EQ(run("zsh -n '" + dir.file("_deviceterm") + "' && echo parsed"), "parsed\n");
}

TEST_F(Completions, everyFlagInAUsageLineIsOffered)
{
    const dt::cli::VerbCompletion open = dt::cli::completionOf(*[] {
        for (const dt::cli::Verb &v : dt::cli::verbs())
            if (v.words == std::vector<std::string>{"tab", "open"})
                return &v;
        return static_cast<const dt::cli::Verb *>(nullptr);
    }());
    EXPECT_EQ(open.key, "tab open");
    for (const char *flag : {"--window", "--cwd", "--cmd", "--wait", "--timeout", "--max-bytes", "--json"})
        EXPECT_NE(std::find(open.flags.begin(), open.flags.end(), flag), open.flags.end()) << flag;
    EXPECT_EQ(open.directoryFlags, std::vector<std::string>{"--cwd"});
}

} // namespace
