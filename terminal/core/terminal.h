#pragma once

#include "terminal/core/cell.h"
#include "terminal/core/cell_decorations.h"
#include "terminal/core/command_log.h"
#include "terminal/core/key_event.h"
#include "terminal/core/keyboard_modes.h"
#include "terminal/core/libvterm_guard.h"
#include "terminal/core/line.h"
#include "terminal/core/placed_characters.h"
#include "terminal/core/screen_buffer.h"
#include "terminal/core/scrollback.h"
#include "terminal/core/stream_scanner.h"

#include <algorithm>
#include <cstdint>
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

struct VTerm;
struct VTermState;

namespace dt::term {

enum class CursorShape : uint8_t { Block, Underline, Bar };

// Which kinds of mouse events the running program asked to receive.
enum class MouseTracking : uint8_t { None, Click, Drag, Move };

enum class MouseButton : uint8_t { Left = 1, Middle = 2, Right = 3, WheelUp = 4, WheelDown = 5 };

// A mouse position in pixels within the text area, from 0.
struct MousePixel {
    int x = 0, y = 0;
};

struct CursorState {
    int row = 0;
    int col = 0;
    bool visible = true;
    bool blink = true;
    CursorShape shape = CursorShape::Block;
};

// Changes since the last takeChanges(), for the session to turn into signals.
struct Changes {
    bool title = false;
    bool bell = false;
    bool altScreen = false;
    bool mouseTracking = false;
    bool cursor = false;
    int linesScrolledIntoHistory = 0;
    bool commands = false; // a semantic prompt mark or a new working directory
    bool clipboard = false; // the program asked to set a clipboard (takeClipboardWrite)
    bool colours = false; // the program set or reset colours (colourOverrides)
    bool notification = false; // the program asked to tell the person something (takeNotification)
};

// What a program asked to show as a desktop notification (OSC 9 or OSC 777
// ; notify), as plain UTF-8 text without control characters, bounded.
struct ProgramNotification {
    static constexpr size_t kMaxTitleBytes = 256;
    static constexpr size_t kMaxBodyBytes = 2048;
    std::string title; // empty: the program gave none (OSC 9)
    std::string body;
};

// The colours a program set for its terminal (OSC 4, 10, 11, 12) on top of
// the theme's, as 0xRRGGBB; unset ones are the theme's.
struct ColourOverrides {
    std::array<std::optional<uint32_t>, 256> palette;
    std::optional<uint32_t> foreground, background, cursor;
    bool empty() const;
};

// What a program asked to put on the clipboard (OSC 52), decoded. Its
// targets: 'c' the clipboard, 'p' or 's' the primary selection; none
// named means the clipboard.
struct ClipboardWrite {
    std::string text; // UTF-8 as the program sent it; empty clears
    bool clipboard = false;
    bool primary = false;
};

// The terminal model: libvterm parses the byte stream and keeps modes, pen
// and cursor (its VTermState layer); the cells live here, in a grid whose
// rows scroll by reordering, with bounded scrollback. No Qt and no PTY:
// bytes go in through feed(), replies and encoded keys leave through the
// output callback.
class Terminal : private ScannerSink {
public:
    using OutputFn = std::function<void(const char *, size_t)>;

    Terminal(int rows, int columns, int scrollbackLines = 10000);
    ~Terminal() override;
    Terminal(const Terminal &) = delete;
    Terminal &operator=(const Terminal &) = delete;

    // Everything libvterm wants to send to the program (DSR/DA replies,
    // encoded keys, mouse reports, bracketed paste) goes here.
    void setOutput(OutputFn output) { m_output = std::move(output); }

    // The colours the view draws with, as 0xRRGGBB, for programs that ask
    // (OSC 10, 11, 12 and 4 with "?": vim and others probe the background
    // to pick a light or dark scheme). Until set: white on black.
    struct ReportedColours {
        uint32_t foreground = 0xffffff;
        uint32_t background = 0x000000;
        uint32_t cursor = 0xffffff;
        std::array<uint32_t, 256> palette{};
    };
    void setReportedColours(const ReportedColours &colours) { m_reportedColours = colours; }
    // What programs set on top (Changes::colours when it changes).
    const ColourOverrides &colourOverrides() const { return m_colourOverrides; }

    void feed(const char *bytes, size_t length);
    void feed(const std::string &bytes) { feed(bytes.data(), bytes.size()); }
    void resize(int rows, int columns);

    int rows() const { return m_rows; }
    int columns() const { return m_columns; }

    // Row 0..rows-1 of the active screen.
    const Line &screenLine(int row) const { return activeBuffer().row(row); }

    // Lines are also numbered absolutely, so a selection or a search hit
    // stays on its text while output scrolls it up: line L is on screen row
    // L - linesAboveScreen() when that is >= 0, else in the scrollback.
    int64_t linesAboveScreen() const { return m_altActive ? 0 : m_linesAboveScreen; }
    // nullptr when the line has left the scrollback (or never existed).
    const Line *lineAt(int64_t absoluteLine) const;
    const Scrollback &scrollback() const { return m_scrollback; }
    void clearScrollback() override;
    void setScrollbackCapacity(int lines) { m_scrollback.setCapacity(lines); }

    CursorState cursor() const;
    const std::string &title() const { return m_title; }
    bool altScreenActive() const { return m_altActive; }
    bool reverseVideo() const { return m_reverseVideo; }
    MouseTracking mouseTracking() const { return m_mouse; }
    const KeyboardModes &keyboardModes() const { return m_keyboard; }
    // A cell's underline colour and program link (Cell::decoration), or
    // nullptr when it has none.
    const Decoration *decoration(const Cell &cell) const { return m_decorations.at(cell.decoration); }
    size_t decorationEntries() const { return m_decorations.liveEntries(); } // for tests and diagnostics
    // Synchronized output (DEC mode 2026): while on, the program is drawing
    // a frame and the view should wait (within a time limit) before it
    // paints. Each frame it begins counts one update, so a view that missed
    // the end of one sees the next begin.
    bool synchronizedOutput() const { return m_synchronizedOutput; }
    uint64_t synchronizedUpdates() const { return m_synchronizedUpdates; }

    // Rows changed since the last clearDamage(); true for every row after a
    // scroll, a resize or a switch of screens.
    bool rowDamaged(int row) const { return m_damageAll || m_damaged[static_cast<size_t>(row)]; }
    bool anyDamage() const { return m_anyDamage; }
    void clearDamage();
    Changes takeChanges();
    // Lines scrolled into history since the last takeChanges(): fed, not yet
    // announced (a view held back in history keeps its place by them).
    int linesScrolledSinceTaken() const { return m_changes.linesScrolledIntoHistory; }
    // The last clipboard write since the previous call (Changes::clipboard),
    // or nothing. Whether it reaches the desktop is the GUI's policy.
    std::optional<ClipboardWrite> takeClipboardWrite() { return std::exchange(m_clipboardWrite, std::nullopt); }
    // The first notification a program asked for since the previous call
    // (Changes::notification). Whether and how it is shown is the GUI's.
    std::optional<ProgramNotification> takeNotification() { return std::exchange(m_notification, std::nullopt); }

    // Input from the user, encoded the way the program asked for it.
    void sendKey(Key key, Modifiers mods);
    // A key under the keyboard protocol the program asked for (kitty's or
    // modifyOtherKeys, key_encoding.h). False when it asked for none, or
    // this key keeps its legacy bytes: the caller sends those (sendKey,
    // sendText). `sent`: whether any bytes went out (a release may not).
    bool sendKeyEvent(const KeyEvent &event, bool *sent = nullptr);
    void sendCharacter(char32_t codepoint, Modifiers mods);
    void sendText(const std::string &utf8);
    void paste(const std::string &utf8);
    // The mouse over cell (row, col), at pixel `pixel` of the text area
    // (from 0), which programs that asked for SGR-Pixels (mode 1016) get;
    // a button is reported where the last move left the mouse.
    void sendMouseMove(int row, int col, Modifiers mods, MousePixel pixel = {});
    void sendMouseButton(MouseButton button, bool pressed, Modifiers mods);
    bool mouseReportsPixels() const { return m_mousePixels; }
    void focusIn();
    void focusOut();

    // Text of the visible screen, one line per row with trailing blanks trimmed.
    std::string screenText() const;
    // The newest `lines` lines of history (fewer if there are fewer), oldest
    // first, in the same form.
    std::string historyText(int lines) const;

    // The newest `historyLines` rows of history and the screen, as the
    // lines the program wrote: a row that wrapped runs on into the next
    // without a line break.
    std::string logicalText(int historyLines) const;

    size_t scrollbackMemoryBytes() const { return m_scrollback.memoryBytes(); }

    // The commands the shell reported (OSC 133) and its directory (OSC 7).
    const CommandLog &commands() const { return m_commands; }
    // A command's output as text: its lines joined (a full line runs on
    // into the next), trailing blanks trimmed. `truncated` when history
    // has already dropped its start; the output is then what is left.
    std::string commandOutput(const CommandRecord &record, bool *truncated = nullptr) const;

private:
    friend struct TerminalCallbacks;

    ScreenBuffer &activeBuffer() { return m_altActive && m_alt ? *m_alt : m_primary; }
    const ScreenBuffer &activeBuffer() const { return m_altActive && m_alt ? *m_alt : m_primary; }
    void damageRows(int from, int to);
    void damageAll();

    // ScannerSink
    void write(const char *bytes, size_t length) override;
    void sgrExtras(const SgrExtras &extras) override;
    // terminal_pen.cpp: the model keeps the pen; libvterm never reads SGR.
    bool appliesSgr() const override { return true; }
    void sgr(const SgrRead &read) override;
    bool answersDcs(std::string_view string) override; // DECRQSS for SGR
    void clampLikeAnyCsi();
    void cursorRestored() override;
    void cursorSaved() override;
    void fullReset() override;
    void combine(char32_t codepoint) override;
    // terminal_printable.cpp: runs of printable ASCII placed in the grid
    // directly while that is certain to match what libvterm would do.
    void printable(const char *bytes, size_t length) override;
    void g0Designated(char final) override { m_printableLimits.g0NotAscii = final != 'B'; }
    void charsetShifted() override { m_printableLimits.shifted = true; }
    void singleShift() override
    {
        m_singleShift = true;
        m_singleShiftWritten = false;
    }
    // SS2 or SS3 seen: libvterm places the next character. The scanner
    // reports it before the write that carries it (after text before it),
    // so only a glyph placed once that write is done is the shifted one
    // (onPutGlyph), and ends it.
    bool m_singleShift = false;
    bool m_singleShiftWritten = false;
    bool atLineEnd() const;
    // Cells the model placed past libvterm's cursor, which has not been
    // told yet: one CUF tells it before anything else reaches libvterm
    // (catchUpLibvterm), so a line of short coloured runs costs libvterm
    // one move, not one per run. A CR next needs no CUF: it puts the
    // cursor in column 0 from anywhere (toLibvterm). Never left over
    // after feed().
    int m_libvtermBehind = 0;
    void catchUpLibvterm();
    struct GridPos {
        int row = 0, col = 0;
    };
    // libvterm's cursor with the cells it has not been told of.
    GridPos libvtermCursor() const;
    // terminal_text_run.cpp: text beyond ASCII placed directly too.
    bool placesText() const override;
    size_t text(const char *bytes, size_t length) override;
    // Where the next character of a run goes, while nothing but the run
    // moved libvterm's cursor since it was asked.
    struct TextCursor {
        bool known = false;
        // On the screen, on a row not of double width, and libvterm is
        // not waiting to wrap there.
        bool takesText = false;
        GridPos pos;
    };
    // One character of such text: placed here when it fits left of the
    // line's end, else sent to libvterm as the scanner would send it.
    void placeCharacter(char32_t codepoint, const char *utf8, size_t length, TextCursor &next);
    PlacedCharacters m_placedCharacters; // what placeCharacter() does with each
    // terminal_printable.cpp: printable ASCII placed directly, once where
    // it may go is known.
    size_t placePrintable(const char *bytes, size_t length);
    void storePrintable(GridPos pos, const char *bytes, int count);
    // What of libvterm's state would make it place printable ASCII
    // otherwise than one cell each, as itself and unprotected: followed
    // from the sequences that set it, and assumed in force, once the model
    // cannot tell, until a reset (RIS, DECSTR) clears them all.
    struct PrintableLimits {
        bool g0NotAscii = false; // ESC ( F with another set than B
        bool shifted = false; // SO, LS2, LS3: another set may be in GL
        bool protectedText = false; // DECSCA 1
        bool originMode = false; // DECOM: CUF stays in the scroll region
        bool unreadMode = false; // SM/RM, DECSET/DECRST or DECSCA the model cannot read
        bool any() const { return g0NotAscii || shifted || protectedText || originMode || unreadMode; }
    } m_printableLimits;
    // terminal_replies.cpp: what the model answers or follows itself.
    bool takesCsi(char leader, std::string_view params, char final) const override;
    void holdReplies(bool hold) override
    {
        m_holdReplies = hold;
        if (hold)
            m_erasedAtPendingWrap = false; // only what this sequence erases counts
    }
    void csi(char leader, std::string_view params, char final) override;
    // REP (terminal_glyphs.cpp): libvterm 0.1.4 repeats a character of
    // width 0 without end (before any text, after DECALN), so REP never
    // reaches it; the last character placed is written again instead.
    bool replacesCsi(char leader, std::string_view params, char final, std::string &instead) const override;
    int m_lastPutWidth = 0; // of the glyph placed last
    std::array<char32_t, 6> m_lastPutChars{};
    int m_lastPutCount = 0;
    bool m_holdReplies = false; // libvterm's replies are dropped meanwhile
    std::vector<std::string> m_titleStack; // XTWINOPS 22/23
    bool m_synchronizedOutput = false; // DEC mode 2026
    bool m_erasedAtPendingWrap = false; // onErase() to csi('K')
    bool m_leftRightMargins = false; // DECLRMM (mode 69), as set
    uint64_t m_synchronizedUpdates = 0; // times it was turned on
    // SGR-Pixels (mode 1016), which libvterm 0.1.4 lacks: reports encoded
    // here (terminal_input.cpp), in SGR's form with pixels for cells.
    bool m_mousePixels = false;
    MousePixel m_mousePixel; // where the last move was
    uint8_t m_pixelButtonsDown = 0; // bit per button: left 1, middle 2, right 4
    void sendPixelReport(int code, Modifiers mods, char final);
    bool m_insertMode = false; // IRM and LNM, as set (for DECRQM)
    bool m_newlineMode = false;
    // clearScrollback() above is also the sink's CSI 3 J handler.

    // libvterm state callbacks
    int onPutGlyph(const uint32_t *chars, int width, int row, int col, bool protect);
    // The glyph placed last, which a character of no width joins while the
    // cursor still stands just after it (as libvterm joins its own).
    struct LastGlyph {
        int row = -1, col = 0, width = 1;
    } m_lastGlyph;
    // combine() once the cursor is known to stand just after that glyph.
    void joinLastGlyph(char32_t codepoint);
    void widenLastGlyph();
    // How many cells of a screen row libvterm places text in: half of
    // them on a row of double width.
    int rowWidth(int row) const;
    bool m_doubleWidthRowsSeen = false; // DECDWL or DECDHL ever: rowWidth() must ask libvterm
    // Where the glyph that filled its row left libvterm's cursor, waiting
    // to wrap. libvterm keeps waiting until the cursor moves, even when
    // the row is made narrower or wider under it (DECSWL, ED): while the
    // cursor is still there, only libvterm places text.
    GridPos m_waitsToWrapAt{-1, -1};
    bool mayWaitToWrap(GridPos pos) const { return pos.row == m_waitsToWrapAt.row && pos.col == m_waitsToWrapAt.col; }
    // A glyph about to be placed at (row, col): at the start of the row
    // below the last glyph's, with no cursor move between, autowrap put it
    // there, and the row above is marked as continuing into it.
    void noteWrapBefore(int row, int col)
    {
        if (m_wrap.valid && col == 0 && row == m_wrap.row + 1)
            markWrappedAbove();
    }
    void markWrappedAbove();
    // libvterm waits to wrap: the cursor is on the last column, right where
    // the glyph just written there left it.
    bool pendingWrap() const;
    // The glyph placed last, and where that left the cursor: if the next
    // glyph lands at the start of the line below without the cursor moving
    // in between, autowrap put it there (after the last cell, or a wide
    // character that did not fit) and the line is marked wrapped. Its row
    // follows scrolling; -1 is the newest line of history.
    struct WrapCandidate {
        bool valid = false;
        int row = 0, cursorCol = 0;
    } m_wrap;
    void followWrapCandidate(int startRow, int endRow, int downward, bool pushedToHistory);
    void forgetLastGlyphIn(int startRow, int endRow, int startCol, int endCol);
    int onScrollRect(int startRow, int endRow, int startCol, int endCol, int downward, int rightward);
    // `endsWraps`: an erase that reaches a row's last cell ends that row's
    // soft wrap (not so the tail a character deletion blanks).
    int onErase(int startRow, int endRow, int startCol, int endCol, bool selective, bool endsWraps = true);
    void moveRect(int destRow, int destCol, int srcRow, int srcCol, int height, int width);
    void resetLineSizes(int fromRow, int toRow)
    {
        for (int r = std::max(fromRow, 0); r < std::min(toRow, m_rows); ++r)
            activeBuffer().row(r).setLineSize(Line::Size::Normal);
    }
    void pushToScrollback(int rows);
    void pushPrimaryRows(int rows);
    int onResize(int rows, int columns, int *deltaRow, int *deltaCol);
    // terminal_reflow.cpp: the primary screen and history laid out again
    // at a new width; the cursor's move when the primary screen shows.
    // `cursorAdvance`: the cells the cursor stands past its own (libvterm
    // keeps it on the last glyph while a wrap is pending).
    void reflowPrimary(int rows, int columns, int cursorAdvance, int *deltaRow, int *deltaCol);
    static constexpr int kNoRow = -2;
    int m_wrapAfterResize = kNoRow; // a wrap candidate for the row above the cursor
    int m_cursorAdvance = 0; // resize() to onResize()
    bool m_cursorEndsRowAbove = false; // likewise
    // Strings libvterm does not know (OSC 133, OSC 7): the command marks.
    void onOsc(const char *command, size_t length);
    // The text from `from` up to `to` (exclusive), across lines.
    std::string textBetween(LinePosition from, LinePosition to, bool *truncated) const;
    LinePosition cursorPosition() const;
    // lineAt() on the primary screen and history, whichever screen shows.
    const Line *primaryLineAt(int64_t absoluteLine) const;

    std::unique_ptr<VTerm, void (*)(VTerm *)> m_vt;
    // Every byte for libvterm's parser goes through here (libvterm_guard.h).
    void toLibvterm(const char *bytes, size_t length);
    LibvtermGuard m_guard;
    std::string m_guarded;
    bool m_inLibvterm = false;
    VTermState *m_state = nullptr; // borrowed from m_vt
    StreamScanner m_scanner;
    OutputFn m_output;
    std::string *m_capture = nullptr; // while set, libvterm's output goes here instead
    // What libvterm encodes for `key` (nothing reaches the program).
    std::string encodedByLibvterm(Key key, Modifiers mods);
    bool cursorKeyMode(); // DECCKM, as libvterm keeps it
    KeyboardModes m_keyboard; // the protocol programs asked for
    ReportedColours m_reportedColours;
    // terminal_colours.cpp: OSC 4/10/11/12 queries and sets, 104/110/111/112
    // resets; true if it was one.
    bool handleColourRequest(std::string_view osc);
    uint32_t effectiveColour(int special) const; // 0 foreground, 1 background, 2 cursor
    void resetColours(); // RIS
    ColourOverrides m_colourOverrides;
    // terminal_clipboard.cpp: OSC 52; true if it was one.
    bool takeClipboardRequest(std::string_view osc);
    std::optional<ClipboardWrite> m_clipboardWrite;

    int m_rows;
    int m_columns;
    ScreenBuffer m_primary;
    std::unique_ptr<ScreenBuffer> m_alt;
    bool m_altActive = false;
    Scrollback m_scrollback;
    Cell m_pen;
    // terminal_decorations.cpp: the pen's underline colour and link, and
    // the table the cells' numbers for them point into.
    void setPenDecoration(Decoration decoration);
    bool takeHyperlink(std::string_view osc); // OSC 8; true if it was one
    // terminal_notifications.cpp: OSC 9 and OSC 777 ; notify; true if it was one.
    bool takeNotificationRequest(std::string_view osc);
    std::optional<ProgramNotification> m_notification;
    void sweepDecorations();
    Decoration m_penDecoration;
    CellDecorations m_decorations;
    // What DECSC (ESC 7, modes 1048 and 1049) saves of the pen, which
    // libvterm does not know (it never reads an SGR): all of it but the
    // link, which belongs to the text, not the cursor. Nothing saved
    // restores a plain pen.
    struct SavedPen {
        Cell style;
        SgrExtras sgr = readSgr("0").extras;
    } m_savedPen;
    void restoreSavedPen();
    // The pen erased cells get: without the link, which only text carries.
    Cell erasePen() const
    {
        Cell pen = m_pen;
        pen.decoration = 0;
        return pen;
    }

    std::string m_title;
    bool m_reverseVideo = false;
    bool m_cursorVisible = true;
    bool m_cursorBlink = true;
    CursorShape m_cursorShape = CursorShape::Block;
    MouseTracking m_mouse = MouseTracking::None;

    std::vector<uint8_t> m_damaged;
    bool m_damageAll = true;
    bool m_anyDamage = true;
    Changes m_changes;
    int64_t m_linesAboveScreen = 0; // ever pushed into history, less those popped back
    CommandLog m_commands;
};

} // namespace dt::term
