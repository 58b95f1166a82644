// The workspace family's mutations: tabs, terminals and windows opened,
// closed, renamed, moved; privacy.

#include "app/core/automation/caller_view.h"
#include "app/core/automation/workspace_adaptor.h"
#include "terminal/terminal_session.h"

#include <QFileInfo>
#include <QTimer>

#include <memory>

namespace dt::app {

using dt::rpc::Error;

namespace {
// The model refused because the object is gone: the contract's not-found.
std::optional<Error> notFoundUnless(bool done, const char *what)
{
    if (done)
        return std::nullopt;
    return dt::rpc::intentError(dt::rpc::intent::NotFound, std::string(what) + " not found");
}
} // namespace
namespace code = dt::rpc::code;

// Typed once the shell has printed something (its prompt): bytes typed
// earlier wait in the tty, which echoes them at once, and a readline shell
// then shows them a second time after its prompt. A shell that prints
// nothing gets them after a grace period.
void WorkspaceAdaptor::typeWhenReady(dt::terminal::TerminalSession &session, const QByteArray &bytes)
{
    if (session.hasOutput()) {
        session.sendBytes(bytes);
        return;
    }
    struct Pending {
        bool sent = false;
        QMetaObject::Connection onOutput;
    };
    auto pending = std::make_shared<Pending>();
    auto send = [&session, bytes, pending] {
        if (pending->sent)
            return;
        pending->sent = true;
        QObject::disconnect(pending->onOutput);
        session.sendBytes(bytes);
    };
    pending->onOutput = QObject::connect(&session, &dt::terminal::TerminalSession::contentChanged, &session, [&session, send] {
        if (session.hasOutput())
            send();
    });
    QTimer::singleShot(kShellReadyGrace, &session, send);
}

WorkspaceAdaptor::Created WorkspaceAdaptor::started(PaneId pane, const std::string &command)
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    if (!p)
        return Error{code::ServerError, "the new terminal did not start"};
    if (!command.empty() && p->session)
        typeWhenReady(*p->session, QByteArray::fromStdString(command) + '\r');
    return NewTerminal{p->identity.sessionIdString().toStdString(), p->identity.shortId().toStdString(), p->tab};
}

WorkspaceAdaptor::Created WorkspaceAdaptor::openTab(Handle window, const std::string &cwd, const std::string &command)
{
    TerminalLaunch launch; // role: always agent from automation
    launch.workingDirectory = QString::fromStdString(cwd);
    const TabId tab = m_workspace.openTab(window, launch);
    if (!tab)
        return Error{code::ServerError, "tab.open: the window is gone"};
    return started(m_workspace.tab(tab)->primary, command);
}

WorkspaceAdaptor::Created WorkspaceAdaptor::splitTerminal(const std::string &caller, Handle tab, const std::string &cwd,
                                                         const std::string &command)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    // A new terminal in a granted tab holds the grant: only the tab's own
    // terminals may make one, or any tab could borrow the grant.
    const Workspace::Pane *own = CallerView(m_workspace, caller).own();
    if (t->orchestrationGrant && !CallerView::isInsider(own, tab))
        return Error{code::RoleViolation, "only an orchestrator tab's own terminals can split it"};
    TerminalLaunch launch;
    launch.workingDirectory = QString::fromStdString(cwd);
    launch.openedFromOutside = !CallerView::isInsider(own, tab);
    const PaneId pane = m_workspace.splitPane(t->focused, SplitTree::Orientation::SideBySide, launch);
    return started(pane, command);
}

std::optional<Error> WorkspaceAdaptor::closeTab(Handle tab, bool keepDevices)
{
    return notFoundUnless(m_workspace.closeTab(tab, keepDevices), "tab");
}

std::optional<Error> WorkspaceAdaptor::closeTerminal(Handle terminal)
{
    return notFoundUnless(m_workspace.closePane(terminal), "pane");
}

std::optional<Error> WorkspaceAdaptor::renameTab(Handle tab, const std::string &name)
{
    return notFoundUnless(m_workspace.renameTab(tab, QString::fromStdString(name)), "tab");
}

std::optional<Error> WorkspaceAdaptor::selectTab(Handle tab)
{
    return notFoundUnless(m_workspace.selectTab(tab), "tab");
}

std::optional<Error> WorkspaceAdaptor::moveTab(const std::string &caller, Handle tab, std::optional<int> index,
                                               std::optional<Handle> window)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    if (!t)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    const WindowId target = window ? *window : t->window;
    const Workspace::Window *w = m_workspace.window(target);
    if (!w)
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "window not found");
    // The caller counts only the tabs it can see: the tab goes before the
    // one at that place among them (0: first), wherever hidden tabs sit.
    int raw = -1;
    if (index) {
        const CallerView view(m_workspace, caller);
        int seen = 0;
        for (qsizetype i = 0; i < w->tabs.size() && raw < 0; ++i) {
            const TabId other = w->tabs.at(i);
            if (other != tab && view.canSee(other) && seen++ == *index)
                raw = static_cast<int>(i);
        }
        // Moving right within a window: the tab's own slot goes away.
        if (raw > 0 && target == t->window && w->tabs.indexOf(tab) < raw)
            --raw;
    }
    return notFoundUnless(m_workspace.moveTab(tab, target, raw), "window");
}

std::variant<int, Error> WorkspaceAdaptor::openWindow(const std::string &caller)
{
    const WindowId w = m_workspace.openWindow();
    m_workspace.openTab(w, TerminalLaunch{});
    // Its index as the caller counts windows.
    return static_cast<int>(CallerView(m_workspace, caller).visibleWindows().indexOf(w)) + 1;
}

std::optional<Error> WorkspaceAdaptor::openLaunchWindow(const WindowLaunch &launch)
{
    const QString cwd = QString::fromStdString(launch.cwd);
    if (!QFileInfo(cwd).isDir())
        return dt::rpc::intentError(dt::rpc::intent::MutationFailed, "no such directory: " + launch.cwd);
    TerminalLaunch terminal; // role: agent, no grant, whoever asks
    terminal.workingDirectory = cwd;
    if (!launch.command.empty()) {
        terminal.program = QString::fromStdString(launch.command.front());
        for (size_t i = 1; i < launch.command.size(); ++i)
            terminal.arguments << QString::fromStdString(launch.command[i]);
    }
    terminal.hold = launch.hold;
    const WindowId w = m_workspace.openWindow();
    const TabId tab = m_workspace.openTab(w, terminal);
    if (!launch.title.empty())
        m_workspace.renameTab(tab, QString::fromStdString(launch.title)); // sanitised there
    return std::nullopt;
}

std::optional<Error> WorkspaceAdaptor::closeWindow(const std::string &caller, Handle window)
{
    // Closing would take a tab down that the caller cannot even see.
    const CallerView view(m_workspace, caller);
    if (const Workspace::Window *w = m_workspace.window(window))
        for (TabId t : w->tabs)
            if (!view.canSee(t))
                return dt::rpc::intentError(dt::rpc::intent::MutationFailed,
                                            "the window also holds a tab you cannot see; close your own tabs instead");
    return notFoundUnless(m_workspace.closeWindow(window), "window");
}

std::variant<bool, Error> WorkspaceAdaptor::focusWindow(Handle window)
{
    if (auto e = notFoundUnless(m_workspace.focusWindow(window), "window"))
        return *e;
    return m_workspace.settings().compositorDecidesFocus;
}

std::variant<bool, Error> WorkspaceAdaptor::setTabPrivate(const std::string &caller, Handle tab, bool isPrivate)
{
    // Only a tab's own terminals may change it; to anyone else it is as if
    // the tab did not exist.
    if (!CallerView(m_workspace, caller).isInsider(tab) || !m_workspace.setTabPrivate(tab, isPrivate))
        return dt::rpc::intentError(dt::rpc::intent::NotFound, "tab not found");
    const Workspace::Tab *t = m_workspace.tab(tab);
    return t && t->isPrivate == isPrivate;
}

} // namespace dt::app
