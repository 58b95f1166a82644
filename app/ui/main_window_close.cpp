// MainWindow's close guard: which panes a close takes, and the one question
// it may ask first (running devices, running programs, a split tab).

#include "app/ui/main_window.h"

#include "app/ui/close_question.h"
#include "app/core/config.h"
#include "app/ui/running_devices_question.h"
#include "terminal/terminal_session.h"

namespace dt::ui {

using dt::app::TabId;

QList<dt::app::PaneId> MainWindow::panesOfTab(TabId tab) const
{
    const auto *t = m_workspace.tab(tab);
    return t ? t->layout.panes() : QList<dt::app::PaneId>{};
}

QList<dt::app::PaneId> MainWindow::panesOfWindow() const
{
    QList<dt::app::PaneId> out;
    if (const auto *w = m_workspace.window(m_window))
        for (TabId t : w->tabs)
            out += panesOfTab(t);
    return out;
}

bool MainWindow::confirmClose(const QList<dt::app::PaneId> &panes, const QString &question, bool *asked,
                              const QString &acceptText)
{
    if (asked)
        *asked = false;
    if (!m_config || m_config->value(QStringLiteral("confirm-close")) != QLatin1String("ask"))
        return true;
    // A pane is busy when something other than the program it started with
    // (normally the shell) holds the terminal's foreground.
    QStringList running;
    for (dt::app::PaneId p : panes) {
        const auto *pane = m_workspace.pane(p);
        if (!pane || pane->exited || !pane->session)
            continue;
        if (pane->session->runsACommand())
            running << pane->session->foregroundProgram();
    }
    if (running.isEmpty())
        return true;
    running.removeDuplicates();
    if (asked)
        *asked = true;
    return askCloseQuestion(this, m_config,
                            {question, tr("Still running: %1").arg(running.join(QStringLiteral(", "))),
                             acceptText.isEmpty() ? tr("Close") : acceptText, false,
                             QStringLiteral("runningProgramCloseQuestion"), QStringLiteral("confirm-close"), QStringLiteral("never")},
                            m_nestedLoops);
}

// One close asks at most one question: about running devices if there are
// any (and the config does not answer it), else about running programs.
// When the close leaves no tab, the app quits: then the question is the
// Quit one (about every device), and a "keep" keeps them past the quit.
DevicesOnClose MainWindow::askAboutDevices(const QList<dt::app::PaneId> &panes, const QList<TabId> &closingTabs)
{
    bool quits = !closingTabs.isEmpty();
    for (TabId t : m_workspace.allTabs())
        quits = quits && closingTabs.contains(t);
    if (!quits)
        return askAboutRunningDevices(this, m_workspace, m_config, panes, m_nestedLoops);
    DevicesOnClose devices = askAboutQuitting(this, m_workspace, m_config, m_nestedLoops);
    devices.quitting = true;
    return devices;
}

// Called once the close is certain (no second question cancelled it).
void MainWindow::keepDevicesIfQuitting(const DevicesOnClose &devices)
{
    if (devices.quitting && devices.keepDevices)
        m_workspace.devices().keepAllRunning();
}

void MainWindow::closeTabAsked(TabId tab)
{
    const QList<dt::app::PaneId> panes = panesOfTab(tab);
    const DevicesOnClose devices = askAboutDevices(panes, {tab});
    if (!devices.proceed)
        return;
    bool asked = devices.asked;
    if (!asked && !confirmClose(panes, tr("Close this tab?"), &asked))
        return;
    // Still one question at most: the split layout is the last thing asked
    // about. Device panes have their own question (and config key).
    const qsizetype terminals = m_workspace.terminalPanes(tab).size();
    if (!asked && terminals > 1 && !confirmMultiPaneClose(int(terminals)))
        return;
    keepDevicesIfQuitting(devices);
    m_workspace.closeTab(tab, devices.keepDevices);
}

// tab-close-multi-pane = ask (the default): closing a tab of several panes
// takes all of them, which a stray Ctrl+Shift+W should not do unasked.
bool MainWindow::confirmMultiPaneClose(int panes)
{
    if (!m_config || m_config->value(QStringLiteral("tab-close-multi-pane")) != QLatin1String("ask"))
        return true;
    return askCloseQuestion(this, m_config,
                            {tr("Close this tab and its %n terminals?", nullptr, panes), QString(), tr("Close Tab"), true,
                             QStringLiteral("multiPaneCloseQuestion"), QStringLiteral("tab-close-multi-pane"), QStringLiteral("close")},
                            m_nestedLoops);
}

void MainWindow::closeWindowAsked()
{
    const auto *w = m_workspace.window(m_window);
    const DevicesOnClose devices = askAboutDevices(panesOfWindow(), w ? w->tabs : QList<TabId>{});
    if (devices.proceed && (devices.asked || confirmClose(panesOfWindow(), tr("Close this window?")))) {
        keepDevicesIfQuitting(devices);
        m_workspace.closeWindow(m_window, devices.keepDevices);
    }
}

} // namespace dt::ui
