#pragma once

// A terminal's text as a screen reader reads it: the recent history, then
// the screen down to its last written row or the cursor, one line per row,
// trailing blanks and concealed text left out. Kept up to date from the
// model on demand; each refresh says what changed, as the text removed and
// the text inserted at one place, so a screen reader hears new output and
// typed characters rather than the whole screen again.

#include "terminal/core/terminal.h"

#include <QString>
#include <QStringList>

#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace dt::ui {

class TerminalAccessibleText {
public:
    // How much history a screen reader is given: enough to review what a
    // command printed, bounded so a refresh stays cheap on the GUI thread.
    static constexpr int kHistoryLines = 2000;

    // Old history lines dropped from the start, then at one offset (of the
    // text without those) `removed` replaced by `inserted`. Or, when the
    // text was laid out anew (another width, the other screen), `reread`
    // alone: nothing a screen reader should speak as new.
    struct Change {
        QString removedAtStart;
        int at = 0;
        QString removed;
        QString inserted;
        bool reread = false;
        bool any() const { return reread || !removedAtStart.isEmpty() || !removed.isEmpty() || !inserted.isEmpty(); }
    };

    // Reads the model again; what changed since the last refresh. The
    // first refresh is a reread.
    Change refresh(const dt::term::Terminal &t);
    // The next refresh reads everything afresh: the grid changed size, and
    // lines pulled back from history onto the screen may since have been
    // rewritten and pushed back.
    void forget() { m_columns = -1; }

    const QString &text() const { return m_text; }
    // The cursor's offset in text() (at the end of its line's text when it
    // stands past it).
    int cursorOffset() const { return m_cursorOffset; }
    // Row and column of the screen for an offset, and back: for the
    // character boxes and hit tests. Row -1 when it is in history.
    std::pair<int, int> screenCellOf(int offset) const;
    int offsetOfScreenCell(int row, int col) const;

private:
    // One shown row: its text and the columns its UTF-16 units start at.
    struct Row {
        QString text;
        std::vector<int> columnOfUnit; // per UTF-16 unit of text
    };
    static Row readRow(const dt::term::Line &line);
    void join();

    std::deque<QString> m_history; // absolute lines [m_historyFirst, m_screenFirst)
    int64_t m_historyFirst = 0;
    int64_t m_screenFirst = 0;
    int m_columns = -1;
    bool m_alt = false;
    std::vector<Row> m_screen; // shown screen rows, trailing empty ones dropped
    QString m_text;
    std::vector<int> m_lineStarts; // offset of each line: history, then screen rows
    int m_cursorOffset = 0;
    int m_cursorRow = 0;
    int m_cursorCol = 0;
};

} // namespace dt::ui
