#pragma once

// Random but well-formed terminal streams for the differential tests
// (differential_test.cpp, differential_text_test.cpp), and feeding one in
// random chunks.

#include "terminal/core/terminal.h"

#include <algorithm>
#include <functional>
#include <random>
#include <string>

namespace dt::test {

// Builds a random but well-formed stream from the sequences a real program
// emits: text of every width, cursor motion, SGR, erase, insert/delete,
// margins, scrolling, modes, alternate screen.
class StreamGenerator {
public:
    enum class Extra {
        None,
        // A third of the pieces are long runs of printable ASCII (which the
        // model places without libvterm's per-character path) or resets.
        PrintableRuns,
        // Those, and what the runs must leave to libvterm: character sets,
        // shifts, double-width lines; text of ASCII only (libvterm decodes
        // ASCII after UTF-8 in one write as UTF-8, whatever is shifted in).
        PrintableRunsAndCharsets,
        // A third of the pieces are short words between colour changes
        // (which the model places, telling libvterm's cursor later), and
        // what they must leave to libvterm: the last two columns after a
        // wide character, single shifts, autowrap off.
        ColouredWords,
        // A third of the pieces are words of text beyond ASCII (which the
        // model places itself: wide, narrow, marks after letters beyond
        // ASCII and after CJK) and what they must leave to libvterm:
        // insert mode, margins, protection, shifted charsets, single
        // shifts, double-width lines, origin mode, autowrap off, the last
        // columns.
        UnicodeWords,
        // Those, and more that only the model's own two paths for text can
        // be compared on (not libvterm's screen): stand-ins, VS16, joiners,
        // unknown marks, malformed bytes, REP, rows left waiting to wrap.
        TextPaths,
    };
    explicit StreamGenerator(uint32_t seed, Extra extra = Extra::None) : m_rng(seed), m_extra(extra) {}

    std::string next(int length)
    {
        std::string out;
        while (static_cast<int>(out.size()) < length)
            out += m_extra == Extra::ColouredWords && num(0, 2) == 0 ? colouredWordOrItsLimits()
                : (m_extra == Extra::UnicodeWords || m_extra == Extra::TextPaths) && num(0, 2) == 0 ? unicodeWordOrItsLimits()
                : m_extra != Extra::None && num(0, 2) == 0            ? printableRunOrItsLimits()
                                                                      : piece();
        return out;
    }

private:
    std::string printableRunOrItsLimits()
    {
        if (m_extra == Extra::PrintableRunsAndCharsets) {
            switch (num(0, 16)) {
            case 0: return "\x0e"; // SO: G1 in
            case 1: return "\x0f"; // SI: G0 in
            case 2: return "\x1b(0"; // DEC graphics into G0
            case 3: return "\x1b)0";
            case 4: return "\x1b(B";
            case 5: return num(0, 1) ? "\x1bn" : "\x1bo"; // LS2, LS3
            case 6: return num(0, 1) ? "\x1b#6" : "\x1b#5"; // DECDWL, DECSWL
            case 7: return "\x1b[" + n(1, 9) + "\x07b"; // REP with a control libvterm runs inside it
            case 8: return "\x1b[!p"; // DECSTR
            default: break;
            }
        }
        switch (num(0, 24)) {
        case 0: return "\x1b" "c"; // RIS
        // Modes and protection in forms only libvterm reads: sub-parameters,
        // a control run inside the sequence.
        case 1: return num(0, 1) ? "\x1b[4:h" : "\x1b[4\x07h";
        case 2: return num(0, 1) ? "\x1b[1:\"q" : "\x1b[1\x07\"q";
        case 3: return num(0, 1) ? "\x1b[?69:1h\x1b[2;" + n(5, 20) + "s" : "\x1b[?6:1h";
        // Origin mode with the cursor left outside the region by DECRC.
        case 4: return "\x1b" "7\x1b[" + n(2, 4) + ";" + n(5, 8) + "r\x1b[?6h\x1b" "8";
        case 5: return "\x1b[?6l\x1b[r";
        default: break;
        }
        std::string run;
        const int length = num(12, 130);
        for (int i = 0; i < length; ++i)
            run += static_cast<char>(num(0x20, 0x7e));
        return run;
    }

    std::string unicodeWordOrItsLimits()
    {
        switch (num(0, 24)) {
        case 0: return "\x1b[" + n(1, 12) + ";" + n(1, 40) + "H"; // anywhere, the last columns too
        case 1: return num(0, 1) ? "\x1b[4h" : "\x1b[4l"; // insert mode
        case 2: return num(0, 1) ? "\x1b[?69h\x1b[" + n(2, 8) + ";" + n(10, 30) + "s" : "\x1b[?69l";
        case 3: return num(0, 1) ? "\x1b[1\"q" : "\x1b[0\"q"; // DECSCA
        // Shifts the model must leave to libvterm, with sets and a letter
        // libvterm decodes as the model's line would: after a shift,
        // libvterm decodes text beyond ASCII and the ASCII after it in one
        // write by UTF-8's rules, and the byte after a single shift by the
        // shifted set's, which the scanner's writes do not reproduce.
        case 4: return num(0, 1) ? "\x1b)B\x0e" : "\x0f";
        case 5: return num(0, 1) ? "\x1b*0\x1bNq" : "\x1b+0\x1bOx";
        case 6: return num(0, 1) ? "\x1b#6" : "\x1b#5"; // DECDWL, DECSWL
        case 7: return num(0, 1) ? "\x1b[?7l" : "\x1b[?7h";
        case 8: return "\r\n";
        case 9: return "\x1b[" + n(30, 37) + "m";
        case 10: return num(0, 1) ? "\x1b[" + n(2, 4) + ";" + n(5, 8) + "r\x1b[?6h" : "\x1b[?6l\x1b[r";
        case 11: return "\x1b[" + n(1, 40) + "G";
        case 12:
            if (m_extra != Extra::TextPaths)
                break;
            switch (num(0, 5)) { // what only the model's own two paths can be held to
            case 0: return "\x1b[" + n(1, 9) + "b"; // REP: of a stand-in, a character with marks
            case 1: return "\x1b#6" + std::string(static_cast<size_t>(num(1, 30)), 'w') + "\x1b#5"; // left waiting to wrap
            case 2: return "\x1b#6" + std::string(static_cast<size_t>(num(1, 30)), 'w') + "\x1b[2J";
            case 3: return "\x1b[" + n(1, 40) + "G\x1b[K";
            default: return "\x1b[2S";
            }
        default: break;
        }
        static const char *const pieces[] = {
            "\xe4\xb8\xad", "\xe6\x96\x87", // 中文
            "\xf0\x9f\x98\x80", // 😀
            "\xc3\xa9", // é
            // Marks after letters beyond ASCII, which libvterm joins as the
            // model does, the last column included (after ASCII there it
            // would start the next line with the mark: CharWidths tests).
            "\xc3\xa9\xcc\xa3", // é and a dot below
            "\xce\xbb\xcc\x81\xcc\xa3", // λ and two marks
            "\xe4\xb8\xad\xcc\x81", // a mark on a wide character
            "\xe2\x94\x80\xe2\x94\x82", // box drawing
            "\xef\xbc\xa1", // fullwidth A
            "\xed\x95\x9c", // 한
            "\xd0\x96\xce\xbb", // Жλ
            "a", "bc", " ",
        };
        // Where libvterm's own screen is no judge, the model's two paths
        // still must agree: characters libvterm has at the wrong width
        // (stand-ins), VS16, joiners, marks libvterm does not know (after
        // ASCII too), C1 controls and noncharacters as UTF-8, stand-in code
        // points arriving in the stream, malformed and cut bytes.
        static const char *const more[] = {
            "\xf0\x9f\xa5\xb0", // 🥰, one cell in libvterm
            "\xe2\x9d\xa4\xef\xb8\x8f", // ❤ and VS16
            "\xf0\x9f\x91\xa8\xe2\x80\x8d\xf0\x9f\x91\xa9", // 👨 ZWJ 👩
            "x\xe1\xaa\xb0", // x and U+1AB0, a mark libvterm does not know
            "e\xcc\x81", // e and a mark libvterm knows, after ASCII
            "\xc2\x85", // NEL as UTF-8
            "\xef\xbf\xbe", // U+FFFE
            "\xf0\xbf\x80\x80", // U+3F000, one of the stand-ins
            "\xff", "\xe4\xb8", // malformed, cut
            "\xf0\xa0\x80\x80", // U+20000, CJK extension B
        };
        const bool textPaths = m_extra == Extra::TextPaths;
        const int kinds = static_cast<int>(std::size(pieces) + (textPaths ? std::size(more) : 0));
        std::string word;
        const int count = num(1, 8);
        for (int i = 0; i < count; ++i) {
            const int k = num(0, kinds - 1);
            word += k < static_cast<int>(std::size(pieces)) ? pieces[k] : more[k - std::size(pieces)];
        }
        return word;
    }

    std::string colouredWordOrItsLimits()
    {
        switch (num(0, 12)) {
        case 0: return "\x1b[" + n(1, 12) + ";" + n(1, 40) + "H\xe4\xb8\xad"; // 中, perhaps at a line's end
        // SS2, SS3 with DEC graphics in G2, G3 and the word they shift:
        // only its first letter is a line (libvterm, which decodes that
        // one character apart, would not join a mark to it).
        case 1:
            return (num(0, 1) ? "\x1b*0\x1bN" : "\x1b+0\x1bO") + std::string(static_cast<size_t>(num(1, 5)), 'q');
        case 2: return num(0, 1) ? "\x1b[?7l" : "\x1b[?7h";
        case 3: return "\x1b[" + n(1, 40) + "G";
        case 4: return "\r\n";
        case 5: return "\x1b" "7";
        case 6: return "\x1b" "8";
        default: break;
        }
        std::string word;
        const int length = num(1, 6);
        for (int i = 0; i < length; ++i)
            word += static_cast<char>(num(0x20, 0x7e));
        return sgr() + word + sgr();
    }

    int num(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }
    std::string n(int lo, int hi) { return std::to_string(num(lo, hi)); }

    std::string text()
    {
        static const char *const samples[] = {
            "a", "hello", "The quick brown fox ", "0123456789",
            "\xe4\xb8\xad\xe6\x96\x87", // 中文
            "\xf0\x9f\x98\x80", // 😀
            "e\xcc\x81", // e + combining acute
            "\xc3\xa9", "\xe2\x94\x80\xe2\x94\x82", // box drawing
            "x\xcc\x81\xcc\xa3", // two combining marks
            "\xef\xbc\xa1", // fullwidth A
            "~", " ", "    ",
        };
        const int ascii = 4; // the first samples
        // Text beyond ASCII comes from unicodeWordOrItsLimits() there.
        const bool asciiOnly = m_extra == Extra::PrintableRunsAndCharsets || m_extra == Extra::UnicodeWords
            || m_extra == Extra::TextPaths;
        std::string s = samples[num(0, asciiOnly ? ascii - 1 : int(std::size(samples)) - 1)];
        int repeat = num(1, 4);
        std::string r;
        while (repeat--)
            r += s;
        return r;
    }

    std::string sgr()
    {
        static const char *const simple[] = {"0", "1", "3", "4", "4:3", "5", "7", "9", "21", "22", "23", "24", "25",
                                             "27", "29", "39", "49", "2", ""};
        std::string p;
        const int k = num(1, 3);
        for (int i = 0; i < k; ++i) {
            if (i)
                p += ';';
            switch (num(0, 8)) {
            case 0: p += std::to_string(num(30, 37)); break;
            case 1: p += std::to_string(num(40, 47)); break;
            case 2: p += std::to_string(num(90, 97)); break;
            case 3: p += "38;5;" + n(0, 255); break;
            case 4: p += "48;2;" + n(0, 255) + ";" + n(0, 255) + ";" + n(0, 255); break;
            case 5: p += std::to_string(num(100, 107)); break;
            // The model reads SGR itself (libvterm never does): its edges
            // as libvterm reads them, an index past 255, an empty or a
            // missing argument, an unknown colour kind.
            case 6: p += (num(0, 1) ? "38;5;" : "48;5;") + n(250, 600); break;
            case 7: p += std::string(num(0, 1) ? "38;2;" : "48;2;") + (num(0, 1) ? ";1;2" : "300;;7"); break;
            case 8: p += std::string(num(0, 1) ? "38;5;;1" : "48;7;1"); break;
            default: p += simple[num(0, static_cast<int>(std::size(simple)) - 1)]; break;
            }
        }
        return "\x1b[" + p + "m";
    }

    std::string piece()
    {
        switch (num(0, 40)) {
        case 0: case 1: case 2: case 3: case 4: case 5: case 6: case 7: return text();
        case 8: return "\r\n";
        case 9: return "\n";
        case 10: return "\r";
        case 11: return "\b";
        case 12: return "\t";
        case 13: case 14: case 15: return sgr();
        case 16: return "\x1b[" + n(1, 12) + ";" + n(1, 30) + "H";
        case 17: return "\x1b[" + n(0, 5) + std::string(1, "ABCD"[num(0, 3)]);
        case 18: return "\x1b[" + n(0, 2) + "J";
        // EL after a cursor move: at the pending wrap after the last column
        // deviceterm ends the wait as xterm does, libvterm keeps waiting.
        case 19: return "\x1b[" + n(1, 30) + "G\x1b[" + n(0, 2) + "K";
        case 20: return "\x1b[" + n(0, 4) + "L";
        case 21: return "\x1b[" + n(0, 4) + "M";
        case 22: return "\x1b[" + n(0, 6) + "@";
        case 23: return "\x1b[" + n(0, 6) + "P";
        case 24: return "\x1b[" + n(0, 6) + "X";
        case 25: return "\x1b[" + n(1, 6) + ";" + n(4, 12) + "r";
        case 26: return "\x1b[r";
        case 27: return "\x1b[" + n(1, 4) + std::string(1, "ST"[num(0, 1)]);
        case 28: return std::string("\x1bM"); // reverse index
        case 29: return std::string(num(0, 1) ? "\x1b" "7" : "\x1b" "8");
        case 30: return num(0, 1) ? "\x1b[?1049h" : "\x1b[?1049l";
        case 31: return num(0, 1) ? "\x1b[?6h" : "\x1b[?6l"; // origin mode
        case 32: return num(0, 1) ? "\x1b[4h" : "\x1b[4l"; // insert mode
        case 33: return num(0, 1) ? "\x1b[?7h" : "\x1b[?7l"; // autowrap
        case 34: return num(0, 1) ? "\x1b[?69h\x1b[" + n(2, 8) + ";" + n(10, 30) + "s" : "\x1b[?69l";
        case 35: return num(0, 1) ? "\x1b[1\"q" : "\x1b[0\"q"; // DECSCA protect
        case 36: return "\x1b[?" + n(0, 2) + "J"; // selective erase
        case 37: return "\x1b[" + n(1, 30) + "G";
        case 38: return "\x1b[" + n(1, 12) + "d";
        case 39: return "\x1b" "D"; // index
        default: return "\x1b" "E"; // next line
        }
    }

    std::mt19937 m_rng;
    Extra m_extra = Extra::None;
};

// Feeds `bytes` in chunks of 1 to 40 bytes drawn from `seed`, so sequences
// and characters are cut anywhere; `midwayAt` bytes in, `midway` runs once
// (a resize, say).
inline void feedInChunks(dt::term::Terminal &t, const std::string &bytes, uint32_t seed, size_t midwayAt = 0,
                         const std::function<void()> &midway = {})
{
    std::mt19937 rng(seed);
    for (size_t at = 0; at < bytes.size();) {
        const size_t end = midway && at < midwayAt ? midwayAt : bytes.size();
        const size_t n = std::min(end - at, size_t(std::uniform_int_distribution<int>(1, 40)(rng)));
        t.feed(bytes.data() + at, n);
        at += n;
        if (midway && at == midwayAt)
            midway();
    }
}

} // namespace dt::test
