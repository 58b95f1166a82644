// The workspace's rosters, built and kept fresh for the automation server's own thread (see the header).

#include "app/core/automation/roster_publisher.h"

#include "app/core/automation/caller_view.h"
#include "app/core/automation/support.h"
#include "terminal/terminal_session.h"

#include <QTimer>

namespace dt::app {

dt::rpc::CommandState commandStateOf(const Workspace::Pane &pane)
{
    dt::rpc::CommandState state;
    if (!pane.session)
        return state;
    const dt::term::CommandLog &log = pane.session->terminal().commands();
    if (log.integrated())
        state.shellIntegration = "available";
    else if (!pane.session->startedIntegrated())
        state.shellIntegration = "unavailable";
    if (!log.workingDirectory().empty())
        state.cwd = log.workingDirectory();
    state.commandRunning = log.running() != nullptr;
    if (const dt::term::CommandRecord *last = log.lastFinished())
        state.lastExitStatus = last->exitStatus;
    return state;
}

dt::rpc::Roster rosterOf(const Workspace &workspace)
{
    dt::rpc::Roster roster;
    for (TabId t : workspace.allTabs()) {
        const Workspace::Tab *tab = workspace.tab(t);
        dt::rpc::Roster::Tab &out = roster.tabs.emplace_back();
        out.id = t;
        out.isPrivate = tab->isPrivate;
        if (const Workspace::Pane *primary = workspace.pane(tab->primary))
            out.primaryShortId = primary->identity.shortId().toStdString();
        // One row per live terminal session, so a split tab gives several.
        for (PaneId p : workspace.terminalPanes(t)) {
            const Workspace::Pane *pane = workspace.pane(p);
            if (!pane)
                continue;
            dt::rpc::Roster::Terminal &terminal = out.terminals.emplace_back();
            terminal.sessionId = pane->identity.sessionIdString().toLower().toStdString();
            terminal.openedFromOutside = pane->openedFromOutside;
            dt::rpc::TabRow &row = terminal.row;
            row.sessionId = pane->identity.sessionIdString().toStdString();
            row.shortId = pane->identity.shortId().toStdString();
            row.name = nonEmpty(CallerView::nameOf(workspace, *pane));
            row.displayTitle = nonEmpty(p == tab->primary ? workspace.tabTitle(t) : pane->displayTitle);
            row.label = nonEmpty(pane->label);
            row.commands = commandStateOf(*pane);
        }
    }
    for (WindowId w : workspace.windows()) {
        const Workspace::Window *window = workspace.window(w);
        dt::rpc::Roster::Window &out = roster.windows.emplace_back();
        out.id = w;
        out.tabs.assign(window->tabs.begin(), window->tabs.end());
        out.selectionHistory.assign(window->selectionHistory.begin(), window->selectionHistory.end());
    }
    roster.focusHistory.assign(workspace.focusHistory().begin(), workspace.focusHistory().end());
    return roster;
}

RosterPublisher::RosterPublisher(Workspace &workspace, dt::rpc::RosterBoard &board)
    : m_workspace(workspace), m_board(board), m_context(std::make_unique<QObject>())
{
    QObject *context = m_context.get();
    const auto changed = [this] { invalidate(); };
    // Everything the rosters show that the workspace announces.
    QObject::connect(&workspace, &Workspace::windowOpened, context, changed);
    QObject::connect(&workspace, &Workspace::windowClosed, context, changed);
    QObject::connect(&workspace, &Workspace::windowFocused, context, changed);
    QObject::connect(&workspace, &Workspace::tabOpened, context, changed);
    QObject::connect(&workspace, &Workspace::tabClosed, context, changed);
    QObject::connect(&workspace, &Workspace::tabMoved, context, changed);
    QObject::connect(&workspace, &Workspace::tabSelected, context, changed);
    QObject::connect(&workspace, &Workspace::tabTitleChanged, context, changed);
    QObject::connect(&workspace, &Workspace::tabPrivacyChanged, context, changed);
    QObject::connect(&workspace, &Workspace::paneRenamed, context, changed);
    QObject::connect(&workspace, &Workspace::paneClosed, context, changed);
    QObject::connect(&workspace, &Workspace::paneExited, context, changed);
    QObject::connect(&workspace, &Workspace::layoutChanged, context, changed);
    QObject::connect(&workspace, &Workspace::paneOpened, context, [this](PaneId pane) {
        invalidate();
        follow(pane);
    });
    for (TabId t : workspace.allTabs())
        for (PaneId p : workspace.terminalPanes(t))
            follow(p);
    publish();
}

RosterPublisher::~RosterPublisher()
{
    m_board.invalidate(); // what it would show may outlive what it shows
}

// What a terminal changes on its own: its title (a split's row shows it)
// and what its shell reports of commands and directories.
void RosterPublisher::follow(PaneId id)
{
    const Workspace::Pane *pane = m_workspace.pane(id);
    if (!pane || !pane->session)
        return;
    const dt::terminal::TerminalSession *session = pane->session.get();
    const auto changed = [this] { invalidate(); };
    QObject::connect(session, &dt::terminal::TerminalSession::titleChanged, m_context.get(), changed);
    QObject::connect(session, &dt::terminal::TerminalSession::commandsChanged, m_context.get(), changed);
    QObject::connect(session, &dt::terminal::TerminalSession::commandStarted, m_context.get(), changed);
    QObject::connect(session, &dt::terminal::TerminalSession::commandFinished, m_context.get(), changed);
}

void RosterPublisher::invalidate()
{
    m_board.invalidate();
    if (m_publishPending)
        return;
    // Once per turn however much changes in it.
    m_publishPending = true;
    QTimer::singleShot(0, m_context.get(), [this] { publish(); });
}

void RosterPublisher::publish()
{
    m_publishPending = false;
    m_board.publish(std::make_shared<const dt::rpc::Roster>(rosterOf(m_workspace)));
}

} // namespace dt::app
