// The device backend port's shared parts (see the header).

#include "devicepanes/device_backend.h"

namespace dt::devices {

const char *DeviceBackend::stateName(State s)
{
    switch (s) {
    case State::Booting:
        return "booting";
    case State::Rendering:
        return "rendering";
    case State::Shutdown:
        return "shutdown";
    case State::Failed:
        return "failed";
    }
    return "failed";
}

} // namespace dt::devices
