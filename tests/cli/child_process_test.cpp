// with-pane's child handling: the status a shell would report.

#include "app/cli/child_process.h"

#include <gtest/gtest.h>

namespace {

using dt::cli::runAndForward;

TEST(WithPaneChild, passesTheExitStatusThrough)
{
    EXPECT_EQ(runAndForward({"sh", "-c", "exit 15"}, {}), 15);
    EXPECT_EQ(runAndForward({"true"}, {}), 0);
}

TEST(WithPaneChild, aSignalBecomes128PlusItsNumber)
{
    EXPECT_EQ(runAndForward({"sh", "-c", "kill -TERM $$"}, {}), 143);
    EXPECT_EQ(runAndForward({"sh", "-c", "kill -INT $$"}, {}), 130);
}

TEST(WithPaneChild, aProgramThatCannotStartIs127)
{
    EXPECT_EQ(runAndForward({"/nonexistent/tool", "--json"}, {}), 127);
}

TEST(WithPaneChild, theChildSeesTheTargetEnvironment)
{
    EXPECT_EQ(runAndForward({"sh", "-c", "test \"$DEVICETERM_TARGET_PANE\" = U1 && test \"$DISPLAY\" = :42"},
                            {{"DEVICETERM_TARGET_PANE", "U1"}, {"DISPLAY", ":42"}}),
              0);
}

} // namespace
