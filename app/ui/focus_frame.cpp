// Four accent strips over the edges of the focused pane, following it as it moves, resizes or hides.

#include "app/ui/focus_frame.h"

#include <QEvent>

namespace dt::ui {

namespace {
constexpr int kWidth = 2; // pixels: visible at a glance, covering no whole cell
} // namespace

FocusFrame::FocusFrame(QWidget *host) : QObject(host), m_host(host)
{
    for (QWidget *&strip : m_strips) {
        strip = new QWidget(host);
        strip->setObjectName(QStringLiteral("focusFrame"));
        strip->setAttribute(Qt::WA_TransparentForMouseEvents);
        strip->setAutoFillBackground(true);
        strip->setFocusPolicy(Qt::NoFocus);
        strip->hide();
    }
}

FocusFrame::~FocusFrame() = default;

void FocusFrame::setColor(const QColor &color)
{
    for (QWidget *strip : m_strips) {
        QPalette p = strip->palette();
        p.setColor(QPalette::Window, color);
        strip->setPalette(p);
    }
}

void FocusFrame::follow(QWidget *target)
{
    for (const QPointer<QWidget> &w : std::as_const(m_watched))
        if (w)
            w->removeEventFilter(this);
    m_watched.clear();
    m_target = target;
    // A splitter that moves the target's splitter moves the target on screen
    // without moving it within its parent: watch the whole chain.
    for (QWidget *w = target; w && w != m_host; w = w->parentWidget()) {
        w->installEventFilter(this);
        m_watched.append(w);
    }
    place();
}

bool FocusFrame::isShown() const
{
    return m_strips[0]->isVisible();
}

bool FocusFrame::eventFilter(QObject *watched, QEvent *event)
{
    if (m_watched.contains(qobject_cast<QWidget *>(watched))) {
        switch (event->type()) {
        case QEvent::Move:
        case QEvent::Resize:
        case QEvent::Show:
        case QEvent::Hide:
        case QEvent::ParentChange: place(); break;
        default: break;
        }
    }
    return QObject::eventFilter(watched, event);
}

void FocusFrame::place()
{
    const bool show = m_target && m_target->isVisibleTo(m_host) && m_host->isAncestorOf(m_target);
    if (!show) {
        for (QWidget *strip : m_strips)
            strip->hide();
        return;
    }
    const QRect r(m_target->mapTo(m_host, QPoint(0, 0)), m_target->size());
    const QRect edges[4] = {
        {r.left(), r.top(), r.width(), kWidth},
        {r.left(), r.bottom() + 1 - kWidth, r.width(), kWidth},
        {r.left(), r.top(), kWidth, r.height()},
        {r.right() + 1 - kWidth, r.top(), kWidth, r.height()},
    };
    for (int i = 0; i < 4; ++i) {
        m_strips[size_t(i)]->setGeometry(edges[i]);
        m_strips[size_t(i)]->show();
        m_strips[size_t(i)]->raise();
    }
}

} // namespace dt::ui
