#pragma once

// A window with one tab (a shell that sleeps), on a private data and
// runtime directory, for tests that boot devices beside it.

#include "app/core/workspace.h"
#include "app/ui/main_window.h"
#include "app/ui/window_manager.h"
#include "devicepanes/simulator.h"

#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

namespace dt::test {

using dt::app::Workspace;

class DevicePaneTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        qputenv("XDG_DATA_HOME", dir.filePath(QStringLiteral("data")).toLocal8Bit());
        qputenv("XDG_RUNTIME_DIR", dir.path().toLocal8Bit());
        qputenv("SHELL", "/bin/sh");
        Workspace::Settings s;
        s.deviceTools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
        ws = std::make_unique<Workspace>(s);
        manager = std::make_unique<dt::ui::WindowManager>(*ws, dt::ui::MainWindow::Appearance{}, QSize(80, 24));
        window = ws->openWindow();
        main = manager->window(window);
        main->resize(1100, 800);
        ASSERT_TRUE(QTest::qWaitForWindowExposed(main));
        dt::app::TerminalLaunch l;
        l.program = QStringLiteral("/bin/sh");
        l.arguments = {QStringLiteral("-c"), QStringLiteral("sleep 60")};
        tab = ws->openTab(window, l);
    }
    void TearDown() override
    {
        manager.reset();
        ws.reset();
        qunsetenv("XDG_DATA_HOME");
    }

    QTemporaryDir dir;
    std::unique_ptr<Workspace> ws;
    std::unique_ptr<dt::ui::WindowManager> manager;
    dt::app::WindowId window = 0;
    dt::app::TabId tab = 0;
    dt::ui::MainWindow *main = nullptr;
};

} // namespace dt::test
