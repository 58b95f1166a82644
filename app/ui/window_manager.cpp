#include "window_manager.h"

namespace dt::ui {

WindowManager::WindowManager(dt::app::Workspace &workspace, const MainWindow::Appearance &appearance, QSize grid,
                             QObject *parent)
    : QObject(parent), m_workspace(workspace), m_appearance(appearance), m_grid(grid)
{
    connect(&m_workspace, &dt::app::Workspace::windowOpened, this, [this](dt::app::WindowId id) {
        auto *w = new MainWindow(m_workspace, id, m_appearance);
        m_windows.insert(id, w);
        w->show();
        w->resizeToGrid(m_grid.width(), m_grid.height());
    });
    connect(&m_workspace, &dt::app::Workspace::windowClosed, this, [this](dt::app::WindowId id) {
        if (QPointer<MainWindow> w = m_windows.take(id); w) {
            w->hide();
            w->deleteLater();
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

QList<MainWindow *> WindowManager::windows() const
{
    QList<MainWindow *> out;
    for (dt::app::WindowId id : m_workspace.windows())
        if (MainWindow *w = m_windows.value(id))
            out.append(w);
    return out;
}

} // namespace dt::ui
