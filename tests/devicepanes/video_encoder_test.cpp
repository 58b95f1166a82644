// The recorder's encoder alone: files written with FFmpeg's libraries and
// read back with them (frame count, size, duration, colours), every
// container, pictures of another size, and the refusals.

#include "devicepanes/media/video_encoder.h"
#include "support/video_probe.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/stat.h>
#include <filesystem>
#include <unistd.h>
#include <vector>

namespace {

using dt::media::VideoEncoder;

// A picture of one colour, in the encoder's B, G, R, x order.
std::vector<uint8_t> filled(int width, int height, uint8_t r, uint8_t g, uint8_t b)
{
    std::vector<uint8_t> pixels(size_t(width) * height * 4);
    for (size_t i = 0; i < pixels.size(); i += 4)
        pixels[i] = b, pixels[i + 1] = g, pixels[i + 2] = r, pixels[i + 3] = 0xff;
    return pixels;
}

class VideoEncoderTest : public ::testing::TestWithParam<const char *> {
protected:
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("dt-video-" + std::to_string(::getpid()));
    void SetUp() override { std::filesystem::create_directories(dir); }
    void TearDown() override { std::filesystem::remove_all(dir); }
};

bool near(uint8_t value, int expected)
{
    return std::abs(int(value) - expected) <= 24; // lossy, limited range
}

TEST_P(VideoEncoderTest, writesTheFramesItWasGivenAndLastsUntilTheFinish)
{
    const std::string path = (dir / (std::string("screen.") + GetParam())).string();
    std::string why;
    auto encoder = VideoEncoder::open({path, 390, 844, 60}, &why);
    ASSERT_TRUE(encoder) << why;
    const auto red = filled(390, 844, 220, 30, 30), green = filled(390, 844, 30, 200, 30), blue = filled(390, 844, 30, 30, 220);
    ASSERT_TRUE(encoder->addFrame(red.data(), 390, 844, 390 * 4, 0, &why)) << why;
    ASSERT_TRUE(encoder->addFrame(green.data(), 390, 844, 390 * 4, 30, &why)) << why;
    ASSERT_TRUE(encoder->addFrame(blue.data(), 390, 844, 390 * 4, 60, &why)) << why;
    // A screen that stayed still for a second writes nothing until the end.
    ASSERT_TRUE(encoder->finish(120, &why)) << why;
    EXPECT_EQ(encoder->framesWritten(), 4);

    const auto video = dt::test::probeVideo(path);
    ASSERT_EQ(video.error, "");
    EXPECT_EQ(video.width, 390);
    EXPECT_EQ(video.height, 844);
    EXPECT_EQ(video.frames, 4);
    EXPECT_NEAR(video.durationSeconds, 2.0, 0.05);
    ASSERT_EQ(video.decoded.size(), 4u);
    EXPECT_NEAR(video.decoded[1].seconds, 0.5, 0.02);
    EXPECT_TRUE(near(video.decoded[0].r, 220) && near(video.decoded[0].g, 30));
    EXPECT_TRUE(near(video.decoded[1].g, 200) && near(video.decoded[1].r, 30));
    EXPECT_TRUE(near(video.decoded[3].b, 220) && near(video.decoded[3].g, 30));
}

INSTANTIATE_TEST_SUITE_P(Containers, VideoEncoderTest, ::testing::Values("webm", "mkv", "mp4"));

TEST_F(VideoEncoderTest, aPictureOfAnotherShapeIsFittedInWithBars)
{
    const std::string path = (dir / "turned.webm").string();
    std::string why;
    auto encoder = VideoEncoder::open({path, 390, 844, 60}, &why);
    ASSERT_TRUE(encoder) << why;
    const auto sideways = filled(844, 390, 30, 200, 30);
    ASSERT_TRUE(encoder->addFrame(sideways.data(), 844, 390, 844 * 4, 0, &why)) << why;
    ASSERT_TRUE(encoder->finish(10, &why)) << why;
    const auto video = dt::test::probeVideo(path);
    ASSERT_EQ(video.error, "");
    EXPECT_EQ(video.width, 390);
    EXPECT_EQ(video.height, 844);
    ASSERT_FALSE(video.decoded.empty());
    EXPECT_TRUE(near(video.decoded[0].g, 200) && near(video.decoded[0].r, 30));
}

TEST_F(VideoEncoderTest, aChangedPartReplacesOnlyItsRectangle)
{
    const std::string path = (dir / "parts.webm").string();
    std::string why;
    auto encoder = VideoEncoder::open({path, 390, 844, 60}, &why);
    ASSERT_TRUE(encoder) << why;
    const auto red = filled(390, 844, 220, 30, 30), green = filled(90, 50, 30, 200, 30);
    EXPECT_FALSE(encoder->addPart(green.data(), 150, 400, 90, 50, 90 * 4, 0, &why)) << "needs a whole frame first";
    ASSERT_TRUE(encoder->addFrame(red.data(), 390, 844, 390 * 4, 0, &why)) << why;
    // Over the centre: the frame's middle turns green, the rest stays.
    ASSERT_TRUE(encoder->addPart(green.data(), 150, 400, 90, 50, 90 * 4, 10, &why)) << why;
    EXPECT_FALSE(encoder->addPart(green.data(), 151, 400, 90, 50, 90 * 4, 20, &why));
    EXPECT_EQ(why, "a changed part must lie within the video at even positions and sizes");
    EXPECT_FALSE(encoder->addPart(green.data(), 350, 400, 90, 50, 90 * 4, 20, &why));
    ASSERT_TRUE(encoder->finish(30, &why)) << why;
    const auto video = dt::test::probeVideo(path);
    ASSERT_EQ(video.error, "");
    ASSERT_EQ(video.decoded.size(), 3u);
    EXPECT_TRUE(near(video.decoded[0].r, 220) && near(video.decoded[0].g, 30));
    EXPECT_TRUE(near(video.decoded[1].g, 200) && near(video.decoded[1].r, 30));
    EXPECT_TRUE(near(video.decoded[2].g, 200) && near(video.decoded[2].r, 30));
}

TEST_F(VideoEncoderTest, timeOnlyMovesForward)
{
    std::string why;
    auto encoder = VideoEncoder::open({(dir / "t.webm").string(), 64, 64, 60}, &why);
    ASSERT_TRUE(encoder) << why;
    const auto grey = filled(64, 64, 128, 128, 128);
    ASSERT_TRUE(encoder->addFrame(grey.data(), 64, 64, 64 * 4, 5, &why));
    EXPECT_FALSE(encoder->addFrame(grey.data(), 64, 64, 64 * 4, 5, &why));
    EXPECT_EQ(why, "");
    EXPECT_FALSE(encoder->addFrame(grey.data(), 64, 64, 64 * 4, 3, &why));
    EXPECT_EQ(encoder->framesWritten(), 1);
}

TEST_F(VideoEncoderTest, refusesWhatItCannotWrite)
{
    std::string why;
    EXPECT_FALSE(VideoEncoder::open({(dir / "no/such/dir/x.webm").string(), 64, 64, 60}, &why));
    EXPECT_NE(why.find("cannot write"), std::string::npos) << why;
    EXPECT_FALSE(VideoEncoder::open({(dir / "x.gif").string(), 64, 64, 60}, &why));
    EXPECT_EQ(why, "the file must end in .webm, .mkv or .mp4");
    EXPECT_FALSE(VideoEncoder::open({(dir / "x.webm").string(), 63, 64, 60}, &why));
    // A FIFO would hold the recorder in open() or write() for good.
    const std::string fifo = (dir / "pipe.webm").string();
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_FALSE(VideoEncoder::open({fifo, 64, 64, 60}, &why));
    EXPECT_EQ(why, "cannot write " + fifo + ": not a regular file");
    EXPECT_EQ(VideoEncoder::formatOf("/a.b/c"), "");
    EXPECT_EQ(VideoEncoder::formatOf("/a/Clip.MP4"), "mp4");
}

} // namespace
