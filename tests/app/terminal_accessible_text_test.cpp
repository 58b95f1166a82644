// TerminalAccessibleText: the text a screen reader is given, and each
// refresh's change as small as what happened (a typed character, new lines).

#include "app/ui/terminal_accessible_text.h"

#include <gtest/gtest.h>

namespace {

using dt::term::Terminal;
using dt::ui::TerminalAccessibleText;

std::string str(const QString &s)
{
    return s.toStdString();
}

TEST(TerminalAccessibleText, readsHistoryThenTheScreenDownToTheCursor)
{
    Terminal t(4, 20, 100);
    t.feed("one\r\ntwo\r\nthree\r\nfour   \r\n$ ");
    TerminalAccessibleText text;
    const auto first = text.refresh(t);
    EXPECT_EQ(str(text.text()), "one\ntwo\nthree\nfour\n$");
    EXPECT_TRUE(first.reread);
    EXPECT_TRUE(first.inserted.isEmpty()); // nothing to speak as new
    EXPECT_EQ(text.cursorOffset(), text.text().size()); // after "$ ": the end of the line's text
}

TEST(TerminalAccessibleText, aTypedCharacterIsInsertedAlone)
{
    Terminal t(4, 20, 100);
    t.feed("$ ");
    TerminalAccessibleText text;
    text.refresh(t);
    t.feed("l");
    const auto typed = text.refresh(t);
    EXPECT_TRUE(typed.removedAtStart.isEmpty());
    EXPECT_TRUE(typed.removed.isEmpty());
    EXPECT_EQ(str(typed.inserted), " l"); // the space was trimmed while it ended the line
    EXPECT_EQ(typed.at, 1);
    EXPECT_EQ(text.cursorOffset(), 3);
    EXPECT_FALSE(text.refresh(t).any()); // nothing new: nothing to say
}

TEST(TerminalAccessibleText, outputThatScrollsIsAnInsertAtTheEnd)
{
    Terminal t(3, 20, 100);
    t.feed("$ ls");
    TerminalAccessibleText text;
    text.refresh(t);
    t.feed("\r\na\r\nb\r\nc\r\n$ ");
    const auto out = text.refresh(t);
    EXPECT_TRUE(out.removedAtStart.isEmpty());
    EXPECT_TRUE(out.removed.isEmpty());
    EXPECT_EQ(str(out.inserted), "\na\nb\nc\n$");
    EXPECT_EQ(str(text.text()), "$ ls\na\nb\nc\n$");
}

TEST(TerminalAccessibleText, concealedTextIsNotRead)
{
    Terminal t(2, 30, 100);
    t.feed("pin: \x1b[8m1234\x1b[28m ok");
    TerminalAccessibleText text;
    text.refresh(t);
    EXPECT_EQ(str(text.text()), "pin:      ok");
}

TEST(TerminalAccessibleText, historyPastItsBoundLeavesFromTheStart)
{
    Terminal t(2, 20, 10000);
    for (int i = 0; i < TerminalAccessibleText::kHistoryLines + 5; ++i)
        t.feed("line" + std::to_string(i) + "\r\n");
    TerminalAccessibleText text;
    text.refresh(t);
    EXPECT_TRUE(text.text().startsWith(QStringLiteral("line4\n"))) << str(text.text().left(20));
    const QString before = text.text();
    t.feed("more\r\n");
    const auto change = text.refresh(t);
    EXPECT_EQ(str(change.removedAtStart), "line4\n");
    EXPECT_TRUE(change.removed.isEmpty());
    EXPECT_EQ(change.inserted.size(), 5); // "more" and a line break, not the whole screen
    // The change turns the old text into the new one.
    QString applied = before.mid(change.removedAtStart.size());
    applied.replace(change.at, change.removed.size(), change.inserted);
    EXPECT_EQ(str(applied), str(text.text()));
    EXPECT_TRUE(text.text().startsWith(QStringLiteral("line5\n")));
}

TEST(TerminalAccessibleText, aNewWidthOrTheOtherScreenIsReadAfreshWithoutSpeakingItAll)
{
    Terminal t(3, 20, 100);
    t.feed("shell text\r\n$ ");
    TerminalAccessibleText text;
    text.refresh(t);
    t.feed("\x1b[?1049h\x1b[Hfull screen");
    const auto alt = text.refresh(t);
    EXPECT_TRUE(alt.reread);
    EXPECT_TRUE(alt.inserted.isEmpty() && alt.removed.isEmpty() && alt.removedAtStart.isEmpty());
    EXPECT_EQ(str(text.text()), "full screen");
    t.feed("\x1b[?1049l");
    t.resize(3, 30);
    EXPECT_TRUE(text.refresh(t).reread);
    EXPECT_EQ(str(text.text()), "shell text\n$");
    // Taller and back between two refreshes: told to forget, it rereads.
    t.resize(5, 30);
    t.resize(3, 30);
    text.forget();
    EXPECT_TRUE(text.refresh(t).reread);
}

TEST(TerminalAccessibleText, offsetsAndCellsMapBothWaysAcrossWideCharacters)
{
    Terminal t(2, 20, 100);
    t.feed("a\xe4\xb8\xad" "b"); // a, 中 over columns 1-2, b at column 3
    TerminalAccessibleText text;
    text.refresh(t);
    EXPECT_EQ(str(text.text()), "a\xe4\xb8\xad" "b");
    EXPECT_EQ(text.screenCellOf(2), (std::pair{0, 3}));
    EXPECT_EQ(text.offsetOfScreenCell(0, 3), 2);
    EXPECT_EQ(text.offsetOfScreenCell(0, 1), 1);
    EXPECT_EQ(text.cursorOffset(), 3);
}

} // namespace
