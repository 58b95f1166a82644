// VideoEncoder::open: checks what it is asked for, then loads the module
// that holds the encoder (libdeviceterm-media.so, found through the
// program's run path: next to the build's other outputs, or in
// deviceterm's private library directory once installed) the first time
// a recording opens, and asks it for one.

#include "devicepanes/media/video_encoder.h"

#include <dlfcn.h>

#include <cstring>
#include <mutex>

namespace dt::media {

namespace {

using VersionFn = decltype(&deviceterm_media_version);
using OpenFn = decltype(&deviceterm_media_open_video_encoder);

struct Module {
    OpenFn open = nullptr;
    std::string problem; // why it could not be loaded
};

const Module &module()
{
    static Module loaded;
    static std::once_flag once;
    std::call_once(once, [] {
        // Kept loaded for good: encoders it made may outlive any caller.
        void *handle = dlopen("libdeviceterm-media.so", RTLD_NOW | RTLD_LOCAL);
        if (!handle) {
            const char *error = dlerror();
            loaded.problem = std::string("video recording is not available: ") + (error ? error : "no libdeviceterm-media.so");
            return;
        }
        const auto version = reinterpret_cast<VersionFn>(dlsym(handle, "deviceterm_media_version"));
        if (!version || std::strcmp(version(), DEVICETERM_VERSION) != 0) {
            loaded.problem = std::string("video recording is not available: libdeviceterm-media.so is not of version ")
                + DEVICETERM_VERSION;
            return;
        }
        loaded.open = reinterpret_cast<OpenFn>(dlsym(handle, "deviceterm_media_open_video_encoder"));
        if (!loaded.open)
            loaded.problem = "video recording is not available: libdeviceterm-media.so has no encoder";
    });
    return loaded;
}

} // namespace

std::unique_ptr<VideoEncoder> VideoEncoder::open(const Options &options, std::string *why)
{
    const auto fail = [why](const std::string &what) {
        if (why)
            *why = what;
        return nullptr;
    };
    if (formatOf(options.path).empty())
        return fail("the file must end in .webm, .mkv or .mp4");
    if (options.width < 2 || options.height < 2 || options.width % 2 || options.height % 2 || options.framesPerSecond < 1)
        return fail("the video's size must be even and at least 2x2");
    const Module &m = module();
    if (!m.open)
        return fail(m.problem);
    return std::unique_ptr<VideoEncoder>(m.open(options, why));
}

} // namespace dt::media
