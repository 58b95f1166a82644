// Evidence from a device through the real CLI in a real tab: a recording
// of the phone's screen decoded back (frames, size, duration), the
// refusals around it, a recording ended by the device's shutdown that
// still plays, and the log of its programs, read, followed and kept after
// its app crashed.

#include "cli_fixture.h"
#include "support/video_probe.h"

#include <QDir>

#include <gtest/gtest.h>

namespace {

using namespace dt::test::cli;

TEST_F(CliTest, aTabRecordsItsPhoneAndReadsWhatItsProgramsPrinted)
{
    startGui(QStringLiteral("sh ") + script("device_evidence.sh"));
    ASSERT_TRUE(waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, 80000))
        << "the script got as far as: " << QDir(dir.path()).entryList(QDir::Files, QDir::Time).join(u' ').toStdString();
    EXPECT_EQ(fileAfterDone(QStringLiteral("waits.err")).toStdString(), "");
    const auto json = [&](const char *name) { return Json::parse(fileAfterDone(QLatin1String(name)).toStdString()); };
    const auto text = [&](const char *name) { return fileAfterDone(QLatin1String(name)).toStdString(); };
    const auto status = [&](const char *name) { return fileAfterDone(QLatin1String(name)).trimmed().toStdString(); };
    const auto path = [&](const char *name) { return dir.filePath(QLatin1String(name)).toStdString(); };

    // What the device's programs cost: the shell itself at least, with
    // its memory, over the sample asked for.
    ASSERT_EQ(status("perf.status"), "0") << text("perf.err");
    const Json perf = json("perf.json");
    ASSERT_FALSE(perf["processes"].empty()) << perf.dump();
    EXPECT_EQ(perf["processes"][0]["command"], "deviceterm-devi") << perf.dump(); // comm: 15 characters
    EXPECT_GT(perf["processes"][0]["rssBytes"].get<int64_t>(), 4 * 1024 * 1024) << perf.dump();
    EXPECT_GE(perf["cpuPercent"].get<double>(), 0);
    EXPECT_GE(perf["sampleMillis"].get<int>(), 500);
    EXPECT_EQ(status("badsample.status"), "1");
    EXPECT_NE(text("badsample.err").find("--sample must be from 50ms to 10s"), std::string::npos) << text("badsample.err");

    // The recording: opened at the phone's size, stopped with a summary
    // that the file itself bears out.
    ASSERT_EQ(status("start.status"), "0") << text("start.err");
    const Json started = json("start.json");
    EXPECT_EQ(started["path"], path("clip.webm"));
    EXPECT_EQ(started["width"], 390);
    EXPECT_EQ(started["height"], 844);
    EXPECT_EQ(started["framesPerSecond"], 60);
    EXPECT_EQ(status("busy.status"), "1");
    EXPECT_NE(text("busy.err").find("deviceterm: the pane is already being recorded into " + path("clip.webm")),
              std::string::npos)
        << text("busy.err");
    ASSERT_EQ(status("stop.status"), "0") << text("stop.err");
    const Json stopped = json("stop.json");
    EXPECT_EQ(stopped["ended"], "stopped");
    EXPECT_EQ(stopped["codec"], "libvpx");
    EXPECT_EQ(stopped["droppedFrames"], 0);
    const auto clip = dt::test::probeVideo(path("clip.webm"));
    ASSERT_EQ(clip.error, "");
    EXPECT_EQ(clip.width, 390);
    EXPECT_EQ(clip.height, 844);
    // The first picture, each change the taps made (at least three pages
    // and counts), and the last picture again at the stop.
    EXPECT_GE(clip.frames, 5);
    EXPECT_EQ(clip.frames, stopped["frames"].get<int64_t>());
    EXPECT_NEAR(clip.durationSeconds, stopped["durationMillis"].get<double>() / 1000, 0.1);
    EXPECT_GT(clip.durationSeconds, 0.2);
    // Stopped once: there is nothing left to stop.
    EXPECT_EQ(status("stop-again.status"), "1");
    EXPECT_NE(text("stop-again.err").find("deviceterm: this session is recording nothing"), std::string::npos)
        << text("stop-again.err");
    EXPECT_EQ(status("unwritable.status"), "1");
    EXPECT_NE(text("unwritable.err").find("cannot record: cannot write /nonexistent/dir/clip.webm"), std::string::npos)
        << text("unwritable.err");
    EXPECT_EQ(status("badext.status"), "1");
    EXPECT_NE(text("badext.err").find("path must end in .webm, .mkv or .mp4"), std::string::npos) << text("badext.err");

    // The Timer page: not ready at first, ready after its delay (the wait
    // waited); while the stopwatch ran the screen never settled, and the
    // recording took frame after frame of it.
    EXPECT_EQ(status("early.status"), "1") << text("early.txt");
    ASSERT_EQ(status("ready.status"), "0") << text("ready.err");
    EXPECT_GT(json("ready.json")["waitedMillis"].get<int>(), 0) << text("ready.json");
    EXPECT_EQ(status("ticking.status"), "1");
    EXPECT_NE(text("ticking.err").find("deviceterm: the screen kept changing"), std::string::npos) << text("ticking.err");
    EXPECT_EQ(status("still.status"), "0") << text("still.err");
    EXPECT_EQ(text("tick-start.err"), "");
    const Json tick = json("tick.json");
    EXPECT_EQ(tick["droppedFrames"], 0);
    const auto ticking = dt::test::probeVideo(path("tick.webm"));
    ASSERT_EQ(ticking.error, "");
    EXPECT_EQ(ticking.frames, tick["frames"].get<int64_t>());
    // Up to 60 a second over the second the wait took (redraws that share
    // a tick are one frame; a loaded machine redraws less often).
    EXPECT_GE(double(ticking.frames) / ticking.durationSeconds, 20) << tick.dump();
    EXPECT_LE(double(ticking.frames) / ticking.durationSeconds, 61) << tick.dump();

    // The log: both streams of a launched program, a line printed while a
    // follower watched, and bad flags refused.
    EXPECT_EQ(status("logs.status"), "0") << text("logs.err");
    const std::string logs = text("logs.txt");
    EXPECT_NE(logs.find("--- deviceterm: Phone booted at "), std::string::npos) << logs;
    EXPECT_NE(logs.find("out-line\n"), std::string::npos) << logs;
    EXPECT_NE(logs.find("err-line\n"), std::string::npos) << logs;
    EXPECT_NE(logs.find("later-line\n"), std::string::npos) << logs;
    const std::string followed = text("follow.txt");
    EXPECT_NE(followed.find("out-line\n"), std::string::npos) << followed;
    EXPECT_NE(followed.find("later-line\n"), std::string::npos) << followed;
    EXPECT_EQ(followed.find("later-line"), followed.rfind("later-line")) << "once, not again" << followed;
    EXPECT_EQ(status("badbytes.status"), "1");
    EXPECT_NE(text("badbytes.err").find("--bytes must be a whole number from 1 to 1048576"), std::string::npos);

    // Ended by the shutdown: finished, playable, and the stop says why.
    EXPECT_EQ(text("cut-start.err"), "");
    ASSERT_EQ(status("cut.status"), "0") << text("cut.err");
    const Json cut = json("cut.json");
    EXPECT_EQ(cut["ended"], "deviceShutDown");
    const auto cutClip = dt::test::probeVideo(path("cut.mp4"));
    ASSERT_EQ(cutClip.error, "");
    EXPECT_EQ(cutClip.container.find("mp4") != std::string::npos, true) << cutClip.container;
    EXPECT_GE(cutClip.frames, 1);
    EXPECT_EQ(cutClip.frames, cut["frames"].get<int64_t>());

    // The app that crashed: its pane shows the failure, its log what it
    // printed first.
    const Json panes = json("crashy-pane.json");
    ASSERT_EQ(panes.size(), 1u) << panes.dump();
    EXPECT_EQ(panes[0]["name"], "Crashy");
    EXPECT_EQ(panes[0]["state"], "failed") << panes.dump();
    EXPECT_EQ(status("crashy.status"), "0") << text("crashy.err");
    EXPECT_NE(text("crashy.txt").find("before-the-crash\n"), std::string::npos) << text("crashy.txt");
}

} // namespace
