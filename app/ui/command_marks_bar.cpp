// The scroll bar with command ticks (see the header).

#include "app/ui/command_marks_bar.h"

#include <QMouseEvent>
#include <QPainter>
#include <QStyleOptionSlider>

#include <cstdlib>

namespace dt::ui {

namespace {
constexpr int kTickHeight = 2;
constexpr int kClickSlop = 3; // pixels either side of a tick that still hit it
} // namespace

CommandMarksBar::CommandMarksBar(QWidget *parent) : QScrollBar(Qt::Vertical, parent) {}

void CommandMarksBar::setMarks(std::vector<Mark> marks, int64_t firstLine, int64_t lineCount)
{
    lineCount = std::max<int64_t>(1, lineCount);
    if (marks == m_marks && firstLine == m_firstLine && lineCount == m_lineCount)
        return;
    m_marks = std::move(marks);
    m_firstLine = firstLine;
    m_lineCount = lineCount;
    update();
}

void CommandMarksBar::setColors(const QColor &succeeded, const QColor &failed)
{
    m_succeeded = succeeded;
    m_failed = failed;
    update();
}

QRect CommandMarksBar::groove() const
{
    QStyleOptionSlider option;
    initStyleOption(&option);
    return style()->subControlRect(QStyle::CC_ScrollBar, &option, QStyle::SC_ScrollBarGroove, this);
}

int CommandMarksBar::tickY(const Mark &mark) const
{
    const QRect g = groove();
    const double at = double(mark.line - m_firstLine) / double(m_lineCount);
    return g.top() + static_cast<int>(at * (g.height() - kTickHeight));
}

const CommandMarksBar::Mark *CommandMarksBar::markNear(int y) const
{
    const Mark *best = nullptr;
    int bestDistance = kClickSlop + 1;
    for (const Mark &m : m_marks) {
        const int distance = std::abs(tickY(m) + kTickHeight / 2 - y);
        if (distance < bestDistance) {
            best = &m;
            bestDistance = distance;
        }
    }
    return best;
}

void CommandMarksBar::paintEvent(QPaintEvent *e)
{
    QScrollBar::paintEvent(e);
    if (m_marks.empty())
        return;
    QPainter p(this);
    const QRect g = groove();
    const int inset = std::max(1, width() / 5);
    // Successes first, so that a failure where ticks crowd stays visible.
    for (bool failed : {false, true})
        for (const Mark &m : m_marks)
            if (m.failed == failed)
                p.fillRect(QRect(g.left() + inset, tickY(m), g.width() - 2 * inset, kTickHeight),
                           failed ? m_failed : m_succeeded);
}

void CommandMarksBar::mousePressEvent(QMouseEvent *e)
{
    // The handle stays draggable where a tick lies under it.
    QStyleOptionSlider option;
    initStyleOption(&option);
    const bool onHandle = style()->hitTestComplexControl(QStyle::CC_ScrollBar, &option, e->position().toPoint(), this)
                          == QStyle::SC_ScrollBarSlider;
    if (e->button() == Qt::LeftButton && !onHandle)
        if (const Mark *m = markNear(e->position().toPoint().y())) {
            emit markClicked(m->commandId);
            e->accept();
            return;
        }
    QScrollBar::mousePressEvent(e);
}

} // namespace dt::ui
