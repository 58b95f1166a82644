#pragma once

// A workspace with one window, offscreen, and a shell helper: the fixture
// of the main window's tests.

#include "app/core/workspace.h"
#include "terminal/terminal_session.h"
#include "app/ui/main_window.h"
#include "app/ui/window_manager.h"
#include "support/sh_launch.h"

#include <QPointer>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace dt::test {

using dt::app::ExitAction;
using dt::app::TerminalLaunch;
using dt::app::Workspace;
using dt::ui::MainWindow;

class WindowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        qputenv("SHELL", "/bin/sh");
        Workspace::Settings s;
        s.exitAction = ExitAction::KeepOnError;
        ws = std::make_unique<Workspace>(s);
        manager = std::make_unique<dt::ui::WindowManager>(*ws, MainWindow::Appearance{}, QSize(80, 24));
        window = ws->openWindow();
        main = manager->window(window);
        ASSERT_TRUE(main);
        ASSERT_TRUE(QTest::qWaitForWindowExposed(main));
    }
    void TearDown() override
    {
        manager.reset();
        ws.reset();
    }
    void trigger(const char *id) { main->action(id)->trigger(); }
    std::string screenOf(dt::app::PaneId p) { return ws->session(p)->terminal().screenText(); }

    std::unique_ptr<Workspace> ws;
    std::unique_ptr<dt::ui::WindowManager> manager;
    dt::app::WindowId window = 0;
    QPointer<MainWindow> main;
};

} // namespace dt::test
