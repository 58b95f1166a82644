#pragma once

#include "terminal/core/sgr_extras.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace dt::term {

// What the scanner hands on: bytes for libvterm, and the few effects that
// libvterm 0.1.4 does not produce itself, each at its exact place in the
// stream so they interleave correctly with the text around them.
class ScannerSink {
public:
    virtual ~ScannerSink() = default;
    virtual void write(const char *bytes, size_t length) = 0;
    // What an SGR set that libvterm lacks (faint, conceal, overline, the
    // dotted and dashed underlines, the underline colour), after libvterm
    // read the rest of it.
    virtual void sgrExtras(const SgrExtras &extras) = 0;
    // A sink that keeps its own pen takes every SGR the scanner read whole
    // (sgr()), and libvterm never parses it; otherwise libvterm reads it
    // and sgrExtras() follows.
    virtual bool appliesSgr() const { return false; }
    virtual void sgr(const SgrRead &read) { (void)read; }
    // A whole DCS string (from its ESC to its terminator) the sink answers
    // itself: true, and libvterm never sees it.
    virtual bool answersDcs(std::string_view string) { (void)string; return false; }
    virtual void clearScrollback() = 0; // CSI 3 J: libvterm accepts and drops it
    virtual void cursorRestored() = 0; // ESC 8: libvterm does not clamp the position
    virtual void cursorSaved() {} // ESC 7: with what of the pen libvterm does not keep
    virtual void fullReset() {} // ESC c (RIS): what libvterm does not keep is reset too
    // A run of printable ASCII (0x20-0x7E) in the text, at least
    // kPrintableRun long or all the text between two sequences, for a sink
    // that can place it without libvterm's per-character path; by default
    // it goes as any other bytes.
    virtual void printable(const char *bytes, size_t length) { write(bytes, length); }
    // While placesText() holds, text with characters beyond ASCII goes to
    // text() instead of write(): it is offered the rest of the chunk from
    // where the run starts (printable ASCII, then a whole, well-formed
    // character) and takes the run, as far as textRunLength() says
    // (text_runs.h): no controls, widths not fixed (the sink fixes them,
    // as char_widths.h says). It returns how many bytes it took; the
    // scanner goes on from there. Asked right before each run, once the
    // controls before it are written: text() is only called after a yes.
    virtual bool placesText() const { return false; }
    virtual size_t text(const char *bytes, size_t length) { return (void)bytes, (void)length, 0; }
    // ESC ( F: the set G0 is now; `final` is 0 when what followed the
    // "(" is no final byte (libvterm then designates nothing, or reads
    // intermediates the scanner does not follow).
    virtual void g0Designated(char final) { (void)final; }
    // ESC n or ESC o: G2 or G3 shifted in (SO is in the bytes written).
    virtual void charsetShifted() {}
    // ESC N or ESC O: the next character is from G2 or G3.
    virtual void singleShift() {}
    // A character of no width (a combining mark, a joiner): it joins the
    // character before it. libvterm never sees these (char_widths.h).
    virtual void combine(char32_t codepoint) { (void)codepoint; }
    // Control sequences the sink answers or follows itself (replies
    // libvterm 0.1.4 gets wrong or lacks, the title stack, modes it cannot
    // report): `leader` is '?', '>', '=' or 0, `params` the parameters and
    // intermediates. libvterm still reads the sequence, with its replies
    // held back (holdReplies), and then csi() runs.
    virtual bool takesCsi(char leader, std::string_view params, char final) const
    {
        (void)leader, (void)params, (void)final;
        return false;
    }
    virtual void holdReplies(bool hold) { (void)hold; }
    // Sequences libvterm must not read at all (where it would hang): true
    // to drop one; `instead` is what goes in its place, if anything.
    virtual bool replacesCsi(char leader, std::string_view params, char final, std::string &instead) const
    {
        (void)leader, (void)params, (void)final, (void)instead;
        return false;
    }
    virtual void csi(char leader, std::string_view params, char final) { (void)leader, (void)params, (void)final; }
};

// A small, chunk-boundary-safe pre-parser that runs ahead of libvterm. Besides
// spotting the sequences above, it holds back an OSC/DCS string until its
// terminator arrives, so libvterm always receives such a string in a single
// write: libvterm 0.1.4 silently truncates strings that span writes to 64
// bytes (long titles would be cut).
//
// It also never ends a write in the middle of a UTF-8 character: libvterm
// 0.1.4 decodes text with two separate decoders (one for runs that start with
// ASCII, one for the rest), so a character cut between two writes is garbled.
// The incomplete tail is held and sent with the start of the next chunk.
//
// APC, PM and SOS strings (ESC _, ESC ^, ESC X … ST) are dropped whole, as
// xterm does: libvterm 0.1.4 would print their contents (kitty's graphics
// probes are APC strings). Clipboard writes (OSC 52) are held up to a
// larger limit and handed on without the line breaks `base64` puts in.
//
// It also reports a full reset (RIS) and hands the sink the control
// sequences it answers or follows itself (takesCsi). A control sequence
// cut by the end of a chunk is held until it is complete, so each is seen
// whole: an SGR's underline colour is taken out before libvterm reads it
// (sgr_extras.h). No sequence with more parameters than libvterm has room
// for reaches it (an SGR is split, anything else dropped), nor one longer
// than kMaxHeldCsi.
//
// In text it fixes the widths libvterm 0.1.4 gets wrong (char_widths.h):
// characters that must be wide or narrow go on as stand-ins, those of no
// width to the sink's combine(); long runs of printable ASCII go to the
// sink's printable(). A sink that places text itself (placesText()) gets
// each run with characters beyond ASCII whole in text(), unrewritten.
class StreamScanner {
public:
    // The shortest run of printable ASCII handed to printable(): shorter
    // ones cost the sink more to place apart than they save.
    static constexpr size_t kPrintableRun = 12;
    // Strings longer than this are passed through in pieces (and truncated by
    // libvterm) rather than buffered without bound.
    static constexpr size_t kMaxHeldString = 64 * 1024;
    // Clipboard writes (OSC 52) may be longer: a copied file is. One longer
    // still is dropped whole, never handed on cut (that would copy garbage).
    static constexpr size_t kMaxClipboardString = 4 * 1024 * 1024;

    void feed(const char *data, size_t length, ScannerSink &sink);

private:
    static constexpr char kEsc = 0x1b;
    enum class State { Ground, Escape, Csi, String, StringEscape, PassString };

    // `escStart`: where the sequence's ESC is in this chunk (or `length`
    // when it began in an earlier one).
    // Text from `i` on: up to the next ESC, with the widths fixed on the way.
    // Returns where the ESC is, or `length`.
    size_t scanText(const char *data, size_t i, size_t length, size_t &start, ScannerSink &sink);
    void finishCsi(const char *data, size_t end, size_t escStart, size_t &start, ScannerSink &sink);
    void flush(const char *data, size_t from, size_t to, ScannerSink &sink);
    // Hands on the start of a control sequence held from an earlier chunk.
    void releaseHeldCsi(ScannerSink &sink);
    // Leaves out the control sequence from escStart (or held) up to `to`.
    void dropCsi(const char *data, size_t escStart, size_t to, size_t &start, ScannerSink &sink);
    // An SGR with attributes libvterm lacks, or to be rewritten or split:
    // true if it was handled.
    bool finishSgr(const char *data, size_t end, size_t escStart, size_t &start, ScannerSink &sink);
    void scan(const char *data, size_t length, ScannerSink &sink);
    // Hands the held string on, or drops it if it is one to swallow.
    void emitHeld(ScannerSink &sink, size_t dropLast = 0);
    void emitClipboardWrite(ScannerSink &sink, size_t dropLast);
    bool heldIsSwallowed() const;
    bool heldIsClipboardWrite() const;
    size_t heldLimit() const { return heldIsClipboardWrite() ? kMaxClipboardString : kMaxHeldString; }
    // Where the incomplete UTF-8 character at the end of [from, to) starts,
    // or `to` if the range ends on a character boundary.
    static size_t incompleteUtf8Tail(const char *data, size_t from, size_t to);

    State m_state = State::Ground;
    std::string m_held; // bytes seen but not yet handed on, in order
    std::string m_utf8; // a character cut by the end of the previous chunk
    std::string m_csi; // parameters and intermediates of the CSI being read
    bool m_csiPrivate = false;
    char m_csiLeader = 0; // '?', '>', '=' or '<' when the parameters began with one
    bool m_dropping = false; // PassString: the rest of a swallowed string
    // A control sequence grew too long to hold: it is dropped whole.
    bool m_csiDropping = false;
    size_t m_csiArgs = 1; // parameters and sub-parameters so far
    // The escape read has intermediates: its final byte comes in Ground.
    enum class EscFinal : unsigned char { None, G0Designation, Other } m_escFinal = EscFinal::None;
    static constexpr size_t kMaxHeldCsi = 512;

public:
    // A sequence's parameters are kept up to this many bytes (the rest are
    // read by libvterm alone): a sink that sees this many has not seen all.
    static constexpr size_t kMaxCsiParams = 256;
};

} // namespace dt::term
