#include "app/core/config.h"
#include "support/wait_until.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using dt::app::Config;

void write(const QString &path, const QByteArray &content)
{
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(content);
}

QByteArray read(const QString &path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll();
}

TEST(Config, reportsEachKeysValueAndWhereItCameFrom)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    write(path, "# mine\ntheme = light   # easier on the eyes\nfont-size=14\nquit-with-sims-default = keep\n");
    Config c(path);
    c.load();
    EXPECT_EQ(c.value(QStringLiteral("theme")), QStringLiteral("light"));
    EXPECT_EQ(c.intValue(QStringLiteral("font-size")), 14);
    EXPECT_EQ(c.value(QStringLiteral("scrollback-lines")), QStringLiteral("10000"));
    EXPECT_TRUE(c.warnings().isEmpty());
    QMap<QString, Config::Entry> byKey;
    for (const auto &e : c.entries())
        byKey.insert(e.key, e);
    EXPECT_EQ(byKey[QStringLiteral("theme")].source, QStringLiteral("file"));
    EXPECT_EQ(byKey[QStringLiteral("on-exit")].source, QStringLiteral("default"));
    EXPECT_EQ(byKey[QStringLiteral("on-exit")].value, QStringLiteral("keep-on-error"));
    EXPECT_EQ(byKey[QStringLiteral("tab-close-default")].source, QStringLiteral("unset"));
    EXPECT_TRUE(byKey[QStringLiteral("tab-close-default")].value.isEmpty());
    EXPECT_FALSE(byKey[QStringLiteral("tab-close-default")].note.isEmpty());
    QStringList keys;
    for (const auto &e : c.entries())
        keys << e.key;
    QStringList sorted = keys;
    sorted.sort();
    EXPECT_EQ(keys, sorted);
    EXPECT_TRUE(keys.contains(QStringLiteral("notify-after-seconds")));
    // Keys that did nothing on Linux are gone (an app from a package does not update itself).
    for (const char *gone : {"auto-update", "welcome-messages", "simulator-app-advisory"})
        EXPECT_FALSE(keys.contains(QLatin1String(gone))) << gone;
}

TEST(Config, unknownKeysAndBadValuesAreWarningsAndDefaultsStay)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    write(path, "colour = pink\ntheme = purple\nfont-size = 900\nscrollback-lines = lots\nno equals sign here\n\x01\xff = \n");
    Config c(path);
    c.load();
    EXPECT_EQ(c.value(QStringLiteral("theme")), QStringLiteral("dark"));
    EXPECT_EQ(c.value(QStringLiteral("font-size")), QStringLiteral("11"));
    ASSERT_EQ(c.warnings().size(), 5) << c.warnings().join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(c.warnings().at(0).contains(QStringLiteral("unknown config key: colour")));
    EXPECT_TRUE(c.warnings().at(1).contains(QStringLiteral("purple")));
}

TEST(Config, aMistypedKeyGetsADidYouMean)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    write(path, "fnot-size = 14\nscrollback_lines = 5\nzzz = 1\n");
    Config c(path);
    c.load();
    ASSERT_EQ(c.warnings().size(), 3);
    EXPECT_TRUE(c.warnings().at(0).endsWith(QStringLiteral("unknown config key: fnot-size; did you mean font-size?")))
        << c.warnings().at(0).toStdString();
    EXPECT_TRUE(c.warnings().at(1).endsWith(QStringLiteral("did you mean scrollback-lines?")));
    EXPECT_TRUE(c.warnings().at(2).endsWith(QStringLiteral("unknown config key: zzz")));
}

TEST(Config, aMissingFileMeansDefaults)
{
    QTemporaryDir dir;
    Config c(dir.filePath(QStringLiteral("nope/config")));
    c.load();
    EXPECT_EQ(c.value(QStringLiteral("theme")), QStringLiteral("dark"));
    EXPECT_TRUE(c.warnings().isEmpty());
}

TEST(Config, setUpdatesInPlaceAndKeepsEverythingElse)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("sub/config"));
    Config c(path);
    ASSERT_TRUE(c.set(QStringLiteral("theme"), QStringLiteral("light")));
    EXPECT_EQ(read(path), QByteArray("theme = light\n"));
    write(path, "# header\ntheme = light # old\nfont-size = 12\n");
    ASSERT_TRUE(c.set(QStringLiteral("theme"), QStringLiteral("dark")));
    ASSERT_TRUE(c.set(QStringLiteral("confirm-close"), QStringLiteral("never")));
    EXPECT_EQ(read(path), QByteArray("# header\ntheme = dark\nfont-size = 12\nconfirm-close = never\n"));
    QString error;
    EXPECT_FALSE(c.set(QStringLiteral("theme"), QStringLiteral("neon"), &error));
    EXPECT_FALSE(error.isEmpty());
    EXPECT_FALSE(c.set(QStringLiteral("bogus"), QStringLiteral("1")));
    EXPECT_EQ(c.value(QStringLiteral("confirm-close")), QStringLiteral("never"));
}

TEST(Config, editsToTheFileAreNoticed)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("config"));
    write(path, "theme = dark\n");
    Config c(path);
    c.load();
    c.watch();
    QSignalSpy changed(&c, &Config::changed);
    write(path, "theme = light\n");
    ASSERT_TRUE(dt::test::waitUntil([&] { return changed.count() > 0; }));
    EXPECT_EQ(c.value(QStringLiteral("theme")), QStringLiteral("light"));
}

} // namespace
