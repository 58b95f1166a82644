#pragma once

// A video file written from screen frames with FFmpeg's libraries: WebM or
// Matroska with VP8, MP4 with H.264, chosen by the file's extension. Frames
// carry their time as a tick of the recording's frame clock, so a screen
// that does not change writes nothing and the file still lasts as long as
// the recording. No Qt: the device recorder feeds it from its own thread.
//
// The encoder itself lives in a module (libdeviceterm-media.so,
// libav_video_encoder.cpp) that open() loads the first time it is called:
// FFmpeg's libraries bring a hundred more with them, and linking them into
// the app cost every start-up about 55 ms of loading and relocation for a
// feature most sessions never use.

#include <algorithm>
#include <cctype>
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
    static std::string formatOf(const std::string &path)
    {
        const size_t dot = path.rfind('.');
        const size_t slash = path.rfind('/');
        if (dot == std::string::npos || (slash != std::string::npos && dot < slash))
            return "";
        std::string ext = path.substr(dot + 1);
        std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return char(std::tolower(ch)); });
        return ext == "webm" || ext == "mkv" || ext == "mp4" ? ext : "";
    }
    // Opens (creates or truncates) the file; null with `why` when the path
    // cannot be written, no encoder is available, or the module that holds
    // the encoder cannot be loaded. Blocks while it loads the module (tens
    // of milliseconds, once): call it off the GUI thread.
    static std::unique_ptr<VideoEncoder> open(const Options &options, std::string *why);
    virtual ~VideoEncoder() = default;
    VideoEncoder(const VideoEncoder &) = delete;
    VideoEncoder &operator=(const VideoEncoder &) = delete;

    // One picture, 32-bit pixels in memory order B, G, R, x (QImage's RGB32
    // on little-endian machines), shown from `tick` (in 1/framesPerSecond
    // s) until the next frame's tick. Ticks must increase; a tick not past
    // the last one is ignored (false, with `why` empty).
    virtual bool addFrame(const uint8_t *pixels, int width, int height, int bytesPerLine, int64_t tick,
                          std::string *why) = 0;
    // The last frame with the rectangle at (x, y) replaced by `pixels`
    // (same layout), shown from `tick`: only what changed is converted.
    // The rectangle lies within the video, at even x, y, width and height
    // (4:2:0 shares each colour sample among 2x2 pixels); a first frame
    // must have been added whole.
    virtual bool addPart(const uint8_t *pixels, int x, int y, int width, int height, int bytesPerLine, int64_t tick,
                         std::string *why) = 0;
    // Shows the last frame again at `tick` (when it is past the last one),
    // so that the file ends where the recording did, then drains the
    // encoder and writes the container's index. Nothing can be added after.
    virtual bool finish(int64_t tick, std::string *why) = 0;

    int64_t framesWritten() const { return m_frames; }
    int64_t lastTick() const { return m_lastTick; }
    const Options &options() const { return m_options; }
    virtual const char *codecName() const = 0;

protected:
    explicit VideoEncoder(Options options) : m_options(std::move(options)) {}

    Options m_options;
    int64_t m_frames = 0;
    int64_t m_lastTick = -1;
};

} // namespace dt::media

// What the module exports, looked up by name once it is loaded: the
// version it was built as (only a module of the program's own version is
// used: this interface has no other guarantee), and a new encoder for
// options open() has checked, or null with `why`.
extern "C" const char *deviceterm_media_version();
extern "C" dt::media::VideoEncoder *deviceterm_media_open_video_encoder(const dt::media::VideoEncoder::Options &options,
                                                                         std::string *why);
