#pragma once

// A terminal's vertical scroll bar that also shows where each command of
// its history is: one tick per command at its prompt, a failed one in the
// theme's error colour. Clicking a tick asks for that command (the view
// then selects its output) instead of paging.

#include <QColor>
#include <QScrollBar>

#include <cstdint>
#include <vector>

namespace dt::ui {

class CommandMarksBar : public QScrollBar {
    Q_OBJECT
public:
    struct Mark {
        uint64_t commandId = 0;
        int64_t line = 0; // absolute (Terminal::lineAt)
        bool failed = false;
        friend bool operator==(const Mark &, const Mark &) = default;
    };

    explicit CommandMarksBar(QWidget *parent = nullptr);

    // The marks, and the absolute lines the bar stands for: `firstLine`
    // (the oldest line of history) and `lineCount` of them (history and
    // screen). Repaints only when something changed.
    void setMarks(std::vector<Mark> marks, int64_t firstLine, int64_t lineCount);
    const std::vector<Mark> &marks() const { return m_marks; }
    void setColors(const QColor &succeeded, const QColor &failed);
    // Where a mark's tick is drawn, in the bar's coordinates (for tests).
    int tickY(const Mark &mark) const;

signals:
    void markClicked(quint64 commandId);

protected:
    void paintEvent(QPaintEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;

private:
    QRect groove() const;
    const Mark *markNear(int y) const;

    std::vector<Mark> m_marks;
    int64_t m_firstLine = 0;
    int64_t m_lineCount = 1;
    QColor m_succeeded;
    QColor m_failed;
};

} // namespace dt::ui
