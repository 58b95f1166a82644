// The text between control sequences, as the stream scanner passes it to
// libvterm: runs of ASCII and clean blocks stepped over undecoded, long runs
// of printable ASCII handed to the sink apart, and the characters whose
// width libvterm gets wrong sent as stand-ins, dropped, or handed to the
// sink to join the character before (char_widths.h). A sink that places
// text itself gets every run with characters beyond ASCII whole instead,
// and fixes their widths itself.

#include "terminal/core/stream_scanner.h"

#include "terminal/core/char_widths.h"
#include "terminal/core/text_runs.h"
#include "terminal/core/utf8.h"

#include <array>

namespace dt::term {

namespace {
// For each byte that leads a character of two or three bytes: how many
// bytes to step over undecoded because no character it can start needs
// its width fixed (all of CJK, most scripts), else 0. Four-byte
// characters (emoji) are always looked at.
struct CleanLeads {
    std::array<unsigned char, 256> skip{};
    CleanLeads()
    {
        for (unsigned lead = 0x80; lead < 0xF0; ++lead) {
            const size_t n = lead >= 0xE0 ? 3 : 2;
            if (lead < 0xC2)
                continue; // continuation bytes and overlong leads
            const char32_t first = (lead & (0x7F >> n)) << (6 * (n - 1));
            const char32_t count = char32_t(1) << (6 * (n - 1));
            bool clean = true;
            for (char32_t cp = first; cp < first + count && clean; ++cp)
                clean = (cp >= 0xD800 && cp <= 0xDFFF) || widthFix(cp).kind == WidthFix::None;
            skip[lead] = clean ? static_cast<unsigned char>(n) : 0;
        }
        for (unsigned b = 0; b < 0x80; ++b)
            skip[b] = b == 0x1b ? 0 : 1;
    }
};

// Whether a character beyond ASCII, whole and well-formed, starts at
// data[i]: a sink that places text is offered a run only from one.
bool wholeCharacterAt(const char *data, size_t i, size_t length)
{
    size_t n = 1;
    return decodeUtf8At(data, i, length, n) != 0;
}
} // namespace

size_t StreamScanner::scanText(const char *data, size_t i, size_t length, size_t &start, ScannerSink &sink)
{
    static const CleanLeads clean;
    const size_t textStart = i; // after a sequence, or the chunk's start
    // A sink that places text itself takes every run with a character
    // beyond ASCII, widths unfixed; a run of ASCII alone goes as below.
    // It is asked once such a character shows up (ASCII-only text never
    // asks), and again once the controls before a run are written (SO
    // among them may change its answer); from a no on, this text goes to
    // write() as if it had never been asked.
    enum class Asked { NotYet, Yes, No } asked = Asked::NotYet;
    const auto sinkPlacesText = [&] {
        if (asked == Asked::NotYet)
            asked = sink.placesText() ? Asked::Yes : Asked::No;
        return asked == Asked::Yes;
    };
    // The sink takes the run from data[i] (textRunLength() says how far);
    // it decodes each character as it places it, so the run is not walked
    // here first.
    const auto handOnText = [&] {
        flush(data, start, i, sink);
        start = i;
        asked = Asked::NotYet;
        if (!sinkPlacesText())
            return false;
        const size_t taken = sink.text(data + i, length - i);
        i += taken;
        start = i;
        return taken > 0;
    };
    while (i < length) {
        const auto b = static_cast<unsigned char>(data[i]);
        if (b < 0x80) {
            if (b == static_cast<unsigned char>(kEsc))
                return i;
            if (!isPrintableAscii(b)) {
                ++i; // a control
                continue;
            }
            const size_t run = printableRunAt(data, i, length);
            if (i + run < length && static_cast<unsigned char>(data[i + run]) >= 0x80 && sinkPlacesText()
                && wholeCharacterAt(data, i + run, length) && handOnText())
                continue;
            // A short run goes apart too when it is all the text between
            // two sequences (the words between colour changes): nothing
            // would go with it in one write anyway.
            const bool alone = i == start && i + run < length && data[i + run] == kEsc;
            if (run >= kPrintableRun || (alone && run > 0)) {
                flush(data, start, i, sink);
                sink.printable(data + i, run);
                start = i + run;
            }
            i += run;
            continue;
        }
        if (sinkPlacesText() && wholeCharacterAt(data, i, length) && handOnText())
            continue;
        // Only a well-formed character is stepped over whole: an ESC after
        // a broken lead byte must still be seen. One cut by the chunk's end
        // is held by the caller all the same.
        const unsigned char step = clean.skip[b];
        if (step == 3 && i + 2 < length && isUtf8Continuation(static_cast<unsigned char>(data[i + 1]))
            && isUtf8Continuation(static_cast<unsigned char>(data[i + 2]))) {
            i += 3;
            continue;
        }
        if (step == 2 && i + 1 < length && isUtf8Continuation(static_cast<unsigned char>(data[i + 1]))) {
            i += 2;
            continue;
        }
        size_t n = 1;
        const char32_t cp = decodeUtf8At(data, i, length, n);
        if (!cp && b >= 0xC0) {
            // A lead byte that begins no character: libvterm's decoder would
            // keep waiting for the rest across controls and sequences and
            // join it with bytes further on (C2, CR, 9B makes a C1 control
            // of width -1, which puts the cursor left of the screen). It
            // goes on as U+FFFD with what continues it, unless the chunk's
            // end cut it (the caller holds that).
            size_t k = 1;
            while (k < n && i + k < length && isUtf8Continuation(static_cast<unsigned char>(data[i + k])))
                ++k;
            if (k < n && i + k == length) {
                ++i;
                continue;
            }
            flush(data, start, i, sink);
            static const char kReplacement[] = "\xEF\xBF\xBD";
            sink.write(kReplacement, sizeof kReplacement - 1);
            i += k;
            start = i;
            continue;
        }
        const WidthFix fix = cp ? widthFix(cp) : WidthFix{};
        // A mark libvterm knows joins the character right before it when
        // both are decoded in one run: libvterm's UTF-8 runs stop at ASCII,
        // so only after another non-ASCII character in the same write.
        // Elsewhere (after ASCII, a control, a sequence, at the start of a
        // write) libvterm would put it in a cell of its own or on the next
        // line, so there the model attaches it.
        const bool joinsInRun = i > start && i > textStart && static_cast<unsigned char>(data[i - 1]) >= 0x80;
        if (fix.kind == WidthFix::None || (fix.kind == WidthFix::KnownMark && joinsInRun)) {
            i += cp ? n : 1;
            continue;
        }
        flush(data, start, i, sink);
        if (fix.kind == WidthFix::Drop) {
            // nothing: it neither prints nor moves the cursor
        } else if (fix.kind == WidthFix::StandIn) {
            const std::string standIn = toUtf8(fix.codepoint);
            sink.write(standIn.data(), standIn.size());
        } else {
            sink.combine(fix.codepoint);
        }
        i += n;
        start = i;
    }
    return length;
}

} // namespace dt::term
