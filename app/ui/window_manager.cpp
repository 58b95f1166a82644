// Creates and deletes a MainWindow as the model opens and closes windows (deferring deletion past nested
// event loops), and pushes font, theme, scrollback and on-exit changes from the config.

#include "app/ui/window_manager.h"

#include "app/core/config.h"
#include "app/ui/chrome_style.h"

#include <QTimer>

namespace dt::ui {

MainWindow::Appearance appearanceFromConfig(const dt::app::Config &config)
{
    MainWindow::Appearance a;
    const QString family = config.value(QStringLiteral("font"));
    if (!family.isEmpty())
        a.font.setFamily(family);
    a.font.setPointSize(config.intValue(QStringLiteral("font-size")));
    a.theme = TerminalTheme::byName(config.value(QStringLiteral("theme")));
    a.scrollOnOutput = config.value(QStringLiteral("scroll-on-output")) == QLatin1String("yes");
    a.focusedPane = focusedPaneMarkFromConfig(config.value(QStringLiteral("focused-pane")));
    return a;
}

WindowManager::WindowManager(dt::app::Workspace &workspace, const MainWindow::Appearance &appearance, QSize grid,
                             dt::app::Config *config, QObject *parent)
    : QObject(parent), m_workspace(workspace), m_appearance(appearance), m_grid(grid), m_config(config)
{
    applyChrome(m_appearance.theme);
    if (m_config) {
        m_configAppearance = appearanceFromConfig(*m_config);
        connect(m_config, &dt::app::Config::changed, this, [this] {
            // Only when font or theme really changed: other keys (a "don't
            // ask again") must not undo the windows' font zoom.
            const MainWindow::Appearance wanted = appearanceFromConfig(*m_config);
            if (wanted.font != m_configAppearance.font || wanted.theme.name != m_configAppearance.theme.name
                || wanted.scrollOnOutput != m_configAppearance.scrollOnOutput
                || wanted.focusedPane != m_configAppearance.focusedPane) {
                m_configAppearance = wanted;
                setAppearance(wanted);
            }
            m_workspace.setScrollbackLines(m_config->intValue(QStringLiteral("scrollback-lines")));
            m_workspace.setClipboardWrite(m_config->value(QStringLiteral("clipboard-write")) != QLatin1String("deny"));
            dt::app::ExitAction exit;
            if (dt::app::parseExitAction(m_config->value(QStringLiteral("on-exit")), &exit))
                m_workspace.setExitAction(exit);
        });
    }
    connect(&m_workspace, &dt::app::Workspace::windowOpened, this, [this](dt::app::WindowId id) {
        auto *w = new MainWindow(m_workspace, id, m_appearance, m_config);
        m_windows.insert(id, w);
        w->show();
        const QSize fits = w->resizeToGrid(m_grid.width(), m_grid.height());
        // Its first terminal starts with the grid the window is sized for:
        // a program that reads its size at once (stty size) must not see
        // the default grid the view corrects a moment later.
        m_workspace.setDefaultGrid(fits.height(), fits.width());
    });
    connect(&m_workspace, &dt::app::Workspace::windowClosed, this, [this](dt::app::WindowId id) {
        if (QPointer<MainWindow> w = m_windows.take(id); w) {
            w->hide();
            deleteWhenIdle(w);
        }
        if (m_windows.isEmpty())
            emit lastWindowClosed();
    });
    connect(&m_workspace, &dt::app::Workspace::windowFocused, this, [this](dt::app::WindowId id) {
        if (MainWindow *w = m_windows.value(id); w && !w->isActiveWindow())
            w->activateWindow();
    });
}

WindowManager::~WindowManager()
{
    for (const QPointer<MainWindow> &w : std::as_const(m_windows))
        delete w.data();
}

void WindowManager::deleteWhenIdle(QPointer<MainWindow> window)
{
    // The model can close a window while one of its dialogs or menus runs a
    // nested event loop (a pane exits, a script closes the tab). Deleting it
    // then would pull the dialog from under that loop; wait until it ends.
    if (!window)
        return;
    if (window->inNestedLoop()) {
        QTimer::singleShot(100, this, [this, window] { deleteWhenIdle(window); });
        return;
    }
    window->deleteLater();
}

void WindowManager::setAppearance(const MainWindow::Appearance &appearance)
{
    m_appearance = appearance;
    applyChrome(appearance.theme);
    for (const QPointer<MainWindow> &w : std::as_const(m_windows))
        if (w)
            w->setAppearance(appearance);
}

QList<MainWindow *> WindowManager::windows() const
{
    QList<MainWindow *> out;
    for (dt::app::WindowId id : m_workspace.windows())
        if (MainWindow *w = m_windows.value(id))
            out.append(w);
    return out;
}

} // namespace dt::ui
