// The config file's warnings reach the window: a bar at its top, once,
// until dismissed or fixed.

#include "app/core/config.h"
#include "app/core/workspace.h"
#include "app/ui/config_warning_bar.h"
#include "app/ui/main_window.h"
#include "app/ui/window_manager.h"
#include "support/wait_until.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <gtest/gtest.h>

namespace {

using dt::test::waitUntil;

void write(const QString &path, const char *text)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

TEST(ConfigWarningBar, aMistakeInTheFileShowsInTheWindowUntilDismissedOrFixed)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    write(path, "them = light\n");
    dt::app::Config config(path);
    config.load();
    config.watch();
    dt::app::Workspace ws(dt::app::Workspace::Settings{});
    dt::ui::WindowManager windows(ws, dt::ui::MainWindow::Appearance{}, QSize(80, 24), &config);
    const auto id = ws.openWindow();
    dt::ui::MainWindow *main = windows.window(id);
    ASSERT_TRUE(main);
    ASSERT_TRUE(QTest::qWaitForWindowExposed(main));
    auto *bar = main->findChild<dt::ui::ConfigWarningBar *>();
    ASSERT_TRUE(bar);
    EXPECT_TRUE(bar->isVisible());
    EXPECT_TRUE(bar->text().contains(QStringLiteral("did you mean theme?"))) << bar->text().toStdString();
    EXPECT_TRUE(bar->text().contains(path));

    bar->findChild<QToolButton *>()->click();
    EXPECT_FALSE(bar->isVisible()) << "dismissed";

    // A new mistake comes back; a fixed file takes the bar away.
    write(path, "theme = purple\n");
    ASSERT_TRUE(waitUntil([&] { return bar->isVisible(); })) << "a new warning is shown again";
    EXPECT_TRUE(bar->text().contains(QStringLiteral("purple")));
    write(path, "theme = light\n");
    EXPECT_TRUE(waitUntil([&] { return !bar->isVisible(); }));
}

} // namespace
