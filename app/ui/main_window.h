#pragma once

#include "terminal_tab.h"
#include "terminal_theme.h"

#include <QFontDatabase>
#include <QMainWindow>

class QTabWidget;

namespace dt::ui {

// A window of terminal tabs with its menus.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    struct Settings {
        QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        TerminalTheme theme = TerminalTheme::dark();
        int scrollbackLines = 10000;
        ExitAction exitAction = ExitAction::KeepOnError;
    };

    explicit MainWindow(const Settings &settings, QWidget *parent = nullptr);
    ~MainWindow() override;

    // Opens a tab running `program` (empty: the login shell) in `cwd` (empty:
    // the current tab's directory, or home).
    TerminalTab *openTab(const QString &program = {}, const QStringList &arguments = {}, const QString &cwd = {});
    TerminalTab *currentTab() const;
    TerminalTab *tabAt(int index) const;
    int tabCount() const;
    QTabWidget *tabWidget() const { return m_tabs; }

    // Sizes the window so a terminal shows this many cells. Call it after
    // show(): before that the tab and menu bars report no height.
    void resizeToGrid(int columns, int rows);
    void closeTab(int index);
    void selectTab(int index);
    void zoomFont(int steps);
    void resetFontZoom();

private:
    void createMenus();
    void updateWindowTitle();
    void onTabTitleChanged(TerminalTab *tab, const QString &title);
    void renameCurrentTab();
    void showAbout();

    Settings m_settings;
    int m_basePointSize;
    int m_fontPointSize;
    QTabWidget *m_tabs; // child widget
};

} // namespace dt::ui
