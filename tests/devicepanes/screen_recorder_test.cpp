// ScreenRecorder on a real device's display, when no thread can be had
// for its encoder (a process limit reached): it says so where it says that
// a file cannot be opened, a stop is answered at once with why, and
// nothing of it runs.

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
using dt::test::SimulatorTest;
using dt::test::waitUntil;

class ScreenRecorderTest : public SimulatorTest {
public:
    // In a child process of its own (ProcessLimit): the device boots and
    // goes there, as root, so that none of its processes is left behind,
    // and so does the fixture's directory. 0 when all went well, else the
    // number of the step that did not, told on stderr.
    int recordWithNoThreadToBeHad()
    {
        const int result = tryRecording();
        runtime.remove();
        return result;
    }

private:
    int tryRecording()
    {
        auto sim = boot("phone");
        if (!waitUntil([&] { return rendered(*sim); }, 15000)) {
            std::fprintf(stderr, "1: the device did not start\n");
            return 1;
        }
        const QString path = runtime.filePath(QStringLiteral("never.webm"));
        std::optional<QString> problem;
        std::optional<ScreenRecorder::Summary> stopped;
        {
            dt::test::ProcessLimit limit;
            limit.reach();
            ScreenRecorder recorder(*sim->display(), path, 10);
            recorder.start([&problem](QString why) { problem = why; });
            recorder.stop([&stopped](ScreenRecorder::Summary summary) { stopped = summary; });
            limit.lift();
            if (!stopped || !stopped->problem.contains(QStringLiteral("no thread for the encoder"))) {
                std::fprintf(stderr, "2: the stop was not answered at once with why\n");
                return 2;
            }
            if (!waitUntil([&] { return problem.has_value(); }, 5000)) {
                std::fprintf(stderr, "3: no answer to the start\n");
                return 3;
            }
            if (!problem->contains(QStringLiteral("no thread for the encoder"))) {
                std::fprintf(stderr, "4: the start was answered: %s\n", qPrintable(*problem));
                return 4;
            }
        }
        if (QFile::exists(path)) { // root again: the directory is root's
            std::fprintf(stderr, "5: a file was made\n");
            return 5;
        }
        return 0;
    }
};

TEST_F(ScreenRecorderTest, aRecordingWithNoThreadForItsEncoderSaysSo)
{
    EXPECT_EXIT(std::exit(recordWithNoThreadToBeHad()), ::testing::ExitedWithCode(0), "");
}

} // namespace
