#pragma once

// The thin accent border around the focused pane of a tab with several
// panes: four strips laid over the pane's edges (not one widget over the
// whole pane, which would have to be repainted with every frame of output).

#include <QColor>
#include <QPointer>
#include <QWidget>

#include <array>

namespace dt::ui {

class FocusFrame : public QObject {
    Q_OBJECT
public:
    // The strips are children of `host`, which must be an ancestor of every
    // widget the frame is put around.
    explicit FocusFrame(QWidget *host);
    ~FocusFrame() override;

    void setColor(const QColor &color);
    // Around `target`; null hides the frame. Call it again after the target
    // moved to other parents (a rebuilt split tree).
    void follow(QWidget *target);
    QWidget *target() const { return m_target; }
    bool isShown() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void place();

    QWidget *m_host;
    QPointer<QWidget> m_target;
    QList<QPointer<QWidget>> m_watched; // the target and its ancestors below the host
    std::array<QWidget *, 4> m_strips{}; // children of m_host
};

} // namespace dt::ui
