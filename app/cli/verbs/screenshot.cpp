// `deviceterm screenshot -o FILE.png`: the device's screen exactly as the
// mirror holds it (no window, no scaling), written by the CLI itself, so
// the path is the caller's, resolved in its own directory.

#include "app/cli/cli.h"
#include "app/cli/verbs/ax_target.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace dt::cli {

namespace {

std::string fromBase64(const std::string &in)
{
    static const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    out.reserve(in.size() * 3 / 4);
    unsigned bits = 0;
    int count = 0;
    for (char ch : in) {
        const size_t v = alphabet.find(ch);
        if (v == std::string::npos)
            continue; // padding
        bits = (bits << 6) | unsigned(v);
        count += 6;
        if (count >= 8) {
            count -= 8;
            out.push_back(char((bits >> count) & 0xff));
        }
    }
    return out;
}

} // namespace

std::optional<std::string> saveScreenshot(const Json &answer, const std::string &path)
{
    const std::string png = fromBase64(answer["png"].get<std::string>());
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(png.data(), static_cast<std::streamsize>(png.size()));
    out.close();
    if (!out)
        return "cannot write " + path + ": " + std::strerror(errno);
    return std::nullopt;
}

int runScreenshot(Context &c)
{
    if (!c.parseOptions({"--pane", "-o", "--output"}, {}))
        return 1;
    const auto path = c.option("-o") ? c.option("-o") : c.option("--output");
    if (!path || path->empty() || !c.positionals().empty()) {
        c.error("usage: deviceterm screenshot -o FILE.png [--pane REF]");
        return 1;
    }
    if (!c.inTab())
        return c.notInTab("screenshot");
    dt::rpc::ScreenshotParams p;
    p.pane = axPane(c);
    c.setCallTimeout(15000);
    const auto answer = c.call(p);
    if (!answer)
        return 1;
    if (const auto problem = saveScreenshot(*answer, *path)) {
        c.error("screenshot: " + *problem);
        return 1;
    }
    Json receipt{{"ok", true}, {"path", *path}, {"width", (*answer)["width"]}, {"height", (*answer)["height"]},
                 {"bytes", (*answer)["png"].get_ref<const std::string &>().size() * 3 / 4}};
    if (c.json())
        c.printJson(receipt);
    else
        std::printf("ok path=%s width=%d height=%d\n", path->c_str(), receipt["width"].get<int>(), receipt["height"].get<int>());
    return 0;
}

} // namespace dt::cli
