// The questions a close may ask (running programs, running devices, a
// split tab, quitting), "Don't ask again" and the settings dialog that
// writes the same config: a real window offscreen with real shells.

#include "app/core/config.h"
#include "app/core/workspace.h"
#include "support/processes.h"
#include "support/wait_until.h"
#include "terminal/terminal_session.h"
#include "app/ui/action_ids.h"
#include "app/ui/main_window.h"
#include "app/ui/settings_dialog.h"
#include "app/ui/terminal_view.h"
#include "app/ui/window_manager.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QSpinBox>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

namespace {

using dt::app::TerminalLaunch;
using dt::app::Workspace;
using dt::test::waitUntil;
using dt::ui::MainWindow;
using dt::ui::TerminalView;
namespace actions = dt::ui::actions;

// Answers the next modal question box by clicking the button with `text`
// (ticking "Don't ask again" first if asked to); records the question.
struct Answerer {
    QString asked;
    void answerNext(const QString &text, bool neverAgain = false)
    {
        QTimer::singleShot(0, [this, text, neverAgain] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            asked = box->text() + QLatin1Char('\n') + box->informativeText();
            if (neverAgain && box->checkBox())
                box->checkBox()->setChecked(true);
            for (QAbstractButton *b : box->buttons())
                if (b->text() == text || (text == QLatin1String("Cancel") && box->buttonRole(b) == QMessageBox::RejectRole))
                    b->click();
        });
    }
};

class PromptTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        config = std::make_unique<dt::app::Config>(dir.filePath(QStringLiteral("config")));
        config->load();
        ws = std::make_unique<Workspace>(Workspace::Settings{});
        manager = std::make_unique<dt::ui::WindowManager>(*ws, MainWindow::Appearance{}, QSize(80, 24), config.get());
        window = ws->openWindow();
        main = manager->window(window);
        TerminalLaunch bash;
        bash.program = QStringLiteral("/bin/bash");
        bash.arguments = {QStringLiteral("--norc"), QStringLiteral("--noprofile")};
        tab = ws->openTab(window, bash);
        pane = ws->tab(tab)->primary;
        ASSERT_TRUE(waitUntil([&] { return ws->session(pane)->terminal().screenText().find('$') != std::string::npos
                                        || ws->session(pane)->terminal().screenText().find('#') != std::string::npos; }));
    }
    void TearDown() override
    {
        manager.reset();
        ws.reset();
    }
    // A fresh workspace and window that can boot devices (the device
    // shell; their directories in the test's own runtime directory).
    void startWithDevices()
    {
        Workspace::Settings settings;
        settings.deviceTools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
        qputenv("XDG_RUNTIME_DIR", dir.path().toLocal8Bit());
        manager.reset();
        ws = std::make_unique<Workspace>(settings);
        manager = std::make_unique<dt::ui::WindowManager>(*ws, MainWindow::Appearance{}, QSize(80, 24), config.get());
        window = ws->openWindow();
        main = manager->window(window);
    }
    void startSleep()
    {
        ws->session(pane)->sendBytes("sleep 30\r");
        ASSERT_TRUE(waitUntil([&] { return ws->session(pane)->foregroundProgram() == QStringLiteral("sleep"); }));
    }

    QTemporaryDir dir;
    std::unique_ptr<dt::app::Config> config;
    std::unique_ptr<Workspace> ws;
    std::unique_ptr<dt::ui::WindowManager> manager;
    dt::app::WindowId window = 0;
    dt::app::TabId tab = 0;
    dt::app::PaneId pane = 0;
    QPointer<MainWindow> main;
    Answerer answerer;
};

TEST_F(PromptTest, anIdleShellClosesWithoutAQuestion)
{
    main->action(actions::ClosePane)->trigger();
    EXPECT_FALSE(ws->tab(tab));
}

TEST_F(PromptTest, aRunningProgramAsksFirstAndCancelKeepsThePane)
{
    startSleep();
    answerer.answerNext(QStringLiteral("Cancel"));
    main->action(actions::ClosePane)->trigger();
    EXPECT_TRUE(answerer.asked.contains(QStringLiteral("sleep"))) << answerer.asked.toStdString();
    ASSERT_TRUE(ws->tab(tab));
    answerer.answerNext(QStringLiteral("Close"));
    main->action(actions::CloseTab)->trigger();
    EXPECT_FALSE(ws->tab(tab));
}

// A tab showing a running device asks what to do with it, once: Cancel
// keeps everything, Keep Devices Running closes the tab and leaves the device up
// (attachable), and "Don't ask again" answers later closes by itself.
TEST_F(PromptTest, closingATabWithARunningDeviceAsksWhetherToKeepIt)
{
    startWithDevices();
    TerminalLaunch sh;
    sh.program = QStringLiteral("/bin/sh");
    ws->openTab(window, sh); // the window stays when the others close
    auto openTabWithDevice = [&](const char *udid) {
        const dt::app::TabId t = ws->openTab(window, sh);
        ws->openDevicePane(ws->tab(t)->primary, dt::devices::DeviceRecord{udid, udid, "watch", {}});
        return t;
    };
    const dt::app::TabId first = openTabWithDevice("C105E000-0000-4000-8000-000000000001");
    answerer.answerNext(QStringLiteral("Cancel"));
    ASSERT_EQ(ws->window(window)->selected, first);
    main->action(actions::CloseTab)->trigger();
    EXPECT_TRUE(answerer.asked.contains(QStringLiteral("C105E000-0000-4000-8000-000000000001"))) << answerer.asked.toStdString();
    ASSERT_TRUE(ws->tab(first));
    ASSERT_TRUE(ws->devices().device(QStringLiteral("C105E000-0000-4000-8000-000000000001")));

    answerer.asked.clear();
    answerer.answerNext(QStringLiteral("Keep Devices Running"), true);
    ASSERT_EQ(ws->window(window)->selected, first);
    main->action(actions::CloseTab)->trigger();
    EXPECT_FALSE(answerer.asked.isEmpty());
    EXPECT_FALSE(ws->tab(first));
    const auto *kept = ws->devices().device(QStringLiteral("C105E000-0000-4000-8000-000000000001"));
    ASSERT_TRUE(kept);
    EXPECT_NE(kept->state(), dt::devices::Simulator::State::Shutdown);
    EXPECT_EQ(config->value(QStringLiteral("tab-close-default")), QStringLiteral("detach"));

    // Answered for good: the next close asks nothing and keeps its device too.
    const dt::app::TabId second = openTabWithDevice("C105E000-0000-4000-8000-000000000002");
    answerer.asked.clear();
    ASSERT_EQ(ws->window(window)->selected, second);
    main->action(actions::CloseTab)->trigger();
    EXPECT_TRUE(answerer.asked.isEmpty());
    EXPECT_FALSE(ws->tab(second));
    EXPECT_TRUE(ws->devices().device(QStringLiteral("C105E000-0000-4000-8000-000000000002")));
    // Shutdown for good: the device goes with its tab.
    config->set(QStringLiteral("tab-close-default"), QStringLiteral("shutdown"));
    const dt::app::TabId third = openTabWithDevice("C105E000-0000-4000-8000-000000000003");
    ASSERT_EQ(ws->window(window)->selected, third);
    main->action(actions::CloseTab)->trigger();
    EXPECT_TRUE(answerer.asked.isEmpty());
    EXPECT_FALSE(ws->devices().device(QStringLiteral("C105E000-0000-4000-8000-000000000003")));
    // Shut down while it was still booting: every process of it is gone.
    EXPECT_TRUE(waitUntil([] { return dt::test::processesMentioning(QStringLiteral("C105E000-0000-4000-8000-000000000003")).isEmpty(); },
                          5000))
        << dt::test::processesMentioning(QStringLiteral("C105E000-0000-4000-8000-000000000003")).join(QLatin1Char('\n')).toStdString();
}

// Quitting with a running device asks the Quit question: Keep Devices Running
// leaves it up for the next deviceterm (its marker says so); closing the
// last tab quits too, so it asks the same.
TEST_F(PromptTest, quittingWithARunningDeviceAsksWhetherToKeepItRunning)
{
    startWithDevices();
    TerminalLaunch sh;
    sh.program = QStringLiteral("/bin/sh");
    const dt::app::TabId only = ws->openTab(window, sh);
    const std::string udid = "C105E000-0000-4000-8000-0000000000AA";
    ws->openDevicePane(ws->tab(only)->primary, dt::devices::DeviceRecord{udid, "Keeper", "phone", {}});
    auto *sim = ws->devices().device(QString::fromStdString(udid));
    ASSERT_TRUE(sim);
    ASSERT_TRUE(waitUntil([&] { return sim->state() == dt::devices::Simulator::State::Rendering; }, 25000));

    // Closing the only tab quits: the Quit question, and Cancel keeps all.
    answerer.answerNext(QStringLiteral("Cancel"));
    main->action(actions::CloseTab)->trigger();
    EXPECT_TRUE(answerer.asked.contains(QStringLiteral("deviceterm quits"))) << answerer.asked.toStdString();
    EXPECT_TRUE(answerer.asked.contains(QStringLiteral("Keeper")));
    ASSERT_TRUE(ws->tab(only));

    answerer.asked.clear();
    answerer.answerNext(QStringLiteral("Keep Devices Running"));
    main->action(actions::Quit)->trigger();
    EXPECT_TRUE(answerer.asked.contains(QStringLiteral("deviceterm quits"))) << answerer.asked.toStdString();
    EXPECT_TRUE(ws->windows().isEmpty());
    EXPECT_FALSE(ws->devices().device(QString::fromStdString(udid))); // let go of, not shut down
    EXPECT_TRUE(dt::devices::readKept(udid));
    EXPECT_FALSE(dt::test::processesMentioning(QString::fromStdString(udid)).isEmpty());
    EXPECT_TRUE(config->value(QStringLiteral("quit-with-sims-default")).isEmpty()); // asked, not remembered
    dt::test::killProcessesMentioning(QString::fromStdString(udid));
}

TEST_F(PromptTest, closingATabOfSeveralPanesAsksOnceAndDontAskAgainIsWritten)
{
    TerminalLaunch bash;
    bash.program = QStringLiteral("/bin/bash");
    bash.arguments = {QStringLiteral("--norc"), QStringLiteral("--noprofile")};
    ws->splitPane(pane, dt::app::SplitTree::Orientation::SideBySide, bash);
    ASSERT_EQ(ws->tab(tab)->layout.panes().size(), 2);
    // Close Pane says what it closes: here only the pane.
    QAction *closePane = main->action(actions::ClosePane);
    main->menuBar()->actions().first()->menu()->aboutToShow();
    EXPECT_EQ(closePane->text().remove(QLatin1Char('&')), QStringLiteral("Close Pane"));
    // Cancel keeps the tab and both panes.
    answerer.answerNext(QStringLiteral("Cancel"));
    main->action(actions::CloseTab)->trigger();
    EXPECT_TRUE(answerer.asked.contains(QStringLiteral("its 2 terminals"))) << answerer.asked.toStdString();
    ASSERT_TRUE(ws->tab(tab));
    EXPECT_EQ(ws->tab(tab)->layout.panes().size(), 2);
    // The last pane of the last tab: the menu says the window goes too.
    ws->closePane(ws->tab(tab)->layout.panes().last());
    main->menuBar()->actions().first()->menu()->aboutToShow();
    EXPECT_EQ(closePane->text().remove(QLatin1Char('&')), QStringLiteral("Close Pane and Window"));
    ws->openTab(window, bash);
    main->tabWidget()->setCurrentIndex(0);
    main->menuBar()->actions().first()->menu()->aboutToShow();
    EXPECT_EQ(closePane->text().remove(QLatin1Char('&')), QStringLiteral("Close Pane and Tab"));
    // Split again; "Close Tab" with "Don't ask again" closes and is written.
    ws->splitPane(ws->tab(tab)->primary, dt::app::SplitTree::Orientation::Stacked, bash);
    answerer.answerNext(QStringLiteral("Close Tab"), true);
    main->action(actions::CloseTab)->trigger();
    EXPECT_FALSE(ws->tab(tab));
    EXPECT_EQ(config->value(QStringLiteral("tab-close-multi-pane")), QStringLiteral("close"));
}

TEST_F(PromptTest, dontAskAgainIsWrittenToTheConfig)
{
    startSleep();
    answerer.answerNext(QStringLiteral("Close"), true);
    main->action(actions::ClosePane)->trigger();
    EXPECT_FALSE(ws->tab(tab));
    EXPECT_EQ(config->value(QStringLiteral("confirm-close")), QStringLiteral("never"));
}

TEST_F(PromptTest, theModelClosingTheWindowUnderAnOpenQuestionDoesNotCrash)
{
    startSleep();
    // While the question is open, the tab goes away through the model (its
    // program exits, or a script closes it); then the user answers.
    QTimer::singleShot(0, [this] {
        ws->closeTab(tab);
        answerer.answerNext(QStringLiteral("Close"));
    });
    main->action(actions::ClosePane)->trigger();
    EXPECT_TRUE(ws->windows().isEmpty());
    // The window is deleted once its dialog's event loop has ended.
    EXPECT_TRUE(waitUntil([&] { return main.isNull(); }));
}

TEST_F(PromptTest, closesFromTheModelNeverAsk)
{
    startSleep();
    // Automation and the shell exiting go straight to the model.
    EXPECT_TRUE(ws->closeTab(tab));
    EXPECT_TRUE(answerer.asked.isEmpty());
}

TEST_F(PromptTest, theSettingsDialogWritesTheConfigAndWindowsFollowIt)
{
    dt::ui::SettingsDialog dialog(*config, main);
    auto *theme = dialog.findChildren<QComboBox *>().at(0); // the theme is the first plain combo box
    for (QComboBox *c : dialog.findChildren<QComboBox *>())
        if (c->findData(QStringLiteral("light")) >= 0)
            theme = c;
    theme->setCurrentIndex(theme->findData(QStringLiteral("light")));
    dialog.accept();
    EXPECT_EQ(config->value(QStringLiteral("theme")), QStringLiteral("light"));
    QFile f(config->path());
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_TRUE(f.readAll().contains("theme = light"));
    // The watcher notices the file and every terminal repaints in the new theme.
    TerminalView *view = main->currentTerminal();
    EXPECT_TRUE(waitUntil([&] {
        return view->palette().color(QPalette::Base) == dt::ui::TerminalTheme::light().background;
    }));
}

TEST_F(PromptTest, everyConfigKeyHasItsWidgetInSettingsAndAnAskEachTimeChoiceUnsetsIt)
{
    dt::ui::SettingsDialog dialog(*config, main);
    for (const QString &key : dt::app::Config::knownKeys())
        EXPECT_NE(dialog.findChild<QWidget *>(key), nullptr) << "no widget for " << key.toStdString();
    // OK with nothing changed writes nothing.
    dialog.accept();
    EXPECT_FALSE(QFile::exists(config->path()) && QFile(config->path()).size() > 0);

    dt::ui::SettingsDialog again(*config, main);
    auto *devices = again.findChild<QComboBox *>(QStringLiteral("tab-close-default"));
    devices->setCurrentIndex(devices->findData(QStringLiteral("shutdown")));
    again.findChild<QSpinBox *>(QStringLiteral("notify-after-seconds"))->setValue(0);
    again.findChild<QCheckBox *>(QStringLiteral("clipboard-write"))->setChecked(false);
    again.accept();
    EXPECT_EQ(config->value(QStringLiteral("tab-close-default")), QStringLiteral("shutdown"));
    EXPECT_EQ(config->value(QStringLiteral("notify-after-seconds")), QStringLiteral("0"));
    EXPECT_EQ(config->value(QStringLiteral("clipboard-write")), QStringLiteral("deny"));

    dt::ui::SettingsDialog third(*config, main);
    auto *ask = third.findChild<QComboBox *>(QStringLiteral("tab-close-default"));
    EXPECT_EQ(ask->currentData().toString(), QStringLiteral("shutdown"));
    ask->setCurrentIndex(0); // ask each time
    third.accept();
    EXPECT_EQ(config->value(QStringLiteral("tab-close-default")), QString());
    QFile f(config->path());
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    EXPECT_FALSE(f.readAll().contains("tab-close-default")) << "unset: its line is gone";
}

} // namespace
