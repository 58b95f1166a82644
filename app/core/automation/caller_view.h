#pragma once

// The workspace as one caller of the automation server may see it, in one
// place: the caller's own terminal (looked up once), the privacy rule
// (public tabs, and a private one only from inside it), which windows it
// can count, and how its references name terminals, tabs and windows.
// Made per request from the session the dispatcher authenticated.

#include "app/core/workspace.h"
#include "rpc/contract/errors.h"

#include <optional>
#include <string>
#include <variant>

namespace dt::app {

class CallerView {
public:
    CallerView(const Workspace &workspace, const std::optional<std::string> &caller);

    const Workspace &workspace() const { return m_workspace; }
    // The caller's terminal pane, or null (no caller, or its terminal is gone).
    const Workspace::Pane *own() const { return m_own; }
    // A terminal of the caller's named by session id (any case), as the
    // model spells it; the id as given when it names nothing.
    QString sessionSpelling(const std::string &sessionId) const;
    bool isCaller(const Workspace::Pane &pane) const { return m_own == &pane; }

    // Public tabs, and a private one only from inside it (dt::rpc::canSeeTab,
    // the rule the server's own thread applies to its roster too).
    bool canSee(TabId tab) const;
    // One of the tab's own terminals (not one another tab asked for).
    bool isInsider(TabId tab) const;
    static bool isInsider(const Workspace::Pane *pane, TabId tab);
    // The windows holding at least one tab it can see, in order: indices
    // count in this list, so hidden windows leave no gaps.
    QList<WindowId> visibleWindows() const;

    // A terminal by reference: "current" (its own), else in tiers (short
    // id, then name, then session id or a prefix of at least 4 characters
    // of it), among the tabs it can see. `wholeTabs`: several terminals of
    // one tab still name one tab.
    std::variant<PaneId, dt::rpc::Error> findTerminal(const std::string &ref, const char *kind, bool wholeTabs) const;
    // "current" or a 1-based index among visibleWindows().
    std::variant<WindowId, dt::rpc::Error> findWindow(const std::string &ref) const;
    // The device panes whose devices it booted.
    QList<PaneId> ownDevicePanes() const;

    // A terminal's own name, else its tab's (`tab rename` names every
    // terminal of the tab).
    static QString nameOf(const Workspace &workspace, const Workspace::Pane &pane);

private:
    const Workspace &m_workspace;
    std::optional<std::string> m_caller;
    const Workspace::Pane *m_own = nullptr;
};

} // namespace dt::app
