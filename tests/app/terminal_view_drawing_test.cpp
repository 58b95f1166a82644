// What the view draws for the attributes libvterm 0.1.4 does not keep and
// deviceterm does: the five underline styles and the underline colour,
// overline, concealed and blinking text, reverse video of the default
// colours only; and links a program marked (OSC 8), hovered and opened.
// Each is read back from the view's pixels.

#include "app/terminal_view_fixture.h"
#include "app/ui/terminal_theme.h"

#include <QDesktopServices>
#include <QFile>
#include <QTemporaryDir>
#include <QUrl>

namespace {

using dt::test::nothingHappensFor;
using dt::test::TerminalViewTest;
using dt::test::waitUntil;

const QColor kBackground = dt::ui::TerminalTheme::dark().background;

class DrawingTest : public TerminalViewTest {
protected:
    // Prints `bytes` (printf's escapes) on a line of its own after a
    // marker, and returns that line's row once it is painted.
    int printRow(const QString &printfFormat)
    {
        run(QStringLiteral("clear; printf 'MARK\\n%1\\n'").arg(printfFormat));
        const int marker = outputRow("MARK");
        return marker < 0 ? -1 : marker + 1;
    }
    // The pixels of one row of cell `col`, `dy` from the cell's top.
    QList<QColor> rowOfCell(const QImage &img, int row, int col, int dy)
    {
        QList<QColor> out;
        const QPoint o = view->cellOrigin(row, col);
        for (int x = 0; x < view->cellSize().width(); ++x)
            out << img.pixelColor(o.x() + x, o.y() + dy);
        return out;
    }
    int inked(const QList<QColor> &pixels)
    {
        return static_cast<int>(std::count_if(pixels.begin(), pixels.end(), [](const QColor &c) { return c != kBackground; }));
    }
    bool cellHasInk(const QImage &img, int row, int col)
    {
        for (int dy = 0; dy < view->cellSize().height(); ++dy)
            if (inked(rowOfCell(img, row, col, dy)) > 0)
                return true;
        return false;
    }
    int underlineY() const { return view->cellSize().height() - 2; }
};

TEST_F(DrawingTest, underlinesAreDrawnInTheirStylesAndColours)
{
    const int row = printRow(QStringLiteral("\\033[4mSSSS\\033[0m \\033[4:4mDDDD\\033[0m \\033[4:5mAAAAAA\\033[0m "
                                            "\\033[4;58:2::255:0:0mRRRR\\033[0m \\033[53mOOOO\\033[0m"));
    ASSERT_GE(row, 1) << screen();
    ASSERT_TRUE(waitUntil([&] { return cellHasInk(grab(), row, 25); })) << screen();
    const QImage img = grab();
    const int w = view->cellSize().width();
    // Single: the whole width of each cell.
    EXPECT_EQ(inked(rowOfCell(img, row, 1, underlineY())), w);
    // Dotted: about every other pixel; dashed: long runs with gaps.
    const int dotted = inked(rowOfCell(img, row, 6, underlineY())) + inked(rowOfCell(img, row, 7, underlineY()));
    EXPECT_GT(dotted, w / 2);
    EXPECT_LT(dotted, 2 * w - w / 2);
    int dashed = 0;
    for (int col = 10; col < 16; ++col)
        dashed += inked(rowOfCell(img, row, col, underlineY()));
    EXPECT_GT(dashed, 6 * w / 2);
    EXPECT_LT(dashed, 6 * w);
    // The underline colour is its own, the text keeps the default colour.
    for (const QColor &c : rowOfCell(img, row, 18, underlineY()))
        EXPECT_EQ(c, QColor(255, 0, 0));
    // Overline: ink along the cell's top row, where plain text has none.
    EXPECT_EQ(inked(rowOfCell(img, row, 23, 0)), w);
    EXPECT_EQ(inked(rowOfCell(img, row, 1, 0)), 0);
}

TEST_F(DrawingTest, concealedTextIsNotDrawnButIsCopied)
{
    const int row = printRow(QStringLiteral("open \\033[8msecret\\033[28m shut"));
    ASSERT_GE(row, 1) << screen();
    ASSERT_TRUE(waitUntil([&] { return cellHasInk(grab(), row, 13); })) << screen();
    const QImage img = grab();
    for (int col = 5; col < 11; ++col)
        EXPECT_FALSE(cellHasInk(img, row, col)) << "column " << col;
    EXPECT_TRUE(cellHasInk(img, row, 0));
    EXPECT_EQ(session->terminal().screenLine(row).text(0, 11), "open secret");
}

TEST_F(DrawingTest, reverseVideoSwapsOnlyTheDefaultColours)
{
    const int row = printRow(QStringLiteral("\\033[42m  \\033[0m\\033[?5h"));
    ASSERT_GE(row, 1) << screen();
    const auto theme = dt::ui::TerminalTheme::dark();
    const QPoint green = view->cellOrigin(row, 0) + QPoint(2, 2);
    const QPoint plain = view->cellOrigin(row, 5) + QPoint(2, 2);
    ASSERT_TRUE(waitUntil([&] { return grab().pixelColor(plain) == theme.foreground; })) << "DECSCNM not drawn";
    EXPECT_EQ(grab().pixelColor(green), theme.palette[2]) << "a colour the program chose was swapped too";
}

TEST_F(DrawingTest, blinkingTextIsShownAndHiddenInTurn)
{
    const int row = printRow(QStringLiteral("\\033[5mBLINK\\033[0m steady"));
    ASSERT_GE(row, 1) << screen();
    ASSERT_TRUE(waitUntil([&] { return cellHasInk(grab(), row, 7); })) << "the steady text is not drawn";
    bool seenOn = false, seenOff = false;
    EXPECT_TRUE(waitUntil([&] {
        const QImage img = grab();
        (cellHasInk(img, row, 0) ? seenOn : seenOff) = true;
        EXPECT_TRUE(cellHasInk(img, row, 7)); // steady text stays
        return seenOn && seenOff;
    }, 5000));
}

// DECDWL draws the line's cells twice as wide; DECDHL twice as tall too,
// a row showing each half.
TEST_F(DrawingTest, doubleWidthLinesAreDrawnTwiceAsWide)
{
    const int row = printRow(QStringLiteral("AB\\n\\033#6AB"));
    ASSERT_GE(row, 1) << screen();
    // MARK may be parsed before the line after it: wait for that one too.
    ASSERT_TRUE(waitUntil([&] {
        return session->terminal().screenLine(row + 1).lineSize() == dt::term::Line::Size::DoubleWidth;
    })) << screen();
    ASSERT_TRUE(waitUntil([&] { return cellHasInk(grab(), row + 1, 3); })) << "B is not over cells 2 and 3";
    const QImage img = grab();
    EXPECT_FALSE(cellHasInk(img, row, 3)) << "the normal line above stays in two cells";
    EXPECT_FALSE(cellHasInk(img, row + 1, 5));
}

// Receives the links the desktop would open.
class Opened : public QObject {
    Q_OBJECT
public:
    QList<QUrl> urls;
public slots:
    void open(const QUrl &url) { urls << url; }
};

TEST_F(DrawingTest, aLinkTheProgramMarkedIsUnderlinedOnHoverAndOpensWithCtrlClick)
{
    Opened opened;
    QDesktopServices::setUrlHandler(QStringLiteral("https"), &opened, "open");
    QDesktopServices::setUrlHandler(QStringLiteral("file"), &opened, "open");
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString plain = dir.filePath(QStringLiteral("notes.txt"));
    const QString script = dir.filePath(QStringLiteral("run.sh"));
    const QString launcher = dir.filePath(QStringLiteral("app.desktop"));
    for (const QString &path : {plain, script, launcher}) {
        QFile f(path);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(path == launcher ? "[Desktop Entry]\nType=Application\nExec=true\n" : "x\n");
    }
    QFile::setPermissions(script, QFile::permissions(script) | QFileDevice::ExeOwner);

    const int row = printRow(QStringLiteral("\\033]8;;https://example.org/doc\\033\\\\click here\\033]8;;\\033\\\\ "
                                            "\\033]8;;file://%1\\033\\\\notes\\033]8;;\\033\\\\ "
                                            "\\033]8;;file://%2\\033\\\\script\\033]8;;\\033\\\\ "
                                            "\\033]8;;file://%3\\033\\\\app\\033]8;;\\033\\\\")
                                 .arg(plain, script, launcher));
    ASSERT_GE(row, 1) << screen();
    auto underlined = [&](int col) {
        return grab().pixelColor(view->cellOrigin(row, col).x() + 2, view->cellOrigin(row, col).y() + underlineY())
            != kBackground;
    };
    ASSERT_TRUE(waitUntil([&] { return cellHasInk(grab(), row, 11); })) << screen();
    EXPECT_FALSE(underlined(3));
    QTest::mouseMove(view->viewport(), cellCenter(row, 3));
    EXPECT_TRUE(waitUntil([&] { return underlined(0) && underlined(9); })) << "the whole link, whatever its text";
    EXPECT_FALSE(underlined(11));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, cellCenter(row, 3));
    ASSERT_EQ(opened.urls.size(), 1);
    EXPECT_EQ(opened.urls.front(), QUrl(QStringLiteral("https://example.org/doc")));
    // A plain file on this machine is opened, once checked off the GUI thread.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, cellCenter(row, 12));
    EXPECT_TRUE(waitUntil([&] { return opened.urls.size() == 2; }));
    EXPECT_EQ(opened.urls.back(), QUrl::fromLocalFile(plain));
    // An executable one is not, nor a launcher that is not: they could run.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, cellCenter(row, 18));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, Qt::ControlModifier, cellCenter(row, 25));
    EXPECT_TRUE(nothingHappensFor(500, [&] { return opened.urls.size() != 2; }));
    QDesktopServices::unsetUrlHandler(QStringLiteral("https"));
    QDesktopServices::unsetUrlHandler(QStringLiteral("file"));
}

} // namespace

#include "terminal_view_drawing_test.moc"
