#pragma once

#include <QWidget>

namespace dt::shell {

// The shell's "Photo" app: a picture that two fingers zoom (a pinch), the
// one page that needs real multi-finger touch. The zoom shows in the
// picture and in its accessible value.
class PhotoView : public QWidget {
    Q_OBJECT
public:
    explicit PhotoView(QWidget *parent = nullptr);

    double zoom() const { return m_zoom; }
    void setZoom(double zoom);

signals:
    void zoomChanged(double zoom);

protected:
    bool event(QEvent *e) override;
    void paintEvent(QPaintEvent *e) override;

private:
    double m_zoom = 1.0;
    double m_zoomAtStart = 1.0; // when the pinch began
};

} // namespace dt::shell
