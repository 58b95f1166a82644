// Links under a cell: those a program marked (OSC 8), URLs and mailto: as
// printed, whole across a wrap, without the sentence's punctuation; and
// only some schemes may be opened.

#include "terminal/core/links.h"
#include "terminal/core/terminal.h"

#include <gtest/gtest.h>

namespace {

using dt::term::GridPos;
using dt::term::linkAt;
using dt::term::Terminal;

std::string urlAt(const Terminal &t, int64_t line, int col)
{
    const auto link = linkAt(t, {line, col});
    return link ? link->url : std::string("(none)");
}

TEST(Links, aUrlIsFoundFromAnyOfItsCells)
{
    Terminal t(3, 80);
    t.feed("see https://example.org/a?b=1#c for more");
    for (int col = 4; col < 31; ++col)
        EXPECT_EQ(urlAt(t, 0, col), "https://example.org/a?b=1#c") << col;
    EXPECT_EQ(urlAt(t, 0, 2), "(none)");
    EXPECT_EQ(urlAt(t, 0, 31), "(none)");
    const auto link = linkAt(t, {0, 10});
    ASSERT_TRUE(link);
    EXPECT_EQ(link->start, (GridPos{0, 4}));
    EXPECT_EQ(link->end, (GridPos{0, 31}));
}

TEST(Links, theSentencesPunctuationAndUnmatchedBracketsAreNotPartOfIt)
{
    Terminal t(6, 80);
    t.feed("(see https://example.org/wiki/A_(b)).\r\n"
           "Visit http://x.org/path, then ftp://files.example.com:21/f.txt!\r\n"
           "<https://angle.example/x> and \"https://quoted.example/y\"\r\n"
           "mail mailto:someone@example.org. or git://host/repo.git");
    EXPECT_EQ(urlAt(t, 0, 10), "https://example.org/wiki/A_(b)");
    EXPECT_EQ(urlAt(t, 1, 10), "http://x.org/path");
    EXPECT_EQ(urlAt(t, 1, 40), "ftp://files.example.com:21/f.txt");
    EXPECT_EQ(urlAt(t, 2, 5), "https://angle.example/x");
    EXPECT_EQ(urlAt(t, 2, 40), "https://quoted.example/y");
    EXPECT_EQ(urlAt(t, 3, 10), "mailto:someone@example.org");
    EXPECT_EQ(urlAt(t, 3, 45), "git://host/repo.git");
}

TEST(Links, wordsThatAreNotUrlsAreNotLinks)
{
    Terminal t(3, 80);
    t.feed("a:b foo://bar http:/x https:// example.org ://x mailto:nobody");
    for (int col = 0; col < 65; ++col)
        EXPECT_EQ(urlAt(t, 0, col), "(none)") << col;
}

TEST(Links, aUrlTheEdgeWrappedIsWhole)
{
    Terminal t(4, 12);
    t.feed("go https://example.org/long/path ok");
    EXPECT_EQ(urlAt(t, 1, 3), "https://example.org/long/path");
    EXPECT_EQ(urlAt(t, 2, 1), "https://example.org/long/path");
    const auto link = linkAt(t, {2, 0});
    ASSERT_TRUE(link);
    EXPECT_EQ(link->start, (GridPos{0, 3}));
    EXPECT_EQ(link->end, (GridPos{2, 8}));
    // A line break is not a wrap: the URL ends with its row.
    Terminal broken(3, 40);
    broken.feed("https://example.org/a\r\nb");
    EXPECT_EQ(urlAt(broken, 0, 3), "https://example.org/a");
    EXPECT_EQ(urlAt(broken, 1, 0), "(none)");
}

TEST(Links, onlyWebAndMailLinksMayBeOpened)
{
    for (const char *yes : {"https://a.b", "HTTP://a.b", "mailto:a@b.c"})
        EXPECT_TRUE(dt::term::isOpenableScheme(yes)) << yes;
    // A file: link could run a launcher through its default handler.
    for (const char *no : {"file:///tmp/x.desktop", "ftp://a.b", "ssh://a.b", "git://a.b", "javascript:alert(1)",
                           "smb://a/b", "x-scheme-handler://z"})
        EXPECT_FALSE(dt::term::isOpenableScheme(no)) << no;
}

TEST(Links, whatIsOpenedIsWhatIsSeen)
{
    // A no-break space looks like a blank: the link ends there, so the
    // "@evil.example" after it cannot turn bank.example into a user name.
    Terminal t(3, 80);
    t.feed("https://bank.example\xc2\xa0@evil.example/x and mailto:me@example.org?attach=/etc/passwd");
    EXPECT_EQ(urlAt(t, 0, 5), "https://bank.example");
    EXPECT_EQ(urlAt(t, 0, 45), "mailto:me@example.org"); // no query a mail program might act on
    // Blanks at the end of a wrapped row (a deleted tail) separate too.
    Terminal gap(3, 20);
    gap.feed("https://good.example@evil.example/\x1b[1;17H\x1b[4P");
    ASSERT_TRUE(gap.screenLine(0).wrapped());
    EXPECT_EQ(urlAt(gap, 0, 5), "https://good.exa");
}

TEST(Links, closingBracketsAreTrimmedQuicklyHoweverMany)
{
    Terminal t(40, 250, 0);
    t.feed("https://a.example/" + std::string(8000, ')'));
    EXPECT_EQ(urlAt(t, 0, 3), "https://a.example/");
}

// A program's link is the run of cells it wrote with it, whatever their
// text, across style changes and a wrap; blanks after it are not part of
// it, and it wins over a URL in its text.
TEST(Links, aLinkTheProgramMarkedCoversTheCellsItWrote)
{
    Terminal t(4, 10);
    t.feed("ab\x1b]8;id=7;file:///etc/hosts\x1b\\my \x1b[1mhosts file\x1b[m\x1b]8;;\x1b\\ x");
    // "ab" + "my hosts file" (13 cells) wraps at 10 columns.
    for (int col : {2, 5, 9}) {
        const auto link = linkAt(t, {0, col});
        ASSERT_TRUE(link) << col;
        EXPECT_TRUE(link->fromProgram);
        EXPECT_EQ(link->url, "file:///etc/hosts");
        EXPECT_EQ(link->start, (GridPos{0, 2}));
        EXPECT_EQ(link->end, (GridPos{1, 5}));
    }
    EXPECT_EQ(linkAt(t, {1, 3})->start, (GridPos{0, 2}));
    EXPECT_EQ(urlAt(t, 0, 1), "(none)");
    EXPECT_EQ(urlAt(t, 1, 5), "(none)"); // the space after it
    EXPECT_EQ(urlAt(t, 1, 6), "(none)");

    Terminal u(2, 40);
    u.feed("\x1b]8;;https://real.example/\x1b\\https://shown.example/\x1b]8;;\x1b\\");
    EXPECT_EQ(urlAt(u, 0, 5), "https://real.example/");
}

// Two links next to each other are two; the same id is the same link.
TEST(Links, neighbouringProgramLinksStayApart)
{
    Terminal t(2, 40);
    t.feed("\x1b]8;;https://a.example/\x1b\\aaa\x1b]8;;https://b.example/\x1b\\bbb\x1b]8;;\x1b\\");
    EXPECT_EQ(linkAt(t, {0, 1})->end, (GridPos{0, 3}));
    EXPECT_EQ(linkAt(t, {0, 4})->start, (GridPos{0, 3}));
    EXPECT_EQ(urlAt(t, 0, 4), "https://b.example/");
}

} // namespace
