#pragma once

// A video file written from screen frames with FFmpeg's libraries: WebM or
// Matroska with VP8, MP4 with H.264, chosen by the file's extension. Frames
// carry their time as a tick of the recording's frame clock, so a screen
// that does not change writes nothing and the file still lasts as long as
// the recording. No Qt: the device recorder feeds it from its own thread.

#include <cstdint>
#include <memory>
#include <string>

namespace dt::media {

class VideoEncoder {
public:
    struct Options {
        std::string path; // .webm, .mkv or .mp4
        int width = 0, height = 0; // of the video; frames of another size are fitted in
        int framesPerSecond = 60;
    };
    // The containers the extension may name ("webm", "mkv", "mp4"), or "".
    static std::string formatOf(const std::string &path);
    // Opens (creates or truncates) the file; null with `why` when the path
    // cannot be written or no encoder is available.
    static std::unique_ptr<VideoEncoder> open(const Options &options, std::string *why);
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder &) = delete;
    VideoEncoder &operator=(const VideoEncoder &) = delete;

    // One picture, 32-bit pixels in memory order B, G, R, x (QImage's RGB32
    // on little-endian machines), shown from `tick` (in 1/framesPerSecond
    // s) until the next frame's tick. Ticks must increase; a tick not past
    // the last one is ignored (false, with `why` empty).
    bool addFrame(const uint8_t *pixels, int width, int height, int bytesPerLine, int64_t tick, std::string *why);
    // The last frame with the rectangle at (x, y) replaced by `pixels`
    // (same layout), shown from `tick`: only what changed is converted.
    // The rectangle lies within the video, at even x, y, width and height
    // (4:2:0 shares each colour sample among 2x2 pixels); a first frame
    // must have been added whole.
    bool addPart(const uint8_t *pixels, int x, int y, int width, int height, int bytesPerLine, int64_t tick,
                 std::string *why);
    // Shows the last frame again at `tick` (when it is past the last one),
    // so that the file ends where the recording did, then drains the
    // encoder and writes the container's index. Nothing can be added after.
    bool finish(int64_t tick, std::string *why);

    int64_t framesWritten() const { return m_frames; }
    int64_t lastTick() const { return m_lastTick; }
    const Options &options() const { return m_options; }
    const char *codecName() const;

private:
    struct Parts; // the libav contexts
    explicit VideoEncoder(Options options);
    bool encode(bool flush, std::string *why);
    // Converts a picture into the frame's planes at (x, y), fitW x fitH.
    bool convert(const uint8_t *pixels, int width, int height, int bytesPerLine, int x, int y, int fitW, int fitH,
                 std::string *why);
    bool send(int64_t tick, std::string *why);

    Options m_options;
    std::unique_ptr<Parts> m_parts;
    int64_t m_frames = 0;
    int64_t m_lastTick = -1;
    bool m_finished = false;
};

} // namespace dt::media
