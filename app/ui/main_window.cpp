#include "main_window.h"

#include "terminal/terminal_session.h"
#include "terminal_view.h"

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QLayout>
#include <QStackedWidget>
#include <QTabBar>
#include <QTabWidget>

namespace dt::ui {

MainWindow::MainWindow(const Settings &settings, QWidget *parent)
    : QMainWindow(parent), m_settings(settings), m_tabs(new QTabWidget(this))
{
    setAttribute(Qt::WA_DeleteOnClose);
    setWindowIcon(QIcon(QStringLiteral(":/icons/deviceterm.svg")));
    m_basePointSize = m_settings.font.pointSize() > 0 ? m_settings.font.pointSize() : 11;
    m_fontPointSize = m_basePointSize;
    m_settings.font.setPointSize(m_fontPointSize);

    m_tabs->setDocumentMode(true);
    m_tabs->setMovable(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setUsesScrollButtons(true);
    m_tabs->tabBar()->setExpanding(false);
    m_tabs->tabBar()->setElideMode(Qt::ElideMiddle);
    setCentralWidget(m_tabs);

    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeTab);
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int) {
        updateWindowTitle();
        if (TerminalTab *tab = currentTab())
            tab->setFocus();
    });
    createMenus();
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    auto add = [this](QMenu *menu, const QString &text, const QKeySequence &shortcut, auto slot) {
        auto *action = new QAction(text, this);
        if (!shortcut.isEmpty())
            action->setShortcut(shortcut);
        action->setShortcutContext(Qt::WindowShortcut);
        connect(action, &QAction::triggered, this, slot);
        if (menu)
            menu->addAction(action);
        else
            addAction(action);
        return action;
    };

    QMenu *file = menuBar()->addMenu(tr("&File"));
    add(file, tr("New &Tab"), QKeySequence(QStringLiteral("Ctrl+Shift+T")), [this] { openTab(); });
    add(file, tr("&Close Tab"), QKeySequence(QStringLiteral("Ctrl+Shift+W")), [this] { closeTab(m_tabs->currentIndex()); });
    file->addSeparator();
    add(file, tr("&Quit"), QKeySequence(QStringLiteral("Ctrl+Shift+Q")), [] { QApplication::closeAllWindows(); });

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    add(edit, tr("&Copy"), QKeySequence(QStringLiteral("Ctrl+Shift+C")), [this] {
        if (TerminalTab *t = currentTab())
            t->view()->copyToClipboard();
    });
    add(edit, tr("&Paste"), QKeySequence(QStringLiteral("Ctrl+Shift+V")), [this] {
        if (TerminalTab *t = currentTab())
            t->view()->pasteClipboard();
    });
    add(edit, tr("Select &All"), QKeySequence(QStringLiteral("Ctrl+Shift+A")), [this] {
        if (TerminalTab *t = currentTab())
            t->view()->selectAll();
    });
    edit->addSeparator();
    add(edit, tr("Clear &Scrollback"), QKeySequence(QStringLiteral("Ctrl+Shift+K")), [this] {
        if (TerminalTab *t = currentTab())
            t->view()->clearScrollback();
    });

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *zoomIn = add(view, tr("Zoom &In"), QKeySequence(QStringLiteral("Ctrl+=")), [this] { zoomFont(1); });
    zoomIn->setShortcuts({QKeySequence(QStringLiteral("Ctrl+=")), QKeySequence(QStringLiteral("Ctrl++"))});
    add(view, tr("Zoom &Out"), QKeySequence(QStringLiteral("Ctrl+-")), [this] { zoomFont(-1); });
    add(view, tr("&Reset Zoom"), QKeySequence(QStringLiteral("Ctrl+0")), [this] { resetFontZoom(); });

    QMenu *tabMenu = menuBar()->addMenu(tr("&Tab"));
    add(tabMenu, tr("&Rename Tab…"), QKeySequence(QStringLiteral("Ctrl+Shift+R")), [this] { renameCurrentTab(); });
    add(tabMenu, tr("&Next Tab"), QKeySequence(QStringLiteral("Ctrl+PgDown")), [this] {
        if (m_tabs->count() > 0)
            selectTab((m_tabs->currentIndex() + 1) % m_tabs->count());
    });
    add(tabMenu, tr("&Previous Tab"), QKeySequence(QStringLiteral("Ctrl+PgUp")), [this] {
        if (m_tabs->count() > 0)
            selectTab((m_tabs->currentIndex() + m_tabs->count() - 1) % m_tabs->count());
    });
    for (int i = 1; i <= 9; ++i) {
        // Alt+9 is "the last tab", as in browsers.
        add(nullptr, QString(), QKeySequence(Qt::ALT | static_cast<Qt::Key>(Qt::Key_0 + i)),
            [this, i] { selectTab(i == 9 ? m_tabs->count() - 1 : i - 1); });
    }

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    add(help, tr("&About deviceterm"), QKeySequence(), [this] { showAbout(); });
}

TerminalTab *MainWindow::openTab(const QString &program, const QStringList &arguments, const QString &cwd)
{
    TerminalTab::Options o;
    o.program = program;
    o.arguments = arguments;
    o.workingDirectory = cwd;
    if (o.workingDirectory.isEmpty()) {
        if (TerminalTab *current = currentTab())
            o.workingDirectory = current->workingDirectory();
    }
    o.scrollbackLines = m_settings.scrollbackLines;
    o.exitAction = m_settings.exitAction;
    o.font = m_settings.font;
    o.theme = m_settings.theme;

    auto *tab = new TerminalTab(o, m_tabs);
    const int index = m_tabs->addTab(tab, program.isEmpty() ? tr("Shell") : program);
    connect(tab, &TerminalTab::titleChanged, this, [this, tab](const QString &title) { onTabTitleChanged(tab, title); });
    connect(tab, &TerminalTab::closeRequested, this, [this, tab] { closeTab(m_tabs->indexOf(tab)); });
    m_tabs->setCurrentIndex(index);
    // A new page is laid out on the next event loop pass; lay it out now so
    // its program starts with the real grid size, not a placeholder one.
    if (auto *stack = m_tabs->findChild<QStackedWidget *>(); stack && stack->layout())
        stack->layout()->activate();
    tab->layout()->activate();
    tab->start();
    tab->setFocus();
    return tab;
}

TerminalTab *MainWindow::currentTab() const
{
    return qobject_cast<TerminalTab *>(m_tabs->currentWidget());
}

TerminalTab *MainWindow::tabAt(int index) const
{
    return qobject_cast<TerminalTab *>(m_tabs->widget(index));
}

int MainWindow::tabCount() const
{
    return m_tabs->count();
}

void MainWindow::resizeToGrid(int columns, int rows)
{
    // Measure with a throwaway view: the chrome around the grid (menu bar,
    // tab bar, scroll bar, padding) is what the window adds to the cells.
    TerminalView probe(nullptr);
    probe.setTerminalFont(m_settings.font);
    const QSize cell = probe.cellSize();
    const QSize grid(columns * cell.width(), rows * cell.height());
    const QSize chrome = probe.sizeHint() - QSize(80 * cell.width(), 24 * cell.height());
    const int tabBar = m_tabs->tabBar()->sizeHint().height();
    resize(grid.width() + chrome.width(), grid.height() + chrome.height() + tabBar + menuBar()->sizeHint().height());
}

void MainWindow::closeTab(int index)
{
    TerminalTab *tab = tabAt(index);
    if (!tab)
        return;
    m_tabs->removeTab(index);
    tab->deleteLater();
    if (m_tabs->count() == 0)
        close();
}

void MainWindow::selectTab(int index)
{
    if (index >= 0 && index < m_tabs->count())
        m_tabs->setCurrentIndex(index);
}

void MainWindow::zoomFont(int steps)
{
    m_fontPointSize = std::clamp(m_fontPointSize + steps, 5, 72);
    m_settings.font.setPointSize(m_fontPointSize);
    for (int i = 0; i < m_tabs->count(); ++i)
        tabAt(i)->view()->setTerminalFont(m_settings.font);
}

void MainWindow::resetFontZoom()
{
    zoomFont(m_basePointSize - m_fontPointSize);
}

void MainWindow::onTabTitleChanged(TerminalTab *tab, const QString &title)
{
    const int index = m_tabs->indexOf(tab);
    if (index < 0)
        return;
    const QString shown = tab->hasExited() ? tr("%1 (exited)").arg(title) : title;
    m_tabs->setTabText(index, shown);
    m_tabs->setTabToolTip(index, shown);
    if (index == m_tabs->currentIndex())
        updateWindowTitle();
}

void MainWindow::updateWindowTitle()
{
    TerminalTab *tab = currentTab();
    setWindowTitle(tab ? tr("%1 — deviceterm").arg(m_tabs->tabText(m_tabs->currentIndex())) : tr("deviceterm"));
}

void MainWindow::renameCurrentTab()
{
    TerminalTab *tab = currentTab();
    if (!tab)
        return;
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename Tab"),
                                               tr("Tab name (leave empty to follow the program's title):"),
                                               QLineEdit::Normal, tab->manualTitle(), &ok);
    if (ok)
        tab->setManualTitle(name.trimmed());
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About deviceterm"),
                       tr("<h3>deviceterm %1</h3><p>A terminal for people who build software for devices.</p>")
                           .arg(QStringLiteral(DEVICETERM_VERSION)));
}

} // namespace dt::ui
