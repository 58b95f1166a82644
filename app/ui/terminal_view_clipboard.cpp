// TerminalView's selection and the clipboards: the selected text, copying it to the clipboard and the primary
// selection, pasting from either (bracketed when the program asked), and selecting everything.

#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QApplication>
#include <QClipboard>

namespace dt::ui {

QString TerminalView::selectedText() const
{
    if (!m_session)
        return {};
    return QString::fromStdString(m_selection.text(m_session->terminal()));
}

void TerminalView::copyToClipboard()
{
    const QString text = selectedText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text, QClipboard::Clipboard);
}

void TerminalView::copySelectionToPrimary()
{
    const QString text = selectedText();
    if (!text.isEmpty() && QApplication::clipboard()->supportsSelection())
        QApplication::clipboard()->setText(text, QClipboard::Selection);
}

void TerminalView::pasteClipboard()
{
    if (!m_session)
        return;
    const QString text = QApplication::clipboard()->text(QClipboard::Clipboard);
    if (text.isEmpty())
        return;
    scrollToBottom();
    m_session->paste(text.toStdString());
}

void TerminalView::pastePrimarySelection()
{
    if (!m_session)
        return;
    QClipboard *cb = QApplication::clipboard();
    const QString text = cb->text(cb->supportsSelection() ? QClipboard::Selection : QClipboard::Clipboard);
    if (text.isEmpty())
        return;
    scrollToBottom();
    m_session->paste(text.toStdString());
}

void TerminalView::selectAll()
{
    if (!m_session)
        return;
    const auto &t = m_session->terminal();
    // The alternate screen has no history of its own.
    const int64_t first = t.linesAboveScreen() - (t.altScreenActive() ? 0 : t.scrollback().size());
    m_selection.begin(t, {first, 0}, dt::term::Selection::Unit::Line);
    m_selection.extendTo(t, {t.linesAboveScreen() + t.rows() - 1, t.columns() - 1});
    copySelectionToPrimary();
    viewport()->update();
}

} // namespace dt::ui
