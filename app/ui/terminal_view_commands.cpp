// TerminalView and the commands its shell reported (shell integration):
// the ticks in the scroll bar, jumping between prompts, selecting a
// command's output and copying the last one's.

#include "app/ui/terminal_view.h"

#include "terminal/terminal_session.h"

#include <QApplication>
#include <QClipboard>
#include <QScrollBar>

namespace dt::ui {

namespace {

// Where a command's tick goes: its prompt, else where its output began.
int64_t markLine(const dt::term::CommandRecord &r)
{
    return r.prompt.line >= 0 ? r.prompt.line : r.output.line;
}

} // namespace

void TerminalView::updateCommandMarks()
{
    if (!m_session)
        return;
    const auto &t = m_session->terminal();
    std::vector<CommandMarksBar::Mark> marks;
    // The alternate screen has no history, and the commands are not on it.
    const int64_t history = t.altScreenActive() ? 0 : t.scrollback().size();
    const int64_t first = t.linesAboveScreen() - history;
    if (!t.altScreenActive())
        for (const dt::term::CommandRecord &r : t.commands().records()) {
            const int64_t line = markLine(r);
            if (line < first) // trimmed away with its history
                continue;
            marks.push_back({r.id, line, r.finished && r.exitStatus.value_or(0) != 0});
        }
    m_marksBar->setMarks(std::move(marks), first, history + t.rows());
}

void TerminalView::scrollToLine(int64_t absoluteLine)
{
    const auto &t = m_session->terminal();
    m_scrollOffset = static_cast<int>(std::clamp<int64_t>(linesAboveAsAnnounced() - absoluteLine, 0, t.scrollback().size()));
    updateScrollBar();
    viewport()->update();
}

bool TerminalView::jumpToPrompt(int direction)
{
    if (!m_session || m_session->terminal().altScreenActive())
        return false;
    const auto &t = m_session->terminal();
    const int64_t top = firstVisibleLine();
    const int64_t first = t.linesAboveScreen() - t.scrollback().size();
    std::optional<int64_t> target;
    for (const dt::term::CommandRecord &r : t.commands().records()) {
        const int64_t line = markLine(r);
        if (line < first)
            continue;
        if (direction < 0 && line < top)
            target = line; // the last one above wins
        if (direction > 0 && line > top) {
            target = line;
            break;
        }
    }
    // The prompt being typed at now counts too, going down.
    if (!target && direction > 0 && t.commands().pendingInput() && t.commands().pendingInput()->line > top)
        target = t.commands().pendingInput()->line;
    if (!target)
        return false;
    scrollToLine(*target);
    return true;
}

bool TerminalView::selectCommandOutput(uint64_t commandId)
{
    if (!m_session || m_session->terminal().altScreenActive())
        return false;
    const auto &t = m_session->terminal();
    const dt::term::CommandRecord *r = t.commands().find(commandId);
    const int64_t first = t.linesAboveScreen() - t.scrollback().size();
    if (!r || r->output.line < first)
        return false;
    // Up to where it ended, or what there is so far.
    const dt::term::GridPos end = r->finished ? dt::term::GridPos{r->end.line, r->end.column}
                                              : dt::term::GridPos{t.linesAboveScreen() + t.cursor().row, t.cursor().col};
    if (!(dt::term::GridPos{r->output.line, r->output.column} < end)) {
        m_selection.clear(); // it printed nothing
    } else {
        // A character selection includes the cell it is extended to: stop
        // one before the (exclusive) end.
        const dt::term::GridPos last = end.col > 0 ? dt::term::GridPos{end.line, end.col - 1}
                                                   : dt::term::GridPos{end.line - 1, t.columns() - 1};
        m_selection.begin(t, {r->output.line, r->output.column}, dt::term::Selection::Unit::Character);
        m_selection.extendTo(t, last);
        copySelectionToPrimary();
    }
    // Its prompt at the top, if it fits; else the start of its output.
    scrollToLine(markLine(*r));
    return true;
}

bool TerminalView::copyLastCommandOutput()
{
    if (!m_session)
        return false;
    const auto &t = m_session->terminal();
    const dt::term::CommandRecord *r = t.commands().lastFinished();
    if (!r)
        return false;
    QApplication::clipboard()->setText(QString::fromStdString(t.commandOutput(*r)), QClipboard::Clipboard);
    return true;
}

} // namespace dt::ui
