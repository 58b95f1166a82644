#include "corpus.h"

#include <random>

namespace dt::bench {

namespace {

const char *const kWords[] = {"the", "device", "terminal", "build", "flash", "sensor", "kernel", "panel",
                              "render", "frame", "touch", "swipe", "error:", "warning:", "0x3f", "42",
                              "src/main.cpp:17", "libvterm", "pixel", "shell"};

} // namespace

std::string plainText(size_t bytes)
{
    std::mt19937 rng(1);
    std::string out;
    out.reserve(bytes + 100);
    while (out.size() < bytes) {
        size_t col = 0;
        while (col < 72) {
            const char *w = kWords[rng() % std::size(kWords)];
            out += w;
            out += ' ';
            col += std::char_traits<char>::length(w) + 1;
        }
        out += '\n';
    }
    return out;
}

std::string colourDense(size_t bytes)
{
    std::mt19937 rng(2);
    std::string out;
    out.reserve(bytes + 200);
    while (out.size() < bytes) {
        int col = 0;
        while (col < 76) {
            switch (rng() % 4) {
            case 0: out += "\x1b[38;5;" + std::to_string(rng() % 256) + "m"; break;
            case 1:
                out += "\x1b[38;2;" + std::to_string(rng() % 256) + ";" + std::to_string(rng() % 256) + ";"
                    + std::to_string(rng() % 256) + "m";
                break;
            case 2: out += "\x1b[48;5;" + std::to_string(rng() % 256) + ";1m"; break;
            default: out += "\x1b[0m"; break;
            }
            const int n = 2 + static_cast<int>(rng() % 4);
            for (int i = 0; i < n; ++i)
                out += static_cast<char>('a' + rng() % 26);
            col += n;
        }
        out += "\x1b[0m\n";
    }
    return out;
}

std::string wideCharacters(size_t bytes)
{
    std::mt19937 rng(3);
    static const char *const pieces[] = {
        "\xe4\xb8\xad", "\xe6\x96\x87", "\xe5\xad\x97", "\xe7\xac\xa6", // CJK, 2 columns
        "\xf0\x9f\x98\x80", "\xf0\x9f\x9a\x80", // emoji, 2 columns
        "e\xcc\x81", "a\xcc\x88", "o\xcc\x82\xcc\xa3", // combining marks, 1 column
        "x", "y", " ", "-",
    };
    static const int widths[] = {2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1};
    std::string out;
    out.reserve(bytes + 200);
    while (out.size() < bytes) {
        int col = 0;
        while (col < 76) {
            const size_t i = rng() % std::size(pieces);
            out += pieces[i];
            col += widths[i];
        }
        out += '\n';
    }
    return out;
}

std::string cursorMotion(size_t bytes)
{
    std::mt19937 rng(4);
    std::string out;
    out.reserve(bytes + 200);
    out += "\x1b[?1049h";
    while (out.size() < bytes) {
        switch (rng() % 5) {
        case 0: out += "\x1b[" + std::to_string(1 + rng() % 24) + ";" + std::to_string(1 + rng() % 70) + "H"; break;
        case 1: out += "\x1b[K"; break;
        case 2: out += "\x1b[" + std::to_string(1 + rng() % 5) + ";" + std::to_string(10 + rng() % 14) + "r\x1b[S\x1b[r"; break;
        case 3: out += "\x1b[" + std::to_string(1 + rng() % 3) + "L"; break;
        default: out += "status 42% [####      ]"; break;
        }
    }
    out += "\x1b[?1049l";
    return out;
}

} // namespace dt::bench
