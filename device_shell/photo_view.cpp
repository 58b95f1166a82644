// The device shell's Photo page: a drawn landscape that a two-finger pinch zooms, with the zoom shown in a
// pill and in the accessible description so tests can read it.

#include "device_shell/photo_view.h"

#include <QGestureEvent>
#include <QPainter>
#include <QPinchGesture>

#include <algorithm>
#include <cmath>

namespace dt::shell {

namespace {
constexpr double kMinZoom = 0.5, kMaxZoom = 5.0;
}

PhotoView::PhotoView(QWidget *parent) : QWidget(parent)
{
    // Pinches come from touches; without this the widget gets none.
    setAttribute(Qt::WA_AcceptTouchEvents);
    grabGesture(Qt::PinchGesture);
    setAccessibleName(QStringLiteral("Photo"));
    setAccessibleDescription(QStringLiteral("Zoom 100%"));
    setMinimumHeight(120);
}

void PhotoView::setZoom(double zoom)
{
    zoom = std::clamp(zoom, kMinZoom, kMaxZoom);
    if (std::abs(zoom - m_zoom) < 1e-6)
        return;
    m_zoom = zoom;
    setAccessibleDescription(QStringLiteral("Zoom %1%").arg(std::lround(m_zoom * 100)));
    update();
    emit zoomChanged(m_zoom);
}

bool PhotoView::event(QEvent *e)
{
    if (e->type() != QEvent::Gesture)
        return QWidget::event(e);
    auto *pinch = static_cast<QPinchGesture *>(static_cast<QGestureEvent *>(e)->gesture(Qt::PinchGesture));
    if (!pinch)
        return QWidget::event(e);
    if (pinch->state() == Qt::GestureStarted)
        m_zoomAtStart = m_zoom;
    if (pinch->changeFlags() & QPinchGesture::ScaleFactorChanged)
        setZoom(m_zoomAtStart * pinch->totalScaleFactor());
    return true;
}

// A landscape: sky, sun, two hills; scaled about the centre by the zoom.
void PhotoView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillRect(rect(), QColor(0x87, 0xce, 0xeb));
    p.translate(width() / 2.0, height() / 2.0);
    p.scale(m_zoom, m_zoom);
    const double s = std::min(width(), height()) / 2.0; // the picture's half size at 100 %
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0xff, 0xd2, 0x3f));
    p.drawEllipse(QPointF(s * 0.35, -s * 0.35), s * 0.22, s * 0.22);
    p.setBrush(QColor(0x3b, 0x7d, 0x3a));
    p.drawEllipse(QPointF(-s * 0.45, s * 0.75), s * 0.9, s * 0.6);
    p.setBrush(QColor(0x2e, 0x63, 0x2d));
    p.drawEllipse(QPointF(s * 0.55, s * 0.85), s * 0.8, s * 0.55);

    // The zoom, in a pill at the bottom left, while it is not 100 %.
    if (std::lround(m_zoom * 100) == 100)
        return;
    p.resetTransform();
    QFont f = font();
    f.setPointSize(14);
    f.setBold(true);
    p.setFont(f);
    const QString text = QStringLiteral("%1 %").arg(std::lround(m_zoom * 100));
    const QSize size = p.fontMetrics().boundingRect(text).size() + QSize(20, 8);
    const QRect pill(QPoint(12, height() - 12 - size.height()), size);
    p.setBrush(QColor(0, 0, 0, 140));
    p.drawRoundedRect(pill, 8, 8);
    p.setPen(Qt::white);
    p.drawText(pill, Qt::AlignCenter, text);
}

} // namespace dt::shell
