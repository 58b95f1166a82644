// TerminalView's core: sizing the grid to the widget (coalescing resize bursts), repainting only damaged
// rows at most once per frame, the scroll bar over scrollback, bell, cursor blink, copy and paste.

#include "app/ui/terminal_view.h"

#include "terminal/terminal_session.h"
#include "app/ui/terminal_view_fonts.h"
#include "app/ui/terminal_view_accessible.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QKeyEvent>
#include <QCursor>
#include <QScrollBar>
#include <QStyleHints>

namespace dt::ui {

using dt::terminal::TerminalSession;

namespace {
constexpr int kFrameMillis = 16; // one display frame at 60 Hz

constexpr int kBellMillis = 120;
} // namespace

TerminalView::TerminalView(TerminalSession *session, QWidget *parent)
    : QAbstractScrollArea(parent), m_session(session)
{
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_InputMethodEnabled);
    // Always shown: a bar that appears with the first line of history would
    // narrow the grid, and every program would be told of a new size.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setMouseTracking(true);

    m_repaintTimer.setSingleShot(true);
    connect(&m_repaintTimer, &QTimer::timeout, this, &TerminalView::flushDamage);
    m_resizeTimer.setSingleShot(true);
    m_resizeTimer.setInterval(15);
    connect(&m_resizeTimer, &QTimer::timeout, this, &TerminalView::applyGridSize);
    connect(&m_textBlinkTimer, &QTimer::timeout, this, [this] {
        // No blinking text painted since the last turn: it is gone.
        if (!std::exchange(m_blinkingTextPainted, false)) {
            m_textBlinkTimer.stop();
            if (!std::exchange(m_textBlinkOn, true))
                viewport()->update();
            return;
        }
        m_textBlinkOn = !m_textBlinkOn;
        viewport()->update();
    });
    connect(&m_blinkTimer, &QTimer::timeout, this, [this] {
        m_blinkOn = !m_blinkOn;
        if (m_session && m_scrollOffset == 0 && !m_waitingForFrame) { // not half a frame
            const auto c = m_session->terminal().cursor();
            viewport()->update(QRect(cellOrigin(c.row, 0), QSize(viewport()->width(), m_cellHeight)));
        }
    });
    TerminalViewAccessibility::installFactory();
    m_accessibility = new TerminalViewAccessibility(this);

    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    setTerminalFont(font);

    m_marksBar = new CommandMarksBar(this);
    setVerticalScrollBar(m_marksBar);
    connect(m_marksBar, &CommandMarksBar::markClicked, this, [this](quint64 id) { selectCommandOutput(id); });
    setTheme(m_baseTheme); // the bar's colours
    if (session) {
        connect(session, &TerminalSession::contentChanged, this, &TerminalView::onContentChanged);
        connect(session, &TerminalSession::commandsChanged, this, &TerminalView::updateCommandMarks);
        // Scroll lock: lines pushed into history move the reader's place
        // by as many, so the same lines stay in view.
        connect(session, &TerminalSession::linesScrolledIntoHistory, this, [this](int count) {
            if (m_scrollOffset != 0 && !m_scrollOnOutput)
                m_scrollOffset += count; // clamped to the history there is in updateScrollBar
        });
        connect(session, &TerminalSession::bell, this, &TerminalView::onBell);
        connect(session, &TerminalSession::coloursChanged, this, &TerminalView::applyTheme);
        connect(session, &TerminalSession::altScreenChanged, this, [this] {
            m_selection.clear();
            scrollToBottom();
        });
    }
    connect(verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        if (m_updatingScrollBar)
            return;
        m_scrollOffset = verticalScrollBar()->maximum() - value;
        viewport()->update();
    });
}

TerminalView::~TerminalView() = default;

void TerminalView::setTerminalFont(const QFont &font)
{
    m_font = font;
    m_font.setStyleHint(QFont::TypeWriter);
    m_font.setFixedPitch(true);
    m_font.setKerning(false);
    m_font.setHintingPreference(QFont::PreferFullHinting);
    rebuildFonts();
    // A hidden view has no real size yet; showEvent() sizes the grid then.
    if (isVisible())
        applyGridSize();
    viewport()->update();
    updateGeometry();
}

void TerminalView::setTheme(const TerminalTheme &theme)
{
    m_baseTheme = theme;
    if (m_session) {
        // What programs that ask for the colours are told (OSC 10/11/12/4).
        dt::term::Terminal::ReportedColours reported;
        reported.foreground = theme.foreground.rgb() & 0xffffff;
        reported.background = theme.background.rgb() & 0xffffff;
        reported.cursor = theme.cursor.rgb() & 0xffffff;
        for (size_t i = 0; i < reported.palette.size(); ++i)
            reported.palette[i] = theme.palette[i].rgb() & 0xffffff;
        m_session->terminal().setReportedColours(reported);
    }
    applyTheme();
}

void TerminalView::setDimmed(bool dimmed)
{
    if (m_dimmed == dimmed)
        return;
    m_dimmed = dimmed;
    applyTheme();
}

// The theme with what the program set on top (OSC 4, 10, 11, 12): for this
// terminal alone, until it resets them or a full reset does.
void TerminalView::applyTheme()
{
    TerminalTheme theme = m_baseTheme;
    if (m_session) {
        const dt::term::ColourOverrides &set = m_session->terminal().colourOverrides();
        const auto colour = [](uint32_t rgb) { return QColor::fromRgb(QRgb(0xff000000u | rgb)); };
        if (set.foreground)
            theme.foreground = colour(*set.foreground);
        if (set.background)
            theme.background = colour(*set.background);
        if (set.cursor)
            theme.cursor = colour(*set.cursor);
        for (size_t i = 0; i < theme.palette.size(); ++i)
            if (set.palette[i])
                theme.palette[i] = colour(*set.palette[i]);
    }
    if (m_dimmed)
        theme = theme.dimmed(); // drawn so; programs asking are told the real colours
    m_theme = theme;
    QPalette pal = palette();
    pal.setColor(QPalette::Base, theme.background);
    pal.setColor(QPalette::Window, theme.background);
    setPalette(pal);
    // The scroll bar belongs to the terminal, so it takes the terminal's
    // colours rather than the desktop's.
    QPalette bar = verticalScrollBar()->palette();
    const QColor handle = blend(theme.background, theme.foreground, 0.3);
    for (QPalette::ColorRole role : {QPalette::Window, QPalette::Base, QPalette::Dark, QPalette::Shadow})
        bar.setColor(role, theme.background);
    for (QPalette::ColorRole role : {QPalette::Button, QPalette::Light, QPalette::Midlight, QPalette::Mid})
        bar.setColor(role, handle);
    bar.setColor(QPalette::ButtonText, theme.foreground);
    verticalScrollBar()->setPalette(bar);
    m_marksBar->setColors(blend(theme.background, theme.foreground, 0.65), theme.palette[9]);
    viewport()->update();
}

void TerminalView::setExitMessage(const QString &message)
{
    m_exitMessage = message;
    m_blinkTimer.stop();
    viewport()->update();
}

QSize TerminalView::sizeHint() const
{
    return QSize(80 * m_cellWidth + 2 * kPadding + verticalScrollBar()->sizeHint().width(),
                 24 * m_cellHeight + 2 * kPadding);
}

QPoint TerminalView::cellOrigin(int row, int col) const
{
    return QPoint(kPadding + col * m_cellWidth, kPadding + row * m_cellHeight);
}

int TerminalView::visibleRows() const
{
    return m_session ? m_session->terminal().rows() : 0;
}

int64_t TerminalView::firstVisibleLine() const
{
    return m_scrollOffset == 0 ? m_session->terminal().linesAboveScreen() : linesAboveAsAnnounced() - m_scrollOffset;
}

int64_t TerminalView::linesAboveAsAnnounced() const
{
    // Output is parsed between the GUI thread's events and announced a
    // little later (linesScrolledIntoHistory, which moves m_scrollOffset):
    // a view held back in history counts from the lines announced so far,
    // so it stays on its lines meanwhile instead of sliding and jumping back.
    const auto &t = m_session->terminal();
    return t.linesAboveScreen() - (m_scrollOnOutput ? 0 : t.linesScrolledSinceTaken());
}

dt::term::GridPos TerminalView::gridPosAt(const QPoint &p, bool clampToGrid) const
{
    const auto &t = m_session->terminal();
    int row = (p.y() - kPadding) / m_cellHeight;
    if (p.y() < kPadding)
        row = -1;
    int col = (p.x() - kPadding) / m_cellWidth;
    if (clampToGrid) {
        row = std::clamp(row, 0, t.rows() - 1);
        col = std::clamp(col, 0, t.columns() - 1);
    }
    return {firstVisibleLine() + row, col};
}

void TerminalView::resizeEvent(QResizeEvent *e)
{
    QAbstractScrollArea::resizeEvent(e);
    // Apply the first size at once so the shell starts with it; coalesce the
    // burst a window drag produces (each new width lays the history out
    // again, and every resize makes full-screen programs redraw).
    if (!isVisible())
        return; // showEvent() takes care of it
    if (!m_gridApplied)
        applyGridSize();
    else
        m_resizeTimer.start();
}

void TerminalView::showEvent(QShowEvent *e)
{
    QAbstractScrollArea::showEvent(e);
    applyGridSize();
}

void TerminalView::applyGridSize()
{
    if (!m_session)
        return;
    const int cols = std::max(2, (viewport()->width() - 2 * kPadding) / m_cellWidth);
    const int rows = std::max(1, (viewport()->height() - 2 * kPadding) / m_cellHeight);
    auto &t = m_session->terminal();
    m_gridApplied = true;
    if (rows == t.rows() && cols == t.columns())
        return;
    m_selection.clear();
    m_session->resize(rows, cols);
    m_accessibility->notifyResized();
    updateScrollBar();
    viewport()->update();
    emit gridSizeChanged(rows, cols);
}

void TerminalView::onContentChanged()
{
    if (!m_session)
        return;
    m_accessibility->notifyContentChanged();
    // A frame the program finished drawing is painted at once.
    if (m_waitingForFrame && !m_session->terminal().synchronizedOutput()) {
        m_repaintTimer.stop();
        m_waitingForFrame = false;
    }
    // Paint promptly after a quiet spell (a key echo), otherwise at most
    // once per frame however fast output arrives.
    if (m_repaintTimer.isActive())
        return;
    // (Only output counts: the first output after a paint of another cause,
    // a new view's first or a scroll's, is no flood to hold back.)
    const qint64 since = m_sinceLastFlush.isValid() ? m_sinceLastFlush.elapsed() : kFrameMillis;
    if (since >= kFrameMillis)
        flushDamage();
    else
        m_repaintTimer.start(static_cast<int>(kFrameMillis - since));
}

bool TerminalView::holdsForSynchronizedOutput()
{
    const auto &t = m_session->terminal();
    if (!t.synchronizedOutput()) {
        m_syncHeld.invalidate();
        return false;
    }
    if (!m_syncHeld.isValid()) {
        m_syncHeld.start();
        m_syncUpdate = t.synchronizedUpdates();
    } else if (m_syncUpdate != t.synchronizedUpdates()) {
        // A frame ended and the next began between two looks: the ended
        // one is complete enough to show, and the wait starts again.
        m_syncHeld.start();
        m_syncUpdate = t.synchronizedUpdates();
        return false;
    }
    const qint64 left = m_synchronizedOutputTimeout - m_syncHeld.elapsed();
    if (left <= 0)
        return false; // too long: what there is gets painted
    m_waitingForFrame = true;
    m_repaintTimer.start(static_cast<int>(left));
    return true;
}

void TerminalView::flushDamage()
{
    if (!m_session)
        return;
    m_waitingForFrame = false;
    auto &t = m_session->terminal();
    if (!t.anyDamage())
        return;
    if (holdsForSynchronizedOutput())
        return;
    // The text under a hovered link may have changed: look again.
    if (m_hoveredLink)
        hoverLinkAt(viewport()->mapFromGlobal(QCursor::pos()));
    m_sinceLastFlush.start();
    if (m_scrollOffset != 0) {
        // Output while the reader is back in history: the view stays on
        // the same lines (or, with scroll-on-output, comes back down).
        if (m_scrollOnOutput)
            m_scrollOffset = 0;
        t.clearDamage();
        updateScrollBar();
        viewport()->update();
        return;
    }
    const auto cursor = t.cursor();
    int first = -1, last = -1;
    for (int r = 0; r < t.rows(); ++r) {
        if (!t.rowDamaged(r) && r != cursor.row && r != m_lastCursorRow)
            continue;
        if (first < 0)
            first = r;
        last = r;
    }
    if (m_selection.isActive()) {
        // Text under a selection changed: the selection no longer describes it.
        for (int r = 0; r < t.rows(); ++r) {
            if (t.rowDamaged(r) && m_selection.intersectsLines(t.linesAboveScreen() + r, t.linesAboveScreen() + r)) {
                m_selection.clear();
                first = 0;
                last = t.rows() - 1;
                break;
            }
        }
    }
    m_lastCursorRow = cursor.row;
    t.clearDamage();
    updateScrollBar();
    if (first >= 0) {
        // Painted now rather than on the next pass of the event loop: that
        // pass would first wait for whichever terminal's turn is under way
        // (the output of another tab that floods), and a key's echo would
        // wait with it. This runs at most once per frame (the timer).
        const QRect r(0, cellOrigin(first, 0).y(), viewport()->width(), (last - first + 1) * m_cellHeight);
        viewport()->repaint(first == 0 ? r.adjusted(0, -kPadding, 0, 0) : r);
    }
    restartBlink();
}

void TerminalView::updateScrollBar()
{
    if (!m_session)
        return;
    const auto &t = m_session->terminal();
    const int history = t.altScreenActive() ? 0 : t.scrollback().size();
    m_scrollOffset = std::clamp(m_scrollOffset, 0, history);
    m_updatingScrollBar = true;
    QScrollBar *bar = verticalScrollBar();
    bar->setRange(0, history);
    bar->setPageStep(t.rows());
    bar->setSingleStep(1);
    bar->setValue(history - m_scrollOffset);
    m_updatingScrollBar = false;
    updateCommandMarks();
}

void TerminalView::scrollToBottom()
{
    m_scrollOffset = 0;
    updateScrollBar();
    viewport()->update();
}

void TerminalView::scrollLines(int delta)
{
    if (!m_session || m_session->terminal().altScreenActive())
        return;
    m_scrollOffset = std::clamp(m_scrollOffset + delta, 0, m_session->terminal().scrollback().size());
    updateScrollBar();
    viewport()->update();
}

void TerminalView::scrollContentsBy(int, int)
{
    // The scroll bar's valueChanged handler repaints; nothing to blit.
}

void TerminalView::onBell()
{
    m_bellActive = true;
    m_bellFlash.start();
    viewport()->update();
    QTimer::singleShot(kBellMillis, this, [this] {
        m_bellActive = false;
        viewport()->update();
    });
}

int TerminalView::blinkInterval()
{
    const int flash = QGuiApplication::styleHints()->cursorFlashTime();
    return flash > 0 ? std::max(100, flash / 2) : 0;
}

void TerminalView::restartBlink()
{
    m_blinkOn = true;
    const bool wantBlink = m_focused && m_session && m_session->terminal().cursor().blink && m_exitMessage.isEmpty()
        && blinkInterval() > 0;
    if (wantBlink)
        m_blinkTimer.start(blinkInterval()); // the desktop's rate may have changed
    else
        m_blinkTimer.stop();
}

void TerminalView::focusInEvent(QFocusEvent *e)
{
    QAbstractScrollArea::focusInEvent(e);
    m_focused = true;
    if (m_session)
        m_session->focusIn();
    restartBlink();
    viewport()->update();
    emit focusReceived();
}

void TerminalView::focusOutEvent(QFocusEvent *e)
{
    QAbstractScrollArea::focusOutEvent(e);
    m_focused = false;
    releaseKeysDown(); // their releases would go to whatever has the focus now
    if (m_session)
        m_session->focusOut();
    m_blinkTimer.stop();
    m_blinkOn = true;
    viewport()->update();
}

void TerminalView::setSearchMatches(std::vector<dt::term::SearchMatch> matches, int current)
{
    m_matches = std::move(matches);
    m_currentMatch = current;
    if (m_session && current >= 0 && current < static_cast<int>(m_matches.size())) {
        // Bring the line into view: scroll only if it is not already visible.
        const auto &t = m_session->terminal();
        const int64_t line = m_matches[static_cast<size_t>(current)].line;
        const int64_t top = firstVisibleLine();
        if (line < top || line >= top + t.rows()) {
            const int64_t wanted = linesAboveAsAnnounced() - (line - t.rows() / 2);
            m_scrollOffset = static_cast<int>(std::clamp<int64_t>(wanted, 0, t.scrollback().size()));
            updateScrollBar();
        }
    }
    viewport()->update();
}

void TerminalView::resetTerminal()
{
    if (!m_session)
        return;
    m_session->reset();
    m_selection.clear();
    scrollToBottom();
}

void TerminalView::clearScrollback()
{
    if (!m_session)
        return;
    m_session->terminal().clearScrollback();
    m_selection.clear();
    scrollToBottom();
}

} // namespace dt::ui
