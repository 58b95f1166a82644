// The orchestration family: typing into and reading another tab, only
// with a live grant (the dispatcher checks it), always audited first.

#include "app/core/automation/orchestration_adaptor.h"

#include "app/audit/audit_log.h"
#include "app/core/automation/caller_view.h"
#include "terminal/terminal_session.h"
#include "app/core/typing_queue.h"

#include <QDateTime>

namespace dt::app {

using dt::rpc::Error;
namespace code = dt::rpc::code;

OrchestrationAdaptor::OrchestrationAdaptor(Workspace &workspace)
    : m_workspace(workspace), m_auditLogPath(dt::audit::defaultPath())
{
}

void cancelTyping(Workspace &workspace, const std::function<bool(const QString &)> &matches, TabId targetTab)
{
    for (TabId t : workspace.allTabs()) {
        if (targetTab && t != targetTab)
            continue;
        for (PaneId p : workspace.tab(t)->layout.panes())
            if (dt::terminal::TerminalSession *s = workspace.session(p))
                if (auto *queue = s->findChild<TypingQueue *>(QString(), Qt::FindDirectChildrenOnly))
                    queue->cancel(matches);
    }
}

std::optional<Error> OrchestrationAdaptor::sendInput(const std::string &caller, Handle tab, const std::string &bytes,
                                                 int typeDelayMillis)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    const Workspace::Pane *target = t ? m_workspace.pane(t->primary) : nullptr;
    if (!target)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    if (target->exited || !target->session || !target->session->isRunning())
        return Error{code::InvalidParams, "the tab's terminal is not running"};
    // The source as the model spells it, whatever case the caller used.
    const QString source = CallerView(m_workspace, caller).sessionSpelling(caller);
    const QByteArray keystrokes = keystrokesFor(QByteArray::fromStdString(bytes));
    TypingQueue &queue = TypingQueue::of(*target->session);
    if (!queue.accepts(keystrokes.size(), typeDelayMillis))
        return dt::rpc::intentError(dt::rpc::intent::MutationFailed,
                                    "the tab already has " + std::to_string(queue.pendingBytes())
                                        + " bytes waiting to be typed, and at most 1 MiB may wait; send again once it has typed them");
    // Recorded before it is typed: input that cannot be audited is not sent.
    dt::audit::Record record;
    record.time = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs).toStdString();
    record.sourceSession = source.toStdString();
    record.targetSession = target->identity.sessionIdString().toStdString();
    record.bytes = bytes;
    record.typeDelayMillis = typeDelayMillis;
    std::string why;
    if (!dt::audit::append(m_auditLogPath, record, &why))
        return Error{code::ServerError, "input not sent: " + why};
    queue.type(keystrokes, typeDelayMillis, source);
    return std::nullopt;
}

std::variant<std::string, Error> OrchestrationAdaptor::capture(Handle tab, int scrollbackLines)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    const Workspace::Pane *primary = t ? m_workspace.pane(t->primary) : nullptr;
    if (!primary || !primary->session)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    const dt::term::Terminal &terminal = primary->session->terminal();
    // Lines as the program wrote them (a wrapped row runs on). Blank rows
    // under the last text carry nothing, and saving a capture should not
    // leave a page of empty lines.
    std::string text = terminal.logicalText(scrollbackLines);
    while (text.size() >= 2 && text.compare(text.size() - 2, 2, "\n\n") == 0)
        text.pop_back();
    if (text == "\n")
        text.clear();
    return text;
}

} // namespace dt::app
