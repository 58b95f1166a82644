// The tab strip's drag handling: reordering within a band around the strip, dragging a tab out beyond it,
// and accepting tabs dropped from other windows via a private MIME type.

#include "app/ui/tab_bar.h"

#include <QDragEnterEvent>
#include <QMimeData>
#include <QMouseEvent>

namespace dt::ui {

TabBar::TabBar(QWidget *parent) : QTabBar(parent)
{
    setAcceptDrops(true);
}

quint64 TabBar::tabInMimeData(const QMimeData *mime)
{
    return mime && mime->hasFormat(QString::fromLatin1(kMimeType)) ? mime->data(QString::fromLatin1(kMimeType)).toULongLong()
                                                                   : 0;
}

void TabBar::mousePressEvent(QMouseEvent *e)
{
    m_pressedIndex = e->button() == Qt::LeftButton ? tabAt(e->position().toPoint()) : -1;
    QTabBar::mousePressEvent(e);
}

void TabBar::mouseMoveEvent(QMouseEvent *e)
{
    // Within a band around the strip the drag reorders tabs; beyond it the
    // tab is being taken somewhere else.
    const int band = height();
    if (m_pressedIndex >= 0 && (e->buttons() & Qt::LeftButton)
        && !rect().adjusted(0, -band, 0, band).contains(e->position().toPoint())) {
        const int index = m_pressedIndex;
        m_pressedIndex = -1;
        // End QTabBar's own move first, so the tab snaps back into place.
        QMouseEvent release(QEvent::MouseButtonRelease, e->position(), e->globalPosition(), Qt::LeftButton,
                            Qt::NoButton, e->modifiers());
        QTabBar::mouseReleaseEvent(&release);
        emit tabDraggedOut(index);
        return;
    }
    QTabBar::mouseMoveEvent(e);
}

void TabBar::dragEnterEvent(QDragEnterEvent *e)
{
    if (tabInMimeData(e->mimeData()))
        e->acceptProposedAction();
}

void TabBar::dragMoveEvent(QDragMoveEvent *e)
{
    if (tabInMimeData(e->mimeData()))
        e->acceptProposedAction();
}

void TabBar::dropEvent(QDropEvent *e)
{
    const quint64 tab = tabInMimeData(e->mimeData());
    if (!tab)
        return;
    int index = tabAt(e->position().toPoint());
    if (index < 0)
        index = count();
    e->acceptProposedAction();
    emit tabDropped(tab, index);
}

// The height of this bar with one ordinary tab.
int TabBar::oneTabHeight() const
{
    const bool same = m_oneTab.height >= 0 && m_oneTab.documentMode == documentMode()
        && m_oneTab.closable == tabsClosable() && m_oneTab.expanding == expanding() && m_oneTab.font == font()
        && m_oneTab.style == style();
    if (same)
        return m_oneTab.height;
    QTabBar probe;
    probe.setDocumentMode(documentMode());
    probe.setTabsClosable(tabsClosable());
    probe.setExpanding(expanding());
    probe.setFont(font());
    probe.addTab(QStringLiteral("deviceterm"));
    m_oneTab = {documentMode(), tabsClosable(), expanding(), font(), style(), probe.sizeHint().height()};
    return m_oneTab.height;
}

QSize TabBar::sizeHint() const
{
    QSize s = QTabBar::sizeHint();
    if (count() == 0)
        s.setHeight(std::max(s.height(), oneTabHeight()));
    return s;
}

QSize TabBar::minimumSizeHint() const
{
    QSize s = QTabBar::minimumSizeHint();
    if (count() == 0)
        s.setHeight(std::max(s.height(), oneTabHeight()));
    return s;
}

} // namespace dt::ui
