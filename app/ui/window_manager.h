#pragma once

#include "app/core/workspace.h"
#include "app/ui/main_window.h"

namespace dt::app {
class Config;
}

#include <QHash>
#include <QObject>
#include <QPointer>

namespace dt::ui {

// The font and theme the config asks for.
MainWindow::Appearance appearanceFromConfig(const dt::app::Config &config);

// Keeps one MainWindow per workspace window: creates it (shown, sized to
// `grid` cells) when the model opens a window and deletes it when the model
// closes it.
class WindowManager : public QObject {
    Q_OBJECT
public:
    // With a config, the windows follow its appearance keys as they change.
    WindowManager(dt::app::Workspace &workspace, const MainWindow::Appearance &appearance, QSize grid,
                  dt::app::Config *config = nullptr, QObject *parent = nullptr);
    ~WindowManager() override;

    MainWindow *window(dt::app::WindowId id) const { return m_windows.value(id); }
    QList<MainWindow *> windows() const;
    void setAppearance(const MainWindow::Appearance &appearance);

signals:
    void lastWindowClosed();

private:
    dt::app::Workspace &m_workspace;
    MainWindow::Appearance m_appearance;
    void deleteWhenIdle(QPointer<MainWindow> window);

    QSize m_grid;
    MainWindow::Appearance m_configAppearance; // what the config said last
    dt::app::Config *m_config;
    QHash<dt::app::WindowId, QPointer<MainWindow>> m_windows;
};

} // namespace dt::ui
