// TerminalView's accessible interface in-process: its role, name, text and
// caret, and what each refresh tells a screen reader of new output (Qt
// sends the events only where an assistive technology is on; the text over
// the real AT-SPI bus: tests/devicepanes/terminal_accessibility_test.cpp).

#include "app/terminal_view_fixture.h"
#include "app/ui/terminal_view_accessible.h"

#include <QAccessible>
#include <QAccessibleTextInterface>

namespace {

using dt::test::TerminalViewTest;
using dt::test::waitUntil;

class AccessibleViewTest : public TerminalViewTest {
protected:
    void SetUp() override
    {
        TerminalViewTest::SetUp();
        QObject::connect(view->accessibility(), &dt::ui::TerminalViewAccessibility::textChanged, view,
                         [this](const dt::ui::TerminalAccessibleText::Change &c) { inserted << c.inserted; });
    }
    QStringList inserted; // each refresh's inserted text, in order
};

TEST_F(AccessibleViewTest, isATerminalWhoseTextAndCaretFollowTheScreen)
{
    QAccessibleInterface *a = QAccessible::queryAccessibleInterface(view);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(a->role(), QAccessible::Terminal);
    QAccessibleTextInterface *text = a->textInterface();
    ASSERT_NE(text, nullptr);
    EXPECT_EQ(text->text(0, -1), QStringLiteral("$"));
    EXPECT_EQ(text->cursorPosition(), 1);
    view->setAccessibleName(QStringLiteral("build"));
    EXPECT_EQ(a->text(QAccessible::Name), QStringLiteral("build"));

    run(QStringLiteral("echo sp''oken"));
    ASSERT_TRUE(waitUntil([&] { return text->text(0, -1).contains(QLatin1String("\nspoken\n$")); }))
        << text->text(0, -1).toStdString();
    // Told as it came: the typed characters and the output, never the
    // whole screen again.
    const QString heard = inserted.join(QString());
    EXPECT_TRUE(heard.contains(QLatin1String("spoken"))) << heard.toStdString();
    for (const QString &insert : std::as_const(inserted))
        EXPECT_FALSE(insert.startsWith(QLatin1String("$ echo"))) << insert.toStdString();
    EXPECT_EQ(text->cursorPosition(), text->characterCount());
    // The caret's box is the cursor's cell on the screen.
    const QRect box = text->characterRect(text->text(0, -1).lastIndexOf(QLatin1String("spoken")));
    EXPECT_EQ(box.size(), view->cellSize());
    EXPECT_EQ(view->viewport()->mapFromGlobal(box.topLeft()), view->cellOrigin(1, 0));
}

} // namespace
