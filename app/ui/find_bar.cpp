// The find bar under a terminal: searches its screen and scrollback as the text changes, highlights every
// hit, and steps through them with Enter, Shift+Enter or the arrows.

#include "app/ui/find_bar.h"

#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace dt::ui {

FindBar::FindBar(QWidget *parent)
    : QWidget(parent), m_edit(new QLineEdit(this)), m_caseSensitive(new QCheckBox(tr("Match &case"), this)),
      m_count(new QLabel(this))
{
    // It floats over the terminal: opaque, and framed so it reads as a bar.
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::Window);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    m_edit->setPlaceholderText(tr("Find in terminal"));
    m_edit->setAccessibleName(tr("Find in terminal"));
    m_edit->setClearButtonEnabled(true);
    m_edit->installEventFilter(this);
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+Enter)"));
    previous->setAccessibleName(tr("Previous match"));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (Enter)"));
    next->setAccessibleName(tr("Next match"));
    auto *closeButton = new QToolButton(this);
    closeButton->setText(QStringLiteral("×"));
    closeButton->setToolTip(tr("Close (Escape)"));
    closeButton->setAccessibleName(tr("Close the find bar"));
    layout->addWidget(m_edit, 1);
    layout->addWidget(previous);
    layout->addWidget(next);
    layout->addWidget(m_caseSensitive);
    layout->addWidget(m_count);
    layout->addWidget(closeButton);

    connect(m_edit, &QLineEdit::textChanged, this, &FindBar::search);
    connect(m_caseSensitive, &QCheckBox::toggled, this, &FindBar::search);
    connect(previous, &QToolButton::clicked, this, &FindBar::findPrevious);
    connect(next, &QToolButton::clicked, this, &FindBar::findNext);
    connect(closeButton, &QToolButton::clicked, this, &FindBar::close);
    hide();
}

QString FindBar::text() const
{
    return m_edit->text();
}

void FindBar::openFor(TerminalView *view)
{
    if (m_view && m_view != view)
        m_view->clearSearchMatches();
    if (m_view != view) {
        disconnect(m_gridChanged);
        if (view)
            m_gridChanged = connect(view, &TerminalView::gridSizeChanged, this, [this] {
                if (isVisible())
                    search();
            });
    }
    m_view = view;
    QWidget::show();
    m_edit->setFocus(Qt::ShortcutFocusReason);
    m_edit->selectAll();
    search();
}

void FindBar::close()
{
    if (m_view) {
        m_view->clearSearchMatches();
        m_view->setFocus(Qt::OtherFocusReason);
    }
    m_matches.clear();
    m_current = -1;
    hide();
}

void FindBar::search()
{
    if (!m_view || !m_view->session()) {
        m_matches.clear();
        show(-1);
        return;
    }
    m_matches = dt::term::findAll(m_view->session()->terminal(), m_edit->text().toStdString(), m_caseSensitive->isChecked());
    // Start from the newest hit: what scrolled by last is most likely wanted.
    show(m_matches.empty() ? -1 : static_cast<int>(m_matches.size()) - 1);
}

void FindBar::step(int direction)
{
    if (m_matches.empty())
        return;
    const int n = static_cast<int>(m_matches.size());
    show(((m_current < 0 ? n : m_current) + direction + n) % n);
}

void FindBar::show(int current)
{
    m_current = current;
    if (m_view)
        m_view->setSearchMatches(m_matches, current);
    if (m_edit->text().isEmpty())
        m_count->clear();
    else if (m_matches.empty())
        m_count->setText(tr("No matches"));
    else
        m_count->setText(tr("%1 of %2").arg(current + 1).arg(m_matches.size()));
}

bool FindBar::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_edit && event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        switch (key->key()) {
        case Qt::Key_Return:
        case Qt::Key_Enter:
            step(key->modifiers() & Qt::ShiftModifier ? -1 : +1);
            return true;
        case Qt::Key_Up:
            findPrevious();
            return true;
        case Qt::Key_Down:
            findNext();
            return true;
        case Qt::Key_Escape:
            close();
            return true;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace dt::ui
