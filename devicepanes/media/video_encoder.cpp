// VideoEncoder::open: checks what it is asked for, then loads the module
// that holds the encoder (libdeviceterm-media.so) the first time a
// recording opens, and asks it for one. The module is looked for by its
// path from the program's own directory: deviceterm's private library
// directory once installed (bin/../lib/deviceterm), the same from the
// build's program directories (app/, tests/, bench/). Not through the run
// path: a sanitizer's dlopen interceptor makes itself the caller, whose
// run path is then the one searched.

#include "devicepanes/media/video_encoder.h"

#include <dlfcn.h>

#include <unistd.h>

#include <cstring>
#include <mutex>
#include <string_view>
#include <vector>

namespace dt::media {

namespace {

using VersionFn = decltype(&deviceterm_media_version);
using OpenFn = decltype(&deviceterm_media_open_video_encoder);

struct Module {
    OpenFn open = nullptr;
    std::string problem; // why it could not be loaded
};

// Where the module may be: from the program's directory, the installed
// layout's path, then the build's (the same unless the install layout is
// unusual).
std::vector<std::string> candidatePaths()
{
    char self[4096];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return {};
    std::string dir(self, static_cast<size_t>(n));
    dir.erase(dir.rfind('/') + 1);
    std::vector<std::string> paths{dir + DT_MODULES_FROM_BIN "/libdeviceterm-media.so"};
    if (std::string_view(DT_MODULES_FROM_BUILD_PROGRAM) != DT_MODULES_FROM_BIN)
        paths.push_back(dir + DT_MODULES_FROM_BUILD_PROGRAM "/libdeviceterm-media.so");
    return paths;
}

const Module &module()
{
    static Module loaded;
    static std::once_flag once;
    std::call_once(once, [] {
        // Kept loaded for good: encoders it made may outlive any caller.
        void *handle = nullptr;
        std::string tried;
        for (const std::string &path : candidatePaths()) {
            if ((handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL)))
                break;
            const char *error = dlerror();
            tried += std::string(tried.empty() ? "" : "; ") + (error ? error : path);
        }
        if (!handle) {
            loaded.problem = "video recording is not available: " + (tried.empty() ? "no libdeviceterm-media.so" : tried);
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
