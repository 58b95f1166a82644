// One runtime directory rule: the CLI's socket, the device store's device
// directories and the GUI's (base::runtimeDirectory) agree whatever
// XDG_RUNTIME_DIR says, so a CLI never looks for a socket the GUI did not
// make.

#include "base/xdg_paths.h"
#include "devicepanes/store/device_store.h"
#include "rpc/client/connection.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <unistd.h>

namespace {

class RuntimeDirectory : public ::testing::Test {
protected:
    void SetUp() override
    {
        if (const char *x = std::getenv("XDG_RUNTIME_DIR"))
            saved = x;
        ::unsetenv("DEVICETERM_DAEMON_SOCK");
        char pattern[] = "/tmp/dt-runtime-XXXXXX";
        ASSERT_NE(::mkdtemp(pattern), nullptr);
        made = pattern;
    }
    void TearDown() override
    {
        ::rmdir(made.c_str());
        if (saved)
            ::setenv("XDG_RUNTIME_DIR", saved->c_str(), 1);
        else
            ::unsetenv("XDG_RUNTIME_DIR");
    }
    std::optional<std::string> saved;
    std::string made;
};

TEST_F(RuntimeDirectory, everyUserOfItAgreesWhateverXdgRuntimeDirSays)
{
    const std::string fallback = "/tmp/deviceterm-" + std::to_string(::getuid());
    const struct {
        const char *value; // nullptr: unset
        std::string expected;
    } cases[] = {
        {made.c_str(), made + "/deviceterm"},
        {"/nonexistent/run", fallback}, // set, but no such directory
        {"relative/run", fallback},
        {"", fallback},
        {nullptr, fallback},
    };
    for (const auto &c : cases) {
        if (c.value)
            ::setenv("XDG_RUNTIME_DIR", c.value, 1);
        else
            ::unsetenv("XDG_RUNTIME_DIR");
        const std::string shown = c.value ? c.value : "(unset)";
        EXPECT_EQ(dt::base::runtimeDirectory(), c.expected) << shown;
        EXPECT_EQ(dt::rpc::defaultSocketPath(), c.expected + "/deviceterm.sock") << shown;
        EXPECT_EQ(dt::devices::runtimeDirectoryOf("abc"), c.expected + "/devices/ABC") << shown;
    }
}

} // namespace
