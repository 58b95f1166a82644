#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace dt::devices {

// One finger on the screen, as TUIO 1.1 calls it a cursor: a session id
// that stays the same while the finger is down, and where it is (0..1 of
// the app's window, which on a device fills the screen).
struct TouchCursor {
    int32_t session = 0;
    float x = 0, y = 0;
};

// One TUIO frame of the 2D cursor profile as an OSC bundle: which fingers
// are down ("alive"), where each is ("set") and the frame's number
// ("fseq"). Fingers missing from `down` are lifted; an empty `down` lifts
// them all.
std::string tuioCursorFrame(const std::vector<TouchCursor> &down, int32_t frame);

} // namespace dt::devices
