#pragma once

class QString;
class QWidget;

namespace dt::ui {

// Asks the person at the screen to confirm an orchestration grant: the
// programs in that tab may then type into and read other tabs. On X11 any
// client of the display can synthesise input (XTEST), so the Grant button
// only accepts a click once the dialog has been on screen for
// kGrantSettleMs; a scripted click that arrives sooner, or Enter (Cancel is
// the default), grants nothing. `nestedLoops` counts the dialog's loop.
inline constexpr int kGrantSettleMs = 500;
bool confirmOrchestrationGrant(QWidget *parent, const QString &tabTitle, int &nestedLoops);

} // namespace dt::ui
