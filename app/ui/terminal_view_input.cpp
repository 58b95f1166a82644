// TerminalView's input: which keys deviceterm keeps as shortcuts, keys and input-method text to the program,
// mouse reporting when the program asks for it, else click-and-drag selection and wheel scrolling.

#include "terminal/core/key_encoding.h"
#include "terminal/key_mapping.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"
#include "app/ui/link_opener.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QDesktopServices>
#include <QInputMethodEvent>
#include <QMenu>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QStyleHints>
#include <QUrl>
#include <QWheelEvent>

namespace dt::ui {

using dt::term::Selection;

bool TerminalView::isApplicationShortcut(int key, Qt::KeyboardModifiers modifiers)
{
    const Qt::KeyboardModifiers m = modifiers & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    // Ctrl+Shift+anything: tabs, copy/paste and the rest of the menus;
    // except Ctrl+_, Ctrl+@ and Ctrl+^, which are Ctrl+Shift on a US
    // layout: emacs (undo, set mark) and others read those control
    // characters, and no action of ours uses them.
    if (m == (Qt::ControlModifier | Qt::ShiftModifier))
        return key != Qt::Key_Underscore && key != Qt::Key_At && key != Qt::Key_AsciiCircum;
    if (m == Qt::ControlModifier) {
        switch (key) {
        case Qt::Key_PageUp: // previous / next tab
        case Qt::Key_PageDown:
        case Qt::Key_Equal: // font zoom
        case Qt::Key_Plus:
        case Qt::Key_Minus:
        case Qt::Key_0:
            return true;
        default:
            return false;
        }
    }
    if (m == Qt::AltModifier && key >= Qt::Key_1 && key <= Qt::Key_9)
        return true; // Alt+N selects tab N
    if (m == Qt::AltModifier && (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down))
        return true; // focus the pane in that direction
    if (m == Qt::NoModifier && key == Qt::Key_F11)
        return true; // full screen
    return false;
}

bool TerminalView::keepsKey(int key, Qt::KeyboardModifiers modifiers) const
{
    if (!isApplicationShortcut(key, modifiers))
        return false;
    const Qt::KeyboardModifiers m = modifiers & (Qt::ShiftModifier | Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier);
    if (m != (Qt::ControlModifier | Qt::ShiftModifier))
        return true;
    // Ctrl+Shift: the chords an action uses (also without the Shift that
    // typed the key, as Ctrl++ is Ctrl+Shift+= on most layouts).
    const QKeySequence pressed(QKeyCombination(m, static_cast<Qt::Key>(key)));
    const QKeySequence unshifted(QKeyCombination(Qt::ControlModifier, static_cast<Qt::Key>(key)));
    for (const QAction *a : window()->actions()) {
        for (const QKeySequence &k : a->shortcuts()) {
            if (k == pressed || k == unshifted)
                return true;
        }
    }
    return false;
}

bool TerminalView::event(QEvent *e)
{
    if (e->type() == QEvent::ShortcutOverride) {
        // Everything that is not one of our own shortcuts belongs to the
        // program in the terminal, even if some menu action would match it.
        auto *ke = static_cast<QKeyEvent *>(e);
        if (!keepsKey(ke->key(), ke->modifiers())) {
            e->accept();
            return true;
        }
        return false;
    }
    if (e->type() == QEvent::KeyPress) {
        // Tab and Backtab must reach the terminal, not move focus.
        auto *ke = static_cast<QKeyEvent *>(e);
        if (ke->key() == Qt::Key_Tab || ke->key() == Qt::Key_Backtab) {
            keyPressEvent(ke);
            return true;
        }
    }
    return QAbstractScrollArea::event(e);
}

void TerminalView::keyPressEvent(QKeyEvent *e)
{
    if (!m_session)
        return;
    const Qt::KeyboardModifiers mods = e->modifiers();
    // Scrolling through history stays with the view.
    if (mods == Qt::ShiftModifier && !m_session->terminal().altScreenActive()) {
        switch (e->key()) {
        case Qt::Key_PageUp: scrollLines(std::max(1, m_session->terminal().rows() - 1)); return;
        case Qt::Key_PageDown: scrollLines(-std::max(1, m_session->terminal().rows() - 1)); return;
        case Qt::Key_Home: scrollLines(m_session->terminal().scrollback().size()); return;
        case Qt::Key_End: scrollToBottom(); return;
        default: break;
        }
    }
    if (mods == Qt::ShiftModifier && e->key() == Qt::Key_Insert) {
        pastePrimarySelection();
        return;
    }
    if (keepsKey(e->key(), mods)) {
        e->ignore();
        return;
    }
    const dt::terminal::KeyAction action = dt::terminal::mapKey(e->key(), mods, e->text());
    const auto type = e->isAutoRepeat() ? dt::term::KeyEventType::Repeat : dt::term::KeyEventType::Press;
    const std::optional<dt::term::KeyEvent> event
        = dt::terminal::toKeyEvent(e->key(), mods, e->text(), e->nativeVirtualKey(), type);
    const auto sent = m_session->sendKey(action, event);
    if (sent == dt::terminal::KeySent::Nothing) {
        QAbstractScrollArea::keyPressEvent(e);
        return;
    }
    const quint32 id = keyIdentity(e);
    if (sent == dt::terminal::KeySent::Protocol && type == dt::term::KeyEventType::Press
        && std::none_of(m_keysDown.begin(), m_keysDown.end(), [id](const auto &k) { return k.first == id; }))
        m_keysDown.emplace_back(id, *event);
    e->accept();
    // A modifier key on its own (reported under ReportAllKeys) is half of a
    // chord, maybe Ctrl+Shift+C for the selection: it leaves view and
    // selection alone.
    if (event && event->functional && dt::term::isModifierKey(event->key))
        return;
    if (m_scrollOffset != 0)
        scrollToBottom();
    m_selection.clear();
    restartBlink();
}

quint32 TerminalView::keyIdentity(const QKeyEvent *e)
{
    // The physical key when the platform says (a key released after Shift
    // was is another Qt key: '1' for '!'), else Qt's key.
    return e->nativeScanCode() != 0 ? e->nativeScanCode() : static_cast<quint32>(e->key()) | 0x80000000u;
}

void TerminalView::keyReleaseEvent(QKeyEvent *e)
{
    const quint32 id = keyIdentity(e);
    const auto down = std::find_if(m_keysDown.begin(), m_keysDown.end(), [id](const auto &k) { return k.first == id; });
    if (!m_session || e->isAutoRepeat() || down == m_keysDown.end()) {
        QAbstractScrollArea::keyReleaseEvent(e);
        return;
    }
    // The key the press named, with the modifiers held now.
    dt::term::KeyEvent release = down->second;
    m_keysDown.erase(down);
    release.type = dt::term::KeyEventType::Release;
    release.text.clear();
    if (const auto now = dt::terminal::toKeyEvent(e->key(), e->modifiers(), {}, e->nativeVirtualKey(),
                                                  dt::term::KeyEventType::Release))
        release.modifiers = now->modifiers;
    m_session->sendKey(dt::terminal::KeyAction{}, release);
    e->accept();
}

void TerminalView::releaseKeysDown()
{
    for (auto &[id, event] : std::exchange(m_keysDown, {})) {
        event.type = dt::term::KeyEventType::Release;
        event.text.clear();
        if (m_session)
            m_session->sendKey(dt::terminal::KeyAction{}, event);
    }
}

void TerminalView::inputMethodEvent(QInputMethodEvent *e)
{
    if (!m_session)
        return;
    if (!e->commitString().isEmpty()) {
        m_session->typeText(e->commitString().toStdString());
        if (m_scrollOffset != 0)
            scrollToBottom();
    }
    m_preedit = e->preeditString();
    viewport()->update();
    e->accept();
}

QVariant TerminalView::inputMethodQuery(Qt::InputMethodQuery query) const
{
    if (!m_session)
        return QAbstractScrollArea::inputMethodQuery(query);
    const auto c = m_session->terminal().cursor();
    switch (query) {
    case Qt::ImCursorRectangle:
        return QRect(cellOrigin(c.row, c.col), QSize(m_cellWidth, m_cellHeight));
    case Qt::ImFont:
        return m_font;
    case Qt::ImCursorPosition:
        return c.col;
    case Qt::ImSurroundingText:
        return QString::fromStdString(m_session->terminal().screenLine(c.row).text());
    case Qt::ImEnabled:
        return true;
    default:
        return QAbstractScrollArea::inputMethodQuery(query);
    }
}

dt::term::MousePixel TerminalView::mousePixel(QPoint viewportPos) const
{
    // Within the text area, as SGR-Pixels reports it: the padding is not
    // part of it, and a drag beyond the edge stays on it.
    const auto &t = m_session->terminal();
    return {std::clamp(viewportPos.x() - kPadding, 0, t.columns() * m_cellWidth - 1),
            std::clamp(viewportPos.y() - kPadding, 0, t.rows() * m_cellHeight - 1)};
}

bool TerminalView::forwardMouse(QMouseEvent *e, bool pressed, bool isMove)
{
    const auto &t = m_session->terminal();
    // Shift always gives the mouse back to selection, as in xterm.
    if (t.mouseTracking() == dt::term::MouseTracking::None || (e->modifiers() & Qt::ShiftModifier))
        return false;
    const QPoint pos = e->position().toPoint();
    const int row = std::clamp((pos.y() - kPadding) / m_cellHeight, 0, t.rows() - 1);
    const int col = std::clamp((pos.x() - kPadding) / m_cellWidth, 0, t.columns() - 1);
    const dt::term::Modifiers mods = dt::terminal::toModifiers(e->modifiers());
    m_session->sendMouseMove(row, col, mods, mousePixel(pos));
    if (isMove)
        return true;
    dt::term::MouseButton button;
    switch (e->button()) {
    case Qt::LeftButton: button = dt::term::MouseButton::Left; break;
    case Qt::MiddleButton: button = dt::term::MouseButton::Middle; break;
    case Qt::RightButton: button = dt::term::MouseButton::Right; break;
    default: return true;
    }
    m_session->sendMouseButton(button, pressed, mods);
    return true;
}

std::optional<dt::term::LinkAt> TerminalView::linkAtPixel(QPoint viewportPos) const
{
    // Only on the cells shown: the padding around them maps to lines that
    // are out of sight when the view is scrolled back.
    const auto &t = m_session->terminal();
    const int row = (viewportPos.y() - kPadding) / m_cellHeight;
    const int col = (viewportPos.x() - kPadding) / m_cellWidth;
    if (viewportPos.x() < kPadding || viewportPos.y() < kPadding || row >= t.rows() || col >= t.columns())
        return std::nullopt;
    return dt::term::linkAt(t, gridPosAt(viewportPos));
}

void TerminalView::hoverLinkAt(QPoint viewportPos)
{
    const std::optional<dt::term::LinkAt> link = linkAtPixel(viewportPos);
    const bool same = link.has_value() == m_hoveredLink.has_value()
        && (!link
            || (link->start == m_hoveredLink->start && link->end == m_hoveredLink->end && link->url == m_hoveredLink->url));
    if (same)
        return;
    m_hoveredLink = std::move(link);
    viewport()->setCursor(m_hoveredLink ? Qt::PointingHandCursor : Qt::IBeamCursor);
    QString tip;
    if (m_hoveredLink) {
        const QString url = QString::fromStdString(m_hoveredLink->url);
        tip = linkMayOpen(*m_hoveredLink) ? tr("%1\nCtrl+click to open").arg(url)
                                          : tr("%1\nCopy it from the context menu").arg(url);
    }
    viewport()->setToolTip(tip);
    viewport()->update();
}

void TerminalView::openLink(const dt::term::LinkAt &link)
{
    openLinkSafely(link);
}

void TerminalView::leaveEvent(QEvent *e)
{
    QAbstractScrollArea::leaveEvent(e);
    if (m_session)
        hoverLinkAt(QPoint(-1, -1));
}

void TerminalView::contextMenuEvent(QContextMenuEvent *e)
{
    // Only over a link: its address can be opened or copied.
    if (!m_session || m_session->terminal().mouseTracking() != dt::term::MouseTracking::None)
        return;
    const auto link = linkAtPixel(e->pos()); // viewport coordinates, as the scroll area hands it on
    if (!link)
        return;
    QMenu menu(this);
    QAction *open = menu.addAction(tr("&Open Link"));
    open->setEnabled(dt::term::isOpenableScheme(link->url));
    QAction *copy = menu.addAction(tr("&Copy Link Address"));
    QAction *chosen = menu.exec(e->globalPos());
    if (chosen == open)
        openLink(*link);
    else if (chosen == copy)
        QGuiApplication::clipboard()->setText(QString::fromStdString(link->url));
}

void TerminalView::mousePressEvent(QMouseEvent *e)
{
    if (!m_session)
        return;
    setFocus(Qt::MouseFocusReason);
    // Ctrl+click opens the link under the mouse, even where the program
    // takes the mouse (as in kitty and VTE).
    if (e->button() == Qt::LeftButton && (e->modifiers() & Qt::ControlModifier)) {
        if (const auto link = linkAtPixel(e->position().toPoint())) {
            if (e->type() != QEvent::MouseButtonDblClick) // the first press opened it
                openLink(*link);
            return;
        }
    }
    if (forwardMouse(e, true, false)) {
        ++m_mouseButtonsDown;
        return;
    }
    if (e->button() == Qt::MiddleButton) {
        pastePrimarySelection();
        return;
    }
    if (e->button() != Qt::LeftButton)
        return;

    const auto &t = m_session->terminal();
    const dt::term::GridPos pos = gridPosAt(e->position().toPoint());
    if (e->type() == QEvent::MouseButtonDblClick) {
        // Qt already recognised a double click (it replaces the second press).
        m_clickCount = 2;
    } else {
        const bool quick = m_lastClick.isValid()
            && m_lastClick.elapsed() < QApplication::styleHints()->mouseDoubleClickInterval()
            && (e->position().toPoint() - m_pressPixel).manhattanLength() < 6;
        m_clickCount = quick && m_clickCount < 3 ? m_clickCount + 1 : 1;
    }
    m_lastClick.start();
    m_pressPixel = e->position().toPoint();

    if ((e->modifiers() & Qt::ShiftModifier) && m_selection.isActive()) {
        m_selection.extendTo(t, pos);
    } else if (m_clickCount == 2) {
        m_selection.begin(t, pos, Selection::Unit::Word);
    } else if (m_clickCount == 3) {
        m_selection.begin(t, pos, Selection::Unit::Line);
    } else {
        m_selection.clear();
    }
    m_pressPos = pos;
    m_selecting = true;
    viewport()->update();
}

void TerminalView::mouseDoubleClickEvent(QMouseEvent *e)
{
    // Qt reports the second press of a double click here instead of as a press.
    mousePressEvent(e);
}

void TerminalView::mouseMoveEvent(QMouseEvent *e)
{
    if (!m_session)
        return;
    const auto tracking = m_session->terminal().mouseTracking();
    if (m_mouseButtonsDown > 0 || tracking == dt::term::MouseTracking::Move) {
        if ((tracking == dt::term::MouseTracking::Drag && m_mouseButtonsDown > 0) || tracking == dt::term::MouseTracking::Move) {
            if (forwardMouse(e, false, true))
                return;
        } else if (tracking != dt::term::MouseTracking::None && !(e->modifiers() & Qt::ShiftModifier)) {
            return;
        }
    }
    if (e->buttons() == Qt::NoButton) {
        hoverLinkAt(e->position().toPoint());
        return;
    }
    if (!m_selecting || !(e->buttons() & Qt::LeftButton))
        return;
    // Dragging past the top or bottom edge scrolls through history.
    const QPoint p = e->position().toPoint();
    if (p.y() < 0)
        scrollLines(1);
    else if (p.y() > viewport()->height())
        scrollLines(-1);
    const auto &t = m_session->terminal();
    const dt::term::GridPos pos = gridPosAt(p);
    if (!m_selection.isActive()) {
        if (pos == m_pressPos)
            return;
        m_selection.begin(t, m_pressPos, Selection::Unit::Character);
    }
    m_selection.extendTo(t, pos);
    viewport()->update();
}

void TerminalView::mouseReleaseEvent(QMouseEvent *e)
{
    if (!m_session)
        return;
    if (m_mouseButtonsDown > 0) {
        --m_mouseButtonsDown;
        if (forwardMouse(e, false, false))
            return;
    }
    if (e->button() == Qt::LeftButton && m_selecting) {
        m_selecting = false;
        copySelectionToPrimary();
    }
}

void TerminalView::wheelEvent(QWheelEvent *e)
{
    if (!m_session)
        return;
    const auto &t = m_session->terminal();
    // Touchpads and high-resolution wheels send fractions of a notch: add
    // them up so they scroll too.
    m_wheelRemainder += e->angleDelta().y();
    const int notches = m_wheelRemainder / 120;
    m_wheelRemainder -= notches * 120;
    if (notches == 0) {
        e->accept();
        return;
    }
    const bool tracking = t.mouseTracking() != dt::term::MouseTracking::None && !(e->modifiers() & Qt::ShiftModifier);
    if (tracking) {
        const QPoint pos = e->position().toPoint();
        m_session->sendMouseMove(std::clamp((pos.y() - kPadding) / m_cellHeight, 0, t.rows() - 1),
                                 std::clamp((pos.x() - kPadding) / m_cellWidth, 0, t.columns() - 1), dt::term::NoModifier,
                                 mousePixel(pos));
        const auto button = notches > 0 ? dt::term::MouseButton::WheelUp : dt::term::MouseButton::WheelDown;
        for (int i = 0; i < std::abs(notches); ++i)
            m_session->sendMouseButton(button, true, dt::term::NoModifier);
    } else if (t.altScreenActive()) {
        // Full-screen programs without mouse support (less, man) scroll
        // with arrow keys.
        const auto key = notches > 0 ? dt::term::Key::Up : dt::term::Key::Down;
        for (int i = 0; i < 3 * std::abs(notches); ++i)
            m_session->sendKey(key, dt::term::NoModifier);
    } else {
        scrollLines(3 * notches);
    }
    e->accept();
}

} // namespace dt::ui
