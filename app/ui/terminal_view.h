#pragma once

#include "terminal/core/links.h"
#include "terminal/core/search.h"
#include "terminal/core/selection.h"
#include "terminal/terminal_session.h"
#include "app/ui/command_marks_bar.h"
#include "app/ui/terminal_paint_snapshot.h"
#include "app/ui/terminal_theme.h"

#include <QAbstractScrollArea>
#include <QElapsedTimer>
#include <QFont>
#include <QHash>
#include <QStaticText>
#include <QPointer>
#include <QTimer>

namespace dt::ui {

class TerminalViewAccessibility;

// Paints a TerminalSession's model and turns keys, mouse and input-method
// events into input for it. Owns nothing of the session; the tab does.
class TerminalView : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit TerminalView(dt::terminal::TerminalSession *session, QWidget *parent = nullptr);
    ~TerminalView() override;

    dt::terminal::TerminalSession *session() const { return m_session; }

    void setTerminalFont(const QFont &font);
    QFont terminalFont() const { return m_font; }
    void setTheme(const TerminalTheme &theme);
    // Drawn faded (another pane has the focus and the person asked for
    // that); what programs are told of the colours stays the theme's.
    void setDimmed(bool dimmed);
    bool isDimmed() const { return m_dimmed; }
    void setExitMessage(const QString &message);
    // How long a frame drawn with synchronized output (DEC mode 2026) is
    // waited for before what there is gets painted (default 200 ms).
    void setSynchronizedOutputTimeout(int ms) { m_synchronizedOutputTimeout = ms; }

    QSize cellSize() const { return QSize(m_cellWidth, m_cellHeight); }
    // Rows of the grid the view shows.
    int visibleRows() const;
    // What screen readers are given (terminal_view_accessible.h).
    TerminalViewAccessibility *accessibility() const { return m_accessibility; }
    // Top-left pixel of a cell of the visible grid, in viewport coordinates.
    QPoint cellOrigin(int row, int col) const;
    // The scrollback lines currently scrolled into view (0 = at the bottom).
    int scrollOffset() const { return m_scrollOffset; }
    // The line shown in the top row, numbered as the model numbers lines.
    int64_t firstVisibleLine() const;
    void scrollToBottom();
    void scrollLines(int delta); // positive = back into history
    // Scrolled back into history, the view stays on the lines it shows
    // while output arrives (typing brings it down); with `scroll`, output
    // brings it back to the bottom as well.
    void setScrollOnOutput(bool scroll) { m_scrollOnOutput = scroll; }

    QString selectedText() const;
    bool hasSelection() const { return m_selection.isActive(); }
    void copyToClipboard();
    void pasteClipboard();
    void pastePrimarySelection();
    void selectAll();
    void clearScrollback();
    // A full reset (RIS) of the model, as if the program had asked for one:
    // modes, character sets, colours and the screen; the history stays.
    void resetTerminal();

    // Commands the shell reported (terminal_view_commands.cpp): scrolls
    // the previous (-1) or next (+1) prompt to the top of the view; selects
    // a command's output and brings it into view; copies the last finished
    // command's output. False when there is no such prompt or command.
    bool jumpToPrompt(int direction);
    bool selectCommandOutput(uint64_t commandId);
    bool copyLastCommandOutput();

    // Highlights search hits; `current` (an index into `matches`, or -1) is
    // drawn stronger and scrolled into view.
    void setSearchMatches(std::vector<dt::term::SearchMatch> matches, int current);
    void clearSearchMatches() { setSearchMatches({}, -1); }

    // Keys that deviceterm keeps for itself instead of passing on to the
    // program; documented in the README.
    static bool isApplicationShortcut(int key, Qt::KeyboardModifiers modifiers);
    // Whether this view keeps a key press from the program: one of those
    // keys, and for Ctrl+Shift chords only those an action of the window is
    // bound to (editors bind the others under the keyboard protocols).
    bool keepsKey(int key, Qt::KeyboardModifiers modifiers) const;

    QSize sizeHint() const override;

signals:
    void gridSizeChanged(int rows, int columns);
    void focusReceived();

protected:
    bool event(QEvent *e) override;
    void paintEvent(QPaintEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;
    void showEvent(QShowEvent *e) override;
    void keyPressEvent(QKeyEvent *e) override;
    // Releases reach programs that asked for them (kitty's protocol), for
    // the keys whose presses reached them.
    void keyReleaseEvent(QKeyEvent *e) override;
    static quint32 keyIdentity(const QKeyEvent *e);
    dt::term::MousePixel mousePixel(QPoint viewportPos) const;
    void inputMethodEvent(QInputMethodEvent *e) override;
    QVariant inputMethodQuery(Qt::InputMethodQuery query) const override;
    void mousePressEvent(QMouseEvent *e) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void mouseReleaseEvent(QMouseEvent *e) override;
    void contextMenuEvent(QContextMenuEvent *e) override;
    void leaveEvent(QEvent *e) override;
    void mouseDoubleClickEvent(QMouseEvent *e) override;
    void wheelEvent(QWheelEvent *e) override;
    void focusInEvent(QFocusEvent *e) override;
    void focusOutEvent(QFocusEvent *e) override;
    void scrollContentsBy(int dx, int dy) override;

private:
    struct FontSet;

    // terminal_view.cpp
    void onContentChanged();
    void flushDamage();
    void applyGridSize();
    void updateScrollBar();
    void onBell();
    void restartBlink();
    int64_t linesAboveAsAnnounced() const;
    dt::term::GridPos gridPosAt(const QPoint &p, bool clampToGrid = true) const;

    // terminal_view_paint.cpp
    void paintLine(QPainter &p, const dt::term::Line *line, int64_t absoluteLine, int y, int firstCol,
                   int lastCol) const;
    void paintDoubledLine(QPainter &p, const dt::term::Line &line, int64_t absoluteLine, int y) const;
    void paintCursor(QPainter &p) const;
    int matchAt(int64_t line, int col) const; // index into m_matches or -1
    void paintPreedit(QPainter &p) const;
    void paintExitMessage(QPainter &p) const;
    void rebuildFonts();
    // `emoji`: laid out in the colour emoji font first (FontSet::emoji).
    const QStaticText &staticText(const QString &grapheme, bool bold, bool italic, bool emoji) const;

    // terminal_view_commands.cpp
    void updateCommandMarks();
    void scrollToLine(int64_t absoluteLine);

    // terminal_view_input.cpp
    bool forwardMouse(QMouseEvent *e, bool pressed, bool isMove);
    void copySelectionToPrimary();

    QPointer<dt::terminal::TerminalSession> m_session;
    TerminalTheme m_baseTheme = TerminalTheme::dark(); // as set
    bool m_dimmed = false;
    TerminalTheme m_theme = TerminalTheme::dark(); // drawn: the program's colours on top
    void applyTheme();
    QFont m_font;
    std::unique_ptr<FontSet> m_fonts;
    int m_cellWidth = 8;
    int m_cellHeight = 16;
    int m_ascent = 12;
    int m_staticTextAscent = 12;
    mutable QHash<QString, QStaticText> m_staticTexts;
    PaintSnapshot m_paintSnapshot; // what the current paint draws from
    TerminalViewAccessibility *m_accessibility = nullptr; // a child
    static constexpr int kPadding = 4;

    int m_scrollOffset = 0;
    bool m_scrollOnOutput = false;
    bool m_updatingScrollBar = false;
    QTimer m_repaintTimer; // coalesces output to at most one paint per frame
    QElapsedTimer m_sinceLastFlush; // since output was last painted (invalid: never)
    // Synchronized output: painting waits while the program draws a frame,
    // at most m_synchronizedOutputTimeout per frame (a program that never
    // ends one is painted anyway).
    bool holdsForSynchronizedOutput();
    int m_synchronizedOutputTimeout = 200;
    QElapsedTimer m_syncHeld; // since the frame being waited for began
    quint64 m_syncUpdate = 0; // which frame that is (Terminal::synchronizedUpdates)
    bool m_waitingForFrame = false; // m_repaintTimer runs for the hold
    QTimer m_resizeTimer;
    bool m_gridApplied = false;
    QTimer m_blinkTimer;
    bool m_blinkOn = true;
    // Blinking text (SGR 5): shown and hidden in turn while any is painted,
    // at the desktop's cursor flash rate; never when the desktop turned
    // blinking off (cursor flash time 0, an accessibility setting).
    QTimer m_textBlinkTimer;
    bool m_textBlinkOn = true;
    mutable bool m_blinkingTextPainted = false;
    static int blinkInterval(); // 0: no blinking
    bool m_focused = false;
    int m_lastCursorRow = 0;
    QElapsedTimer m_bellFlash;
    bool m_bellActive = false;

    dt::term::Selection m_selection;
    bool m_selecting = false;
    dt::term::GridPos m_pressPos;
    // The link under the mouse (underlined; Ctrl+click opens it).
    std::optional<dt::term::LinkAt> m_hoveredLink;
    void hoverLinkAt(QPoint viewportPos);
    std::optional<dt::term::LinkAt> linkAtPixel(QPoint viewportPos) const;
    void openLink(const dt::term::LinkAt &link);
    QPoint m_pressPixel;
    int m_clickCount = 0;
    QElapsedTimer m_lastClick;
    int m_mouseButtonsDown = 0;
    int m_wheelRemainder = 0; // eighths of a degree not yet scrolled

    CommandMarksBar *m_marksBar = nullptr; // the vertical scroll bar; ours through the scroll area
    std::vector<dt::term::SearchMatch> m_matches;
    int m_currentMatch = -1;

    QString m_preedit;
    // Keys pressed and sent under kitty's protocol, by keyIdentity(): their
    // releases name the same key, whatever the modifiers are by then.
    std::vector<std::pair<quint32, dt::term::KeyEvent>> m_keysDown;
    void releaseKeysDown(); // focus left: the program hears them go up
    QString m_exitMessage;
};

} // namespace dt::ui
