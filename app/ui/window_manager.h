#pragma once

#include "core/workspace.h"
#include "main_window.h"

#include <QHash>
#include <QObject>
#include <QPointer>

namespace dt::ui {

// Keeps one MainWindow per workspace window: creates it (shown, sized to
// `grid` cells) when the model opens a window and deletes it when the model
// closes it.
class WindowManager : public QObject {
    Q_OBJECT
public:
    WindowManager(dt::app::Workspace &workspace, const MainWindow::Appearance &appearance, QSize grid,
                  QObject *parent = nullptr);
    ~WindowManager() override;

    MainWindow *window(dt::app::WindowId id) const { return m_windows.value(id); }
    QList<MainWindow *> windows() const;

signals:
    void lastWindowClosed();

private:
    dt::app::Workspace &m_workspace;
    MainWindow::Appearance m_appearance;
    QSize m_grid;
    QHash<dt::app::WindowId, QPointer<MainWindow>> m_windows;
};

} // namespace dt::ui
