// TerminalView's accessible interface, and the refreshes and events that
// keep a screen reader told of new output.

#include "app/ui/terminal_view_accessible.h"

#include "app/ui/terminal_view.h"
#include "terminal/terminal_session.h"

#include <QAccessible>

namespace dt::ui {

namespace {

QAccessibleInterface *createForView(const QString &className, QObject *object)
{
    if (className == QLatin1String("dt::ui::TerminalView") && object && object->isWidgetType())
        return new TerminalViewAccessible(static_cast<TerminalView *>(object));
    return nullptr;
}

} // namespace

TerminalViewAccessibility::TerminalViewAccessibility(TerminalView *view) : QObject(view), m_view(view)
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &TerminalViewAccessibility::refresh);
}

void TerminalViewAccessibility::installFactory()
{
    static bool installed = false;
    if (!std::exchange(installed, true))
        QAccessible::installFactory(createForView);
}

void TerminalViewAccessibility::notifyContentChanged()
{
    // Until something reads the text (an assistive technology asked for
    // the interface), there is nothing to keep up.
    if (!m_read || m_timer.isActive())
        return;
    m_timer.start();
}

void TerminalViewAccessibility::notifyResized()
{
    m_text.forget();
    notifyContentChanged();
}

const TerminalAccessibleText &TerminalViewAccessibility::text()
{
    if (!m_read && m_view->session()) {
        m_text.refresh(m_view->session()->terminal()); // all of it is new: no events
        m_read = true;
        m_lastCursor = m_text.cursorOffset();
    }
    return m_text;
}

void TerminalViewAccessibility::refresh()
{
    if (!m_view->session())
        return;
    const TerminalAccessibleText::Change change = m_text.refresh(m_view->session()->terminal());
    if (change.reread) {
        // Laid out anew (a new width, the other screen): a screen reader
        // reads it again when asked, rather than hearing it all as new.
        QAccessibleEvent redrawn(m_view, QAccessible::VisibleDataChanged);
        QAccessible::updateAccessibility(&redrawn);
    }
    if (!change.removedAtStart.isEmpty()) {
        QAccessibleTextRemoveEvent dropped(m_view, 0, change.removedAtStart);
        QAccessible::updateAccessibility(&dropped);
    }
    if (!change.removed.isEmpty()) {
        QAccessibleTextRemoveEvent removed(m_view, change.at, change.removed);
        QAccessible::updateAccessibility(&removed);
    }
    if (!change.inserted.isEmpty()) {
        QAccessibleTextInsertEvent inserted(m_view, change.at, change.inserted);
        QAccessible::updateAccessibility(&inserted);
    }
    if (change.any())
        emit textChanged(change);
    if (m_text.cursorOffset() != m_lastCursor) {
        m_lastCursor = m_text.cursorOffset();
        QAccessibleTextCursorEvent moved(m_view, m_lastCursor);
        QAccessible::updateAccessibility(&moved);
    }
}

TerminalViewAccessible::TerminalViewAccessible(TerminalView *view) : QAccessibleWidget(view, QAccessible::Terminal)
{
}

TerminalView *TerminalViewAccessible::view() const
{
    return static_cast<TerminalView *>(widget());
}

const TerminalAccessibleText &TerminalViewAccessible::content() const
{
    return view()->accessibility()->text();
}

void *TerminalViewAccessible::interface_cast(QAccessible::InterfaceType t)
{
    if (t == QAccessible::TextInterface)
        return static_cast<QAccessibleTextInterface *>(this);
    return QAccessibleWidget::interface_cast(t);
}

QString TerminalViewAccessible::text(QAccessible::Text t) const
{
    switch (t) {
    case QAccessible::Name: {
        // The tab's title, as the window sets it; else the program's.
        if (!view()->accessibleName().isEmpty())
            return view()->accessibleName();
        const auto *session = view()->session();
        const QString program = session ? session->programTitle() : QString();
        return program.isEmpty() ? TerminalView::tr("Terminal") : program;
    }
    case QAccessible::Value:
        return {};
    default:
        return QAccessibleWidget::text(t);
    }
}

// Selection is read with the text (the view's own selection is a mouse
// gesture, not an accessible one): none is reported or set.
void TerminalViewAccessible::selection(int, int *startOffset, int *endOffset) const
{
    *startOffset = *endOffset = 0;
}
int TerminalViewAccessible::selectionCount() const { return 0; }
void TerminalViewAccessible::addSelection(int, int) {}
void TerminalViewAccessible::removeSelection(int) {}
void TerminalViewAccessible::setSelection(int, int, int) {}

int TerminalViewAccessible::cursorPosition() const
{
    return content().cursorOffset();
}

void TerminalViewAccessible::setCursorPosition(int)
{
    // The program places the cursor; a screen reader's review cursor is its own.
}

QString TerminalViewAccessible::text(int startOffset, int endOffset) const
{
    const QString &all = content().text();
    const qsizetype start = std::clamp<qsizetype>(startOffset, 0, all.size());
    const qsizetype end = endOffset < 0 ? all.size() : std::clamp<qsizetype>(endOffset, start, all.size());
    return all.mid(start, end - start);
}

int TerminalViewAccessible::characterCount() const
{
    return static_cast<int>(content().text().size());
}

int TerminalViewAccessible::rowsScrolledBack() const
{
    const auto *session = view()->session();
    return session ? static_cast<int>(session->terminal().linesAboveScreen() - view()->firstVisibleLine()) : 0;
}

QRect TerminalViewAccessible::characterRect(int offset) const
{
    if (offset < 0 || offset >= characterCount())
        return {};
    const auto [row, col] = content().screenCellOf(offset);
    const int shown = row < 0 ? -1 : row + rowsScrolledBack();
    if (shown < 0 || shown >= view()->visibleRows())
        return {}; // in history, or scrolled out of view
    const QRect cell(view()->cellOrigin(shown, col), view()->cellSize());
    return QRect(view()->viewport()->mapToGlobal(cell.topLeft()), cell.size());
}

int TerminalViewAccessible::offsetAtPoint(const QPoint &point) const
{
    const QPoint local = view()->viewport()->mapFromGlobal(point);
    if (!view()->viewport()->rect().contains(local))
        return -1;
    const QSize cell = view()->cellSize();
    const int row = std::max(0, (local.y() - view()->cellOrigin(0, 0).y()) / cell.height()) - rowsScrolledBack();
    if (row < 0)
        return -1; // a line of history: not offered by position
    const int col = std::max(0, (local.x() - view()->cellOrigin(0, 0).x()) / cell.width());
    return content().offsetOfScreenCell(row, col);
}

void TerminalViewAccessible::scrollToSubstring(int, int)
{
    // History under review stays where the person scrolled the view.
}

QString TerminalViewAccessible::attributes(int offset, int *startOffset, int *endOffset) const
{
    *startOffset = offset;
    *endOffset = offset;
    return {};
}

} // namespace dt::ui
