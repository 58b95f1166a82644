// What the CLI says to someone trying it for the first time, outside any
// deviceterm tab and with no deviceterm running: help in its usual
// spellings, the version, a group named without its subcommand, a typo,
// and doctor and agents knowing where they run.

#include "support/scratch_dir.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <sys/wait.h>

namespace {

struct Outcome {
    int status = -1;
    std::string out, err;
};

class FirstContact : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(dir.valid()); }

    // The real CLI, as a shell outside deviceterm runs it.
    Outcome cli(const std::string &arguments)
    {
        const std::string command = "env -u DEVICETERM_SESSION -u DEVICETERM_SESSION_CAP -u DEVICETERM_DAEMON_SOCK "
                                    "-u DEVICETERM_SHIM_DIR XDG_RUNTIME_DIR='" + dir.path() + "' XDG_STATE_HOME='" + dir.path()
            + "' '" DT_CLI_BINARY "' " + arguments + " > '" + dir.file("out") + "' 2> '" + dir.file("err") + "'";
        const int raw = std::system(command.c_str());
        return {WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, dir.read("out"), dir.read("err")};
    }

    dt::test::ScratchDir dir{"dt-first-contact"};
};

TEST_F(FirstContact, helpAndVersionInTheirUsualSpellings)
{
    for (const char *asking : {"", "help", "--help", "-h"}) {
        const Outcome r = cli(asking);
        EXPECT_EQ(r.status, 0) << asking;
        EXPECT_EQ(r.out.rfind("usage: deviceterm <command>", 0), 0u) << asking << "\n" << r.out;
        EXPECT_EQ(r.err, "") << asking;
    }
    const Outcome version = cli("--version");
    EXPECT_EQ(version.status, 0);
    EXPECT_EQ(version.out.rfind("deviceterm ", 0), 0u) << version.out;
    EXPECT_NE(version.out.find("(not reachable)"), std::string::npos) << version.out;
}

TEST_F(FirstContact, aGroupWithoutItsSubcommandOrATypoSaysWhatThereIs)
{
    const Outcome tab = cli("tab");
    EXPECT_EQ(tab.status, 1);
    EXPECT_EQ(tab.err.rfind("deviceterm: tab needs a subcommand: info, ", 0), 0u) << tab.err;
    EXPECT_NE(tab.err.find(" run, "), std::string::npos) << tab.err;
    EXPECT_NE(tab.err.find("(see 'deviceterm help tab')"), std::string::npos) << tab.err;

    EXPECT_NE(cli("tabz").err.find("unknown command 'tabz'; did you mean: tabs, tab"), std::string::npos);
    EXPECT_NE(cli("hepl").err.find("did you mean: help?"), std::string::npos);
    EXPECT_NE(cli("tab lst").err.find("did you mean: tabs list?"), std::string::npos);
    const Outcome nothingClose = cli("frobnicate");
    EXPECT_EQ(nothingClose.err, "deviceterm: unknown command 'frobnicate' (see 'deviceterm help')\n");

    // The contract's pane.rename and pane.move are unsupported: no verb
    // offers them, in help or anywhere.
    EXPECT_NE(cli("pane rename x").err.find("unknown pane subcommand 'rename'; pane has: open, close, info"),
              std::string::npos);
    const std::string help = cli("help").out;
    EXPECT_EQ(help.find("pane rename"), std::string::npos);
    EXPECT_EQ(help.find("pane move"), std::string::npos);
}

TEST_F(FirstContact, helpColumnsLineUpByWhatTheTerminalShows)
{
    // "with-pane … [ARGS…]" holds a three-byte ellipsis: its summary still
    // starts in the same column as its neighbours'.
    const std::string help = cli("help").out;
    auto columnOf = [&](const std::string &usageStart, const std::string &summaryStart) {
        const size_t line = help.find("\n  " + usageStart);
        const size_t summary = help.find(summaryStart, line);
        if (line == std::string::npos || summary == std::string::npos)
            return size_t(0);
        size_t columns = 0;
        for (size_t i = line + 1; i < summary; ++i)
            columns += (static_cast<unsigned char>(help[i]) & 0xC0) != 0x80;
        return columns;
    };
    const size_t plain = columnOf("doctor [--json]", "check this shell");
    ASSERT_GT(plain, 0u) << help;
    EXPECT_EQ(columnOf("with-pane [--pane REF]", "run COMMAND aimed"), plain) << help;
}

TEST_F(FirstContact, doctorAndAgentsKnowTheyRunOutsideATab)
{
    const Outcome doctor = cli("doctor");
    EXPECT_NE(doctor.out.find("[warn]   Inside a deviceterm tab"), std::string::npos) << doctor.out;
    EXPECT_EQ(doctor.out.find("DEVICETERM_SESSION"), std::string::npos) << "no row per absent variable";
    EXPECT_EQ(doctor.out.find("shim"), std::string::npos) << doctor.out;
    // Only what is really wrong fails: no deviceterm is running.
    EXPECT_NE(doctor.out.find("[fail]   Daemon socket"), std::string::npos) << doctor.out;
    EXPECT_NE(doctor.out.find("Result: fail (1 check failed)"), std::string::npos) << doctor.out;
    EXPECT_EQ(doctor.status, 1);

    const Outcome agents = cli("agents");
    EXPECT_EQ(agents.status, 0);
    EXPECT_NE(agents.out.find("You are not in a deviceterm tab"), std::string::npos) << agents.out;
    EXPECT_EQ(agents.out.find("You are running in a deviceterm tab"), std::string::npos);
}

} // namespace
