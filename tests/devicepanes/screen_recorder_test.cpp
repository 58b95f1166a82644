// ScreenRecorder on a real device's display, when no thread can be had
// for its encoder (a process limit reached): it says so where it says that
// a file cannot be opened, and nothing of it runs.

#include "devicepanes/screen_recorder.h"
#include "simulator_fixture.h"
#include "support/process_limit.h"

#include <QFile>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>

namespace {

using dt::devices::ScreenRecorder;
using dt::devices::Simulator;
using dt::test::SimulatorTest;
using dt::test::waitUntil;

// In a child process of its own (ProcessLimit); the device goes before it
// exits, as root again, so that none of its processes is left behind.
int recordWithNoThreadToBeHad(std::unique_ptr<Simulator> sim, const QString &path)
{
    int result = 0;
    {
        dt::test::ProcessLimit limit;
        limit.reach();
        ScreenRecorder recorder(*sim->display(), path, 10);
        std::optional<QString> problem;
        recorder.start([&problem](QString why) { problem = why; });
        limit.lift();
        if (!waitUntil([&] { return problem.has_value(); })) {
            std::fprintf(stderr, "1: no answer\n");
            result = 1;
        } else if (!problem->contains(QStringLiteral("no thread for the encoder"))) {
            std::fprintf(stderr, "2: the answer is: %s\n", qPrintable(*problem));
            result = 2;
        } else if (QFile::exists(path)) {
            std::fprintf(stderr, "3: a file was made\n");
            result = 3;
        }
    }
    sim.reset();
    return result;
}

TEST_F(SimulatorTest, aRecordingWithNoThreadForItsEncoderSaysSo)
{
    auto sim = boot("phone");
    ASSERT_TRUE(waitUntil([&] { return rendered(*sim); }, 15000));
    const QString path = runtime.filePath(QStringLiteral("never.webm"));
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    EXPECT_EXIT(std::exit(recordWithNoThreadToBeHad(std::move(sim), path)), ::testing::ExitedWithCode(0), "");
}

} // namespace
