#pragma once

// What assistive technologies (Orca over AT-SPI) see of a TerminalView:
// role Terminal, named after its tab, with a Text interface over the
// history and screen (TerminalAccessibleText) and the cursor as the caret.
// The view tells it of new output (notifyContentChanged); it refreshes at
// most every kRefreshMs and sends text-inserted and -removed events, and
// does nothing at all until an assistive technology first reads the text.

#include "app/ui/terminal_accessible_text.h"

#include <QAccessibleWidget>
#include <QElapsedTimer>
#include <QPointer>
#include <QTimer>

namespace dt::ui {

class TerminalView;

// Owned by the view: the text and the timer that brings it up to date.
class TerminalViewAccessibility : public QObject {
    Q_OBJECT
public:
    static constexpr int kRefreshMs = 100;

    explicit TerminalViewAccessibility(TerminalView *view);
    // From the view, after new output, a resize or a new cursor position.
    void notifyContentChanged();
    // From the view when its grid changes size: the next refresh rereads.
    void notifyResized();
    // The text as of the last refresh (refreshed first if never read).
    const TerminalAccessibleText &text();

    // Once per application: the factory that gives every TerminalView its
    // interface.
    static void installFactory();

signals:
    // After each refresh that changed something, beside the accessibility
    // events it sent (which Qt drops unless an assistive technology is on).
    void textChanged(const dt::ui::TerminalAccessibleText::Change &change);

private:
    void refresh();

    TerminalView *m_view;
    TerminalAccessibleText m_text;
    bool m_read = false;
    QTimer m_timer;
    int m_lastCursor = -1;
};

class TerminalViewAccessible : public QAccessibleWidget, public QAccessibleTextInterface {
public:
    explicit TerminalViewAccessible(TerminalView *view);

    void *interface_cast(QAccessible::InterfaceType t) override;
    QString text(QAccessible::Text t) const override;

    // QAccessibleTextInterface
    void selection(int selectionIndex, int *startOffset, int *endOffset) const override;
    int selectionCount() const override;
    void addSelection(int startOffset, int endOffset) override;
    void removeSelection(int selectionIndex) override;
    void setSelection(int selectionIndex, int startOffset, int endOffset) override;
    int cursorPosition() const override;
    void setCursorPosition(int position) override;
    QString text(int startOffset, int endOffset) const override;
    int characterCount() const override;
    QRect characterRect(int offset) const override;
    int offsetAtPoint(const QPoint &point) const override;
    void scrollToSubstring(int startIndex, int endIndex) override;
    QString attributes(int offset, int *startOffset, int *endOffset) const override;

private:
    TerminalView *view() const;
    const TerminalAccessibleText &content() const;
    // How far the view shows history above the screen's top row.
    int rowsScrolledBack() const;
};

} // namespace dt::ui
