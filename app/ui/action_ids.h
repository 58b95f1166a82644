#pragma once

// Ids of the window actions, one registry per window (action_registry.h).
namespace dt::ui::actions {
inline constexpr char NewWindow[] = "window.new";
inline constexpr char CloseWindow[] = "window.close";
inline constexpr char Quit[] = "app.quit";
inline constexpr char NewTab[] = "tab.new";
inline constexpr char DuplicateTab[] = "tab.duplicate";
inline constexpr char CloseTab[] = "tab.close";
inline constexpr char CloseOtherTabs[] = "tab.closeOthers";
inline constexpr char RenameTab[] = "tab.rename";
inline constexpr char NextTab[] = "tab.next";
inline constexpr char PreviousTab[] = "tab.previous";
inline constexpr char MoveTabToNewWindow[] = "tab.moveToNewWindow";
inline constexpr char OpenOrchestratorTab[] = "tab.openOrchestrator";
inline constexpr char OrchestrationGrant[] = "tab.orchestrationGrant"; // checkable
inline constexpr char PrivateTab[] = "tab.private"; // checkable
inline constexpr char SplitRight[] = "pane.splitRight";
inline constexpr char SplitDown[] = "pane.splitDown";
inline constexpr char ClosePane[] = "pane.close";
inline constexpr char ZoomPane[] = "pane.zoom";
inline constexpr char EqualizePanes[] = "pane.equalize";
inline constexpr char FocusLeft[] = "pane.focusLeft";
inline constexpr char FocusRight[] = "pane.focusRight";
inline constexpr char FocusUp[] = "pane.focusUp";
inline constexpr char FocusDown[] = "pane.focusDown";
inline constexpr char Copy[] = "edit.copy";
inline constexpr char CopyLastOutput[] = "edit.copyLastOutput";
inline constexpr char Paste[] = "edit.paste";
inline constexpr char SelectAll[] = "edit.selectAll";
inline constexpr char ClearScrollback[] = "edit.clearScrollback";
inline constexpr char ResetTerminal[] = "edit.resetTerminal";
inline constexpr char Find[] = "edit.find";
inline constexpr char FindNext[] = "edit.findNext";
inline constexpr char FindPrevious[] = "edit.findPrevious";
inline constexpr char PreviousPrompt[] = "view.previousPrompt";
inline constexpr char NextPrompt[] = "view.nextPrompt";
inline constexpr char ZoomIn[] = "view.zoomIn";
inline constexpr char ZoomOut[] = "view.zoomOut";
inline constexpr char ResetZoom[] = "view.resetZoom";
inline constexpr char FullScreen[] = "view.fullScreen";
inline constexpr char Settings[] = "app.settings";
inline constexpr char About[] = "help.about";
inline constexpr char Shortcuts[] = "help.shortcuts";
} // namespace dt::ui::actions
