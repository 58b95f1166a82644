#pragma once

#include "app/core/person_gesture.h"
#include "app/core/workspace.h"

#include <QPointer>
#include <QTimer>

#include <functional>
#include <vector>
#include <QWidget>

class QPushButton;
class QToolButton;

namespace dt::devices {
class DeviceBackend;
}

namespace dt::ui {

// A device pane: the device's screen, scaled to fit inside a thin bezel
// under a title line, with an overlay while it boots, after it shut down
// (Reboot / Close) or when it failed (the reason, Reboot / Close). The mouse
// is the device's finger (press, drag, hold all pass through), the wheel
// scrolls (turns the crown on a watch) and keys type into it.
class DevicePaneView : public QWidget {
    Q_OBJECT
public:
    DevicePaneView(dt::app::Workspace &workspace, dt::app::PaneId pane, QWidget *parent = nullptr);
    ~DevicePaneView() override;

    dt::app::PaneId paneId() const { return m_pane; }
    // Where the device's screen is drawn, in this widget's coordinates.
    QRect screenRect() const;
    QSize sizeHint() const override;

signals:
    void focusReceived();

protected:
    void paintEvent(QPaintEvent *e) override;
    void resizeEvent(QResizeEvent *e) override;
    void mousePressEvent(QMouseEvent *e) override;
    void mouseMoveEvent(QMouseEvent *e) override;
    void mouseReleaseEvent(QMouseEvent *e) override;
    void wheelEvent(QWheelEvent *e) override;
    void keyPressEvent(QKeyEvent *e) override;
    void focusInEvent(QFocusEvent *e) override;
    void hideEvent(QHideEvent *e) override;

private:
    dt::devices::DeviceBackend *device() const;
    void asPerson(std::function<void(dt::devices::DeviceBackend &device)> act);
    QString udid() const;
    void follow(); // (re)connects to the pane's device
    void updateOverlay();
    QString titleText() const; // the title row: name, kind, state
    QString screenMessage() const; // shown in place of the screen; empty while it renders
    void describeForScreenReaders();
    QPoint toDevice(QPoint at) const; // device pixels, clamped
    QPointF toFraction(QPointF at) const; // of the device's screen, clamped to 0..1
    // Ctrl+drag: two fingers mirrored about where the drag began.
    std::vector<QPointF> twoFingers(QPointF at) const;

    dt::app::Workspace &m_workspace;
    dt::app::PaneId m_pane;
    QPointer<dt::devices::DeviceBackend> m_followed;
    QList<QToolButton *> m_tools; // home, lock, turn left, turn right: top right
    QPushButton *m_reboot;
    QPushButton *m_close;
    bool m_pressed = false;
    dt::app::PressTracker m_person; // what the press makes: a tap, a long press, a swipe
    QPointF m_lastPointer; // of the press on, and when
    qint64 m_lastMillis = 0;
    void finishPress(QPointF at, qint64 millis);
    bool m_twoFingers = false; // a Ctrl+drag is on
    QPointF m_twoFingersFrom; // where it began, as a fraction
    QSize m_shownSize; // of the device's screen when last painted
    QTimer m_settle; // runs while frames keep coming
    bool m_moving = false; // frames came in quick succession: scale fast
};

} // namespace dt::ui
