// The completion scripts, driven in real shells: bash through its
// completion function, fish through `complete -C`, zsh running the script
// with its candidate builtins printing. Every fixed value comes from a
// verb's usage line; device names and tab refs from the CLI as it runs.

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

// Device names come from the device set as the person types (the real CLI
// on PATH, as an installed one would be); tab refs only inside a tab, so
// here none, and no error either.
TEST_F(Completions, devicesAreOfferedByNameFromTheDeviceSet)
{
    const std::string bin = std::string(DT_CLI_BINARY).substr(0, std::string(DT_CLI_BINARY).rfind('/'));
    const std::string env = "export PATH='" + bin + "':$PATH XDG_DATA_HOME='" + dir.file("data")
        + "'; unset DEVICETERM_SESSION DEVICETERM_SESSION_CAP; ";
    ASSERT_EQ(run(env + "deviceterm sim create 'Desk Phone' --profile phone > /dev/null && deviceterm sim create Watch "
                        "--profile watch > /dev/null && echo made"),
              "made\n");
    const std::string bashIn = "bash -c 'source " + dir.file("deviceterm.bash") + "; COMP_WORDS=(";
    const std::string bashOut = "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _deviceterm; printf \"%s|\" \"${COMPREPLY[@]}\"'";
    EXPECT_EQ(run(env + bashIn + "deviceterm sim boot \"\"" + bashOut), "Desk Phone|Watch|");
    EXPECT_EQ(run(env + bashIn + "deviceterm sim shutdown D" + bashOut), "Desk Phone|");
    EXPECT_EQ(run(env + bashIn + "deviceterm tab close --tab \"\"" + bashOut), "|"); // outside a tab: none
    EXPECT_EQ(run(env + "fish -c 'source " + dir.file("deviceterm.fish") + "; complete -C \"deviceterm device attach \"'"),
              "Desk Phone\nWatch\n");
    EXPECT_EQ(run(env + "deviceterm completions values tabs; echo \"status $?\""), "status 0\n");
}

TEST_F(Completions, zshReadsItsScript)
{
    EXPECT_EQ(run("zsh -n '" + dir.file("_deviceterm") + "' && echo parsed"), "parsed\n");
}

// zsh runs the script itself, as compsys would, with only its builtins for
// offering candidates (compadd, _files) replaced by ones that print them.
TEST_F(Completions, zshOffersTheSameValues)
{
    const std::string bin = std::string(DT_CLI_BINARY).substr(0, std::string(DT_CLI_BINARY).rfind('/'));
    auto zsh = [&](const std::string &words, int current) {
        return run("export PATH='" + bin + "':$PATH XDG_DATA_HOME='" + dir.file("data")
                   + "'; zsh -c 'compadd() { [[ $1 == -- ]] && shift; print -l -- \"$@\"; }; _files() { print \"FILES $*\"; };"
                     " words=("
                   + words + "); CURRENT=" + std::to_string(current) + "; PREFIX=; source " + dir.file("_deviceterm") + "'");
    };
    EXPECT_EQ(zsh("deviceterm tab close --mode \"\"", 5), "detach\nshutdown\n");
    EXPECT_EQ(zsh("deviceterm sim create x --profile \"\"", 6), "watch\nphone\npad\ntv\n");
    EXPECT_EQ(zsh("deviceterm tab open --cwd \"\"", 5), "FILES -/\n");
    EXPECT_EQ(zsh("deviceterm tab \"\"", 3).rfind("info\nset-private\nsend-input\nrun", 0), 0u) << zsh("deviceterm tab \"\"", 3);
    ASSERT_EQ(run("export PATH='" + bin + "':$PATH XDG_DATA_HOME='" + dir.file("data")
                  + "'; deviceterm sim create Pocket --profile phone > /dev/null && echo made"),
              "made\n");
    EXPECT_EQ(zsh("deviceterm sim boot \"\"", 4), "Pocket\n");
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
