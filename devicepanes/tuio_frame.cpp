// Encodes the fingers currently down as one TUIO 1.1 2Dcur frame (alive, set, fseq) in an OSC bundle with
// liblo, ready to send to the app's touch plugin.

#include "devicepanes/tuio_frame.h"

#include <lo/lo.h>

#include <memory>

namespace dt::devices {

std::string tuioCursorFrame(const std::vector<TouchCursor> &down, int32_t frame)
{
    constexpr const char *kProfile = "/tuio/2Dcur";
    const std::unique_ptr<std::remove_pointer_t<lo_bundle>, void (*)(lo_bundle)> bundle(lo_bundle_new(LO_TT_IMMEDIATE),
                                                                                      lo_bundle_free_recursive);
    lo_message alive = lo_message_new();
    lo_message_add_string(alive, "alive");
    for (const TouchCursor &c : down)
        lo_message_add_int32(alive, c.session);
    lo_bundle_add_message(bundle.get(), kProfile, alive);
    for (const TouchCursor &c : down) {
        // set: session, position, velocity (x, y) and acceleration; Qt
        // works the velocity out itself.
        lo_message set = lo_message_new();
        lo_message_add_string(set, "set");
        lo_message_add_int32(set, c.session);
        lo_message_add_float(set, c.x);
        lo_message_add_float(set, c.y);
        lo_message_add_float(set, 0);
        lo_message_add_float(set, 0);
        lo_message_add_float(set, 0);
        lo_bundle_add_message(bundle.get(), kProfile, set);
    }
    lo_message fseq = lo_message_new();
    lo_message_add_string(fseq, "fseq");
    lo_message_add_int32(fseq, frame);
    lo_bundle_add_message(bundle.get(), kProfile, fseq);

    std::string bytes(lo_bundle_length(bundle.get()), '\0');
    size_t size = bytes.size();
    lo_bundle_serialise(bundle.get(), bytes.data(), &size);
    bytes.resize(size);
    return bytes;
}

} // namespace dt::devices
