// The man pages written at build time (packaging/) hold every verb of the
// CLI's table, every config key, and the GUI's options, in roff.

#include "app/cli/cli.h"
#include "app/config/config_keys.h"
#include "support/read_file.h"

#include <gtest/gtest.h>

namespace {

std::string page(const char *name)
{
    return dt::test::readFile(std::string(DT_MAN_DIR) + "/" + name);
}

// As man_page.cmake writes text into roff.
std::string roff(std::string text)
{
    std::string out;
    for (char c : text)
        out += c == '\\' ? std::string("\\e") : c == '-' ? std::string("\\-") : std::string(1, c);
    return out;
}

TEST(ManPages, deviceterm1NamesEveryVerbWithItsUsage)
{
    const std::string man = page("deviceterm.1");
    ASSERT_EQ(man.rfind(".TH DEVICETERM 1 ", 0), 0u) << man.substr(0, 200);
    for (const dt::cli::Verb &v : dt::cli::verbs())
        EXPECT_NE(man.find(roff(v.usage)), std::string::npos) << v.usage;
    for (const char *section : {".SH EXIT STATUS", ".SH ENVIRONMENT", ".SH FILES", "DEVICETERM_SESSION"})
        EXPECT_NE(man.find(section), std::string::npos) << section;
}

TEST(ManPages, deviceterm5NamesEveryConfigKeyAndWhatItTakes)
{
    const std::string man = page("deviceterm-config.5");
    ASSERT_EQ(man.rfind(".TH DEVICETERM-CONFIG 5 ", 0), 0u);
    for (const dt::config::KeySpec &k : dt::config::keys()) {
        EXPECT_NE(man.find("\n" + roff(k.name) + "\n"), std::string::npos) << k.name;
        EXPECT_NE(man.find(roff(k.description)), std::string::npos) << k.name;
    }
}

TEST(ManPages, deviceterm1ForTheGuiHasItsOptionsAndNoBuildPaths)
{
    const std::string man = page("deviceterm-gui.1");
    ASSERT_EQ(man.rfind(".TH DEVICETERM-GUI 1 ", 0), 0u);
    for (const char *option : {"\\-T, \\-\\-title", "\\-\\-working\\-directory", "\\-\\-hold", "\\-\\-font\\-size"})
        EXPECT_NE(man.find(option), std::string::npos) << option;
    EXPECT_EQ(man.find(DT_MAN_DIR), std::string::npos);
    EXPECT_EQ(man.find("/app/deviceterm-gui"), std::string::npos) << "the build's path leaked into the page";
}

} // namespace
