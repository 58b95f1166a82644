#pragma once

// The workspace family of the automation port over the workspace: rosters,
// references and mutations, as each caller may see them (CallerView).

#include "app/core/automation/support.h"
#include "app/core/workspace.h"
#include "rpc/server/ports/workspace_port.h"

namespace dt::terminal {
class TerminalSession;
}

namespace dt::app {

class WorkspaceAdaptor : public dt::rpc::WorkspacePort {
public:
    explicit WorkspaceAdaptor(Workspace &workspace) : m_workspace(workspace) {}

    std::vector<dt::rpc::TabRow> tabRows(const std::optional<std::string> &caller) override;
    std::vector<dt::rpc::WindowRow> windowRows(const std::optional<std::string> &caller, bool all) override;
    std::optional<dt::rpc::TabInfo> tabInfo(const std::string &caller, Handle tab) override;

    Resolved resolveTab(const std::string &caller, const std::string &ref) override;
    Resolved resolveTerminal(const std::string &caller, const std::string &ref) override;
    Resolved resolveWindow(const std::string &caller, const std::string &ref) override;
    Created openTab(Handle window, const std::string &cwd, const std::string &command) override;
    Created splitTerminal(const std::string &caller, Handle tab, const std::string &cwd,
                          const std::string &command) override;
    std::optional<dt::rpc::Error> closeTab(Handle tab, bool keepDevices) override;
    std::optional<dt::rpc::Error> closeTerminal(Handle terminal) override;
    std::optional<dt::rpc::Error> renameTab(Handle tab, const std::string &name) override;
    std::optional<dt::rpc::Error> selectTab(Handle tab) override;
    std::optional<dt::rpc::Error> moveTab(const std::string &caller, Handle tab, std::optional<int> index,
                                          std::optional<Handle> window) override;
    std::variant<int, dt::rpc::Error> openWindow(const std::string &caller) override;
    std::optional<dt::rpc::Error> openLaunchWindow(const WindowLaunch &launch) override;
    std::optional<dt::rpc::Error> closeWindow(const std::string &caller, Handle window) override;
    std::variant<bool, dt::rpc::Error> focusWindow(Handle window) override;
    std::variant<bool, dt::rpc::Error> setTabPrivate(const std::string &caller, Handle tab, bool isPrivate) override;

    // Types `bytes` into a new terminal once its shell has printed
    // something (its prompt); also how tab.open's wait types into a shell
    // that reports no commands.
    static void typeWhenReady(dt::terminal::TerminalSession &session, const QByteArray &bytes);

private:
    static constexpr int kShellReadyGrace = 2000; // ms
    // The receipt of a new terminal, with `command` typed into it once its
    // shell is ready.
    Created started(PaneId pane, const std::string &command);
    Workspace &m_workspace;
};

} // namespace dt::app
