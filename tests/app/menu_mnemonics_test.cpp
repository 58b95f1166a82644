// Every menu's mnemonics are unique (Alt+letter reaches one item, not the
// first of several), in English and in German, and the German window uses
// Qt's own translations too.

#include "app/core/config.h"
#include "app/ui/settings_dialog.h"
#include "app/window_fixture.h"

#include <QAbstractButton>
#include <QDialogButtonBox>
#include <QLabel>
#include <QTemporaryDir>
#include <QLibraryInfo>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTranslator>

#include <map>

namespace {

using dt::test::WindowTest;

// The letter after a single '&' ("&&" is a literal ampersand).
QChar mnemonicOf(const QString &text)
{
    for (qsizetype i = 0; i + 1 < text.size(); ++i) {
        if (text[i] != u'&')
            continue;
        if (text[i + 1] == u'&') {
            ++i;
            continue;
        }
        return text[i + 1].toLower();
    }
    return {};
}

// "menu: letter shared by A and B" for each clash in the window's menus.
QStringList clashes(QWidget *window)
{
    QStringList found;
    QList<QMenu *> menus = window->findChildren<QMenu *>();
    if (auto *bar = window->findChild<QMenuBar *>()) {
        std::map<QChar, QString> top;
        for (QAction *a : bar->actions()) {
            const QChar m = mnemonicOf(a->text());
            if (m.isNull())
                continue;
            if (top.count(m))
                found << QStringLiteral("menu bar: '%1' in %2 and %3").arg(m).arg(top[m], a->text());
            top[m] = a->text();
        }
    }
    for (QMenu *menu : menus) {
        std::map<QChar, QString> seen;
        for (QAction *a : menu->actions()) {
            if (a->isSeparator() || !a->isVisible())
                continue;
            const QChar m = mnemonicOf(a->text());
            if (m.isNull())
                continue;
            if (seen.count(m))
                found << QStringLiteral("%1: '%2' in %3 and %4").arg(menu->title(), m, seen[m], a->text());
            seen[m] = a->text();
        }
    }
    return found;
}

// The same for the labels and buttons of the Settings dialog.
QStringList settingsClashes()
{
    QTemporaryDir dir;
    dt::app::Config config(dir.filePath(QStringLiteral("config")));
    dt::ui::SettingsDialog dialog(config);
    std::map<QChar, QString> seen;
    QStringList found;
    QStringList texts;
    for (QLabel *l : dialog.findChildren<QLabel *>())
        texts << l->text();
    for (QAbstractButton *b : dialog.findChildren<QAbstractButton *>())
        texts << b->text();
    for (const QString &text : texts) {
        const QChar m = mnemonicOf(text);
        if (m.isNull())
            continue;
        if (seen.count(m))
            found << QStringLiteral("Settings: '%1' in %2 and %3").arg(m).arg(seen[m], text);
        seen[m] = text;
    }
    return found;
}

TEST_F(WindowTest, everyMenuReachesEachItemByItsOwnLetter)
{
    const QStringList english = clashes(main) + settingsClashes();
    EXPECT_TRUE(english.isEmpty()) << english.join(QLatin1Char('\n')).toStdString();
}

class GermanWindowTest : public WindowTest {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(own.load(QStringLiteral("deviceterm_de"), QStringLiteral(DT_QM_DIR)));
        ASSERT_TRUE(qtbase.load(QLocale(QLocale::German), QStringLiteral("qtbase"), QStringLiteral("_"),
                                QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            << "Qt's own translations (qt6-translations-l10n) are not installed";
        QCoreApplication::installTranslator(&qtbase);
        QCoreApplication::installTranslator(&own);
        WindowTest::SetUp();
    }
    void TearDown() override
    {
        WindowTest::TearDown();
        QCoreApplication::removeTranslator(&own);
        QCoreApplication::removeTranslator(&qtbase);
    }
    QTranslator own, qtbase;
};

TEST_F(GermanWindowTest, everyMenuReachesEachItemByItsOwnLetterInGermanToo)
{
    EXPECT_EQ(main->findChild<QMenuBar *>()->actions().value(0)->text(), QStringLiteral("&Datei"));
    const QStringList german = clashes(main) + settingsClashes();
    EXPECT_TRUE(german.isEmpty()) << german.join(QLatin1Char('\n')).toStdString();
    // Qt's own words are German as well: a standard button says Abbrechen.
    QDialogButtonBox box(QDialogButtonBox::Cancel);
    EXPECT_EQ(box.button(QDialogButtonBox::Cancel)->text().remove(QLatin1Char('&')), QStringLiteral("Abbrechen"));
}

} // namespace
