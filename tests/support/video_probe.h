#pragma once

// Reads a video file back with FFmpeg's libraries, for tests of the
// recorder: how many frames it holds, their size, how long it lasts, and
// the colour in the middle of a frame. No Qt.

#include <cstdint>
#include <string>
#include <vector>

namespace dt::test {

struct VideoProbe {
    std::string error; // why the file could not be read; empty when it could
    std::string codec, container;
    int width = 0, height = 0;
    int64_t frames = 0; // decoded
    double durationSeconds = 0; // from the last frame's end
    // Each decoded frame's time (s) and the RGB of its centre pixel.
    struct Frame {
        double seconds = 0;
        uint8_t r = 0, g = 0, b = 0;
    };
    std::vector<Frame> decoded;
};

VideoProbe probeVideo(const std::string &path);

} // namespace dt::test
