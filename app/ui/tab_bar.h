#pragma once

#include <QFont>
#include <QTabBar>

class QMimeData;

namespace dt::ui {

// The tab strip. Besides reordering (QTabBar's own), a tab dragged well
// away from the strip becomes a drag that other windows accept, or that
// makes a new window where it is dropped.
class TabBar : public QTabBar {
    Q_OBJECT
public:
    static constexpr char kMimeType[] = "application/x-deviceterm-tab";

    explicit TabBar(QWidget *parent = nullptr);

    // The tab (its model id) a drop carries, or 0.
    static quint64 tabInMimeData(const QMimeData *mime);

    // As tall with no tab as with one: a window sized before its first tab
    // opens would otherwise lose the bar's height from the grid when the
    // tab comes, and its program would see the grid shrink.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    // The user dragged tab `index` out of the strip.
    void tabDraggedOut(int index);
    // A tab from anywhere was dropped here, before position `index`.
    void tabDropped(quint64 tab, int index);

protected:
    void mousePressEvent(QMouseEvent *e) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void dragEnterEvent(QDragEnterEvent *e) override;
    void dragMoveEvent(QDragMoveEvent *e) override;
    void dropEvent(QDropEvent *e) override;

private:
    int oneTabHeight() const;

    int m_pressedIndex = -1;
    // oneTabHeight for the bar as it was when last asked: laying a new
    // window out asks about 25 times before its first tab, and each answer
    // builds a bar of its own.
    struct OneTab {
        bool documentMode = false;
        bool closable = false;
        bool expanding = false;
        QFont font;
        const QStyle *style = nullptr;
        int height = -1;
    };
    mutable OneTab m_oneTab;
};

} // namespace dt::ui

#include <QTabWidget>

namespace dt::ui {

// A QTabWidget whose strip is a TabBar (QTabWidget::setTabBar is protected).
class TabStrip : public QTabWidget {
    Q_OBJECT
public:
    explicit TabStrip(QWidget *parent = nullptr) : QTabWidget(parent), m_bar(new TabBar(this)) { setTabBar(m_bar); }
    TabBar *bar() const { return m_bar; }

private:
    TabBar *m_bar;
};

} // namespace dt::ui
