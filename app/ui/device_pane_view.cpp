// A device pane's widget: paints the device's screen in a bezel with title-line tool buttons and a
// boot/shut-down/failed overlay, and turns mouse, wheel and keys into the device's touches and keys.

#include "app/ui/device_pane_view.h"

#include "app/ui/device_menu.h"

#include "devicepanes/simulator.h"
#include "devicepanes/store/device_store.h"

#include <QHBoxLayout>
#include <QIcon>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>
#include <QPushButton>
#include <QToolButton>

#include <algorithm>
#include <cmath>

namespace dt::ui {

using dt::devices::DeviceBackend;

namespace {
constexpr int kTitleHeight = 24;
constexpr int kMargin = 12; // around the bezel
constexpr int kBezel = 10;
const QColor kBezelColour(0x0c, 0x0d, 0x10);
const QColor kRecordingRed(0xe5, 0x3e, 0x3e);

// The X keysym for keys that carry no text.
uint32_t keysymFor(int key)
{
    switch (key) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        return 0xff0d;
    case Qt::Key_Backspace:
        return 0xff08;
    case Qt::Key_Tab:
        return 0xff09;
    case Qt::Key_Escape:
        return 0xff1b;
    case Qt::Key_Delete:
        return 0xffff;
    case Qt::Key_Left:
        return 0xff51;
    case Qt::Key_Up:
        return 0xff52;
    case Qt::Key_Right:
        return 0xff53;
    case Qt::Key_Down:
        return 0xff54;
    case Qt::Key_Home:
        return 0xff50;
    case Qt::Key_End:
        return 0xff57;
    default:
        return 0;
    }
}
} // namespace

DevicePaneView::DevicePaneView(dt::app::Workspace &workspace, dt::app::PaneId pane, QWidget *parent)
    : QWidget(parent), m_workspace(workspace), m_pane(pane), m_reboot(new QPushButton(tr("Reboot"), this)),
      m_close(new QPushButton(tr("Close Pane"), this))
{
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMinimumSize(160, 200);
    m_settle.setSingleShot(true);
    m_settle.setInterval(150);
    connect(&m_settle, &QTimer::timeout, this, [this] {
        if (m_moving) {
            m_moving = false;
            update(screenRect()); // smooth again, now that it holds still
        }
    });
    m_reboot->setObjectName(QStringLiteral("deviceReboot"));
    m_close->setObjectName(QStringLiteral("deviceClose"));
    connect(m_reboot, &QPushButton::clicked, this, [this] {
        const auto *p = m_workspace.pane(m_pane);
        const auto *t = p ? m_workspace.tab(p->tab) : nullptr;
        const auto found = dt::devices::DeviceStore().find(udid().toStdString());
        if (t && std::holds_alternative<dt::devices::DeviceRecord>(found)) {
            const QString owner = m_workspace.devices().owner(udid());
            m_workspace.devices().boot(std::get<dt::devices::DeviceRecord>(found),
                                       owner.isEmpty() ? m_workspace.pane(t->primary)->identity.sessionIdString() : owner);
            follow();
        }
    });
    connect(m_close, &QPushButton::clicked, this, [this] { m_workspace.closePane(m_pane); });
    // The device's own buttons, and turning it, one click away: the device
    // manager's actions, the same the automation server calls.
    using dt::devices::DeviceButton;
    struct Tool {
        const char *name;
        QString icon;
        QString tip;
        std::function<void(dt::app::DeviceManager &, const QString &udid)> act;
    };
    // A person's press or turn: in turn with their other input, and told.
    const auto press = [](DeviceButton button) {
        return [button](dt::app::DeviceManager &d, const QString &u) { d.pressForPerson(u, button); };
    };
    const auto turn = [](bool left) {
        return [left](dt::app::DeviceManager &d, const QString &u) { d.turnForPerson(u, left); };
    };
    const Tool tools[] = {
        {"deviceHome", QStringLiteral(":/icons/device-home.svg"), tr("Home button"), press(DeviceButton::Home)},
        {"deviceLock", QStringLiteral(":/icons/device-lock.svg"), tr("Lock button"), press(DeviceButton::Lock)},
        {"deviceRotateLeft", QStringLiteral(":/icons/device-rotate-left.svg"), tr("Rotate left"), turn(true)},
        {"deviceRotateRight", QStringLiteral(":/icons/device-rotate-right.svg"), tr("Rotate right"), turn(false)},
    };
    for (const Tool &t : tools) {
        auto *b = new QToolButton(this);
        b->setObjectName(QLatin1String(t.name));
        b->setIcon(QIcon(t.icon));
        b->setIconSize(QSize(16, 16));
        b->setToolTip(t.tip);
        b->setAccessibleName(t.tip);
        b->setAutoRaise(true);
        b->setFocusPolicy(Qt::NoFocus);
        b->setFixedSize(kTitleHeight, kTitleHeight);
        connect(b, &QToolButton::clicked, this, [this, act = t.act] { act(m_workspace.devices(), udid()); });
        m_tools << b;
    }
    connect(&m_workspace.devices(), &dt::app::DeviceManager::stateChanged, this, [this](const QString &u) {
        if (u.compare(udid(), Qt::CaseInsensitive) == 0)
            follow();
    });
    connect(&m_workspace.devices(), &dt::app::DeviceManager::recordingChanged, this, [this](const QString &u) {
        if (u.compare(udid(), Qt::CaseInsensitive) != 0)
            return;
        describeForScreenReaders();
        update();
    });
    follow();
}

QString DevicePaneView::udid() const
{
    const auto *p = m_workspace.pane(m_pane);
    return p ? p->deviceUdid : QString();
}

DeviceBackend *DevicePaneView::device() const
{
    return m_workspace.devices().device(udid());
}

void DevicePaneView::follow()
{
    DeviceBackend *sim = device();
    if (sim != m_followed) {
        if (m_followed)
            m_followed->disconnect(this);
        m_followed = sim;
        if (sim)
            connect(sim, &DeviceBackend::frameChanged, this, [this](const QRegion &changed) {
                // A turned device changes shape: repaint the bezel too.
                const QSize now = m_followed && m_followed->display() ? m_followed->display()->size() : QSize();
                if (now != m_shownSize) {
                    m_shownSize = now;
                    updateOverlay();
                    update();
                    return;
                }
                // Frames in quick succession (an animation, a video) are
                // scaled the fast way; once they stop, the screen is
                // painted smooth again (smooth scaling of a TV-sized
                // screen at 60 Hz costs a good part of a core).
                if (m_settle.isActive())
                    m_moving = true;
                m_settle.start();
                // Only what changed, in the pane's coordinates (a pixel
                // more each side: the smooth filter reaches its neighbours).
                const QRect screen = screenRect();
                const double sx = double(screen.width()) / std::max(1, now.width());
                const double sy = double(screen.height()) / std::max(1, now.height());
                for (const QRect &r : changed)
                    update(QRectF(screen.x() + r.x() * sx, screen.y() + r.y() * sy, r.width() * sx, r.height() * sy)
                               .toAlignedRect()
                               .adjusted(-1, -1, 1, 1)
                               .intersected(screen));
            });
    }
    updateOverlay();
    describeForScreenReaders();
    update();
}

void DevicePaneView::updateOverlay()
{
    const DeviceBackend *sim = device();
    const bool down = !sim || sim->state() == DeviceBackend::State::Shutdown || sim->state() == DeviceBackend::State::Failed;
    m_reboot->setVisible(down);
    m_close->setVisible(down);
    for (qsizetype i = 0; i < m_tools.size(); ++i) {
        m_tools[i]->setVisible(!down && sim->state() == DeviceBackend::State::Rendering);
        m_tools[i]->move(width() - kMargin - int(m_tools.size() - i) * kTitleHeight, 0);
    }
    const QRect r = screenRect();
    const int y = r.center().y() + 40;
    m_reboot->adjustSize();
    m_close->adjustSize();
    const int width = m_reboot->width() + 8 + m_close->width();
    m_reboot->move(r.center().x() - width / 2, y);
    m_close->move(m_reboot->x() + m_reboot->width() + 8, y);
}

QRect DevicePaneView::screenRect() const
{
    const DeviceBackend *sim = m_followed;
    QSize device = sim ? QSize(sim->profile().width, sim->profile().height) : QSize(390, 844);
    if (sim && sim->display())
        device = sim->display()->size();
    const QRect room = rect().adjusted(kMargin + kBezel, kTitleHeight + kBezel, -(kMargin + kBezel), -(kMargin + kBezel));
    const QSize fitted = device.scaled(room.size(), Qt::KeepAspectRatio);
    return QRect(room.left() + (room.width() - fitted.width()) / 2, room.top() + (room.height() - fitted.height()) / 2,
                 fitted.width(), fitted.height());
}

QSize DevicePaneView::sizeHint() const
{
    return {420, 640};
}

void DevicePaneView::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    // Around the device, the window's colours (dark or light with the
    // theme, see chrome_style.h); the bezel stays a device's black.
    p.fillRect(rect(), palette().color(QPalette::Window));
    const DeviceBackend *sim = m_followed;
    const QString title = titleText();
    p.setPen(palette().color(QPalette::WindowText));
    // Left of the tool buttons, so a long name never runs under them; a
    // screen being recorded says so there, in red, before anything else.
    QRect titleRect(kMargin, 0, width() - 2 * kMargin - int(m_tools.size()) * kTitleHeight, kTitleHeight);
    if (!m_workspace.devices().recordingOf(udid()).isEmpty()) {
        const QString rec = tr("REC");
        const int recWidth = p.fontMetrics().horizontalAdvance(rec) + kTitleHeight / 2 + 8;
        const QRect recRect(titleRect.right() - recWidth, 0, recWidth, kTitleHeight);
        p.save();
        p.setRenderHint(QPainter::Antialiasing);
        p.setBrush(kRecordingRed);
        p.setPen(Qt::NoPen);
        const int dot = kTitleHeight / 3;
        p.drawEllipse(QRect(recRect.left(), (kTitleHeight - dot) / 2, dot, dot));
        p.setPen(kRecordingRed);
        p.drawText(recRect.adjusted(dot + 4, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, rec);
        p.restore();
        titleRect.setRight(recRect.left() - 8);
    }
    p.drawText(titleRect, Qt::AlignLeft | Qt::AlignVCenter, title);

    const QRect screen = screenRect();
    QPainterPath bezel;
    bezel.addRoundedRect(screen.adjusted(-kBezel, -kBezel, kBezel, kBezel), 16, 16);
    p.setRenderHint(QPainter::Antialiasing);
    p.fillPath(bezel, kBezelColour);
    p.setRenderHint(QPainter::Antialiasing, false);
    if (sim && sim->display() && sim->state() == DeviceBackend::State::Rendering) {
        p.setRenderHint(QPainter::SmoothPixmapTransform, screen.size() != sim->display()->size() && !m_moving);
        p.drawImage(screen, sim->display()->frame());
        return;
    }
    p.fillRect(screen, Qt::black);
    p.setPen(QColor(0xe0, 0xe0, 0xe0));
    p.drawText(screen.adjusted(12, 12, -12, -60), Qt::AlignCenter | Qt::TextWordWrap, screenMessage());
}

void DevicePaneView::resizeEvent(QResizeEvent *)
{
    updateOverlay();
}

QPoint DevicePaneView::toDevice(QPoint at) const
{
    const DeviceBackend *sim = m_followed;
    const QRect screen = screenRect();
    if (!sim || !sim->display() || screen.isEmpty())
        return {};
    const QSize size = sim->display()->size();
    const int x = (at.x() - screen.left()) * size.width() / screen.width();
    const int y = (at.y() - screen.top()) * size.height() / screen.height();
    return {std::clamp(x, 0, size.width() - 1), std::clamp(y, 0, size.height() - 1)};
}

// The mouse is the finger: press, moves and release go through as they
// happen, so a click taps, a drag swipes and holding presses long.
QPointF DevicePaneView::toFraction(QPointF at) const
{
    const QRect screen = screenRect();
    return {std::clamp((at.x() - screen.left()) / std::max(1, screen.width()), 0.0, 1.0),
            std::clamp((at.y() - screen.top()) / std::max(1, screen.height()), 0.0, 1.0)};
}

// The pointer moves one finger; the other mirrors it about where the drag
// began, the two starting a little apart: right spreads them, left closes
// them, up and down turn them.
std::vector<QPointF> DevicePaneView::twoFingers(QPointF at) const
{
    constexpr double kHalfSpread = 0.12;
    const QPointF moved = toFraction(at) - m_twoFingersFrom + QPointF(kHalfSpread, 0);
    auto clamp = [](QPointF p) { return QPointF(std::clamp(p.x(), 0.0, 1.0), std::clamp(p.y(), 0.0, 1.0)); };
    return {clamp(m_twoFingersFrom + moved), clamp(m_twoFingersFrom - moved)};
}

// A person's input reaches the device in order, after any read of what
// was under their last press (see DeviceManager::afterPersonHolds), and
// only while the view still follows a device.
void DevicePaneView::asPerson(std::function<void(DeviceBackend &device)> act)
{
    m_workspace.devices().afterPersonHolds(udid(), [self = QPointer<DevicePaneView>(this), act = std::move(act)] {
        if (self && self->m_followed)
            act(*self->m_followed);
    });
}

void DevicePaneView::mousePressEvent(QMouseEvent *e)
{
    setFocus(Qt::MouseFocusReason);
    DeviceBackend *sim = m_followed;
    if (e->button() != Qt::LeftButton || !sim || !sim->display() || sim->state() != DeviceBackend::State::Rendering
        || !screenRect().contains(e->position().toPoint()))
        return;
    if ((e->modifiers() & Qt::ControlModifier) && sim->multitouch()) {
        m_twoFingers = true;
        m_twoFingersFrom = toFraction(e->position());
        asPerson([fingers = twoFingers(e->position())](DeviceBackend &d) {
            if (d.input())
                d.input()->touchNow(fingers);
        });
        return;
    }
    m_pressed = true;
    const QSize size = sim->display()->size();
    const QPointF at = toFraction(e->position());
    m_person.press(at, qint64(e->timestamp()), double(size.width()) / std::max(1, size.height()));
    m_lastPointer = e->position();
    m_lastMillis = qint64(e->timestamp());
    // The element under the finger is read first, for whoever follows
    // this person's gestures (some controls, tabs among them, act on the
    // press itself), and the press reaches the device once it was.
    asPerson([this, at](DeviceBackend &) { m_workspace.devices().reportPersonPress(udid(), at); });
    asPerson([pixel = toDevice(e->position().toPoint())](DeviceBackend &d) {
        if (!d.display())
            return;
        d.display()->movePointer(pixel);
        d.display()->pressButton(1, true);
    });
}

void DevicePaneView::mouseMoveEvent(QMouseEvent *e)
{
    if (m_twoFingers) {
        asPerson([fingers = twoFingers(e->position())](DeviceBackend &d) {
            if (d.input())
                d.input()->touchNow(fingers);
        });
        return;
    }
    if (!m_pressed)
        return;
    m_person.move(toFraction(e->position()));
    m_lastPointer = e->position();
    m_lastMillis = qint64(e->timestamp());
    asPerson([pixel = toDevice(e->position().toPoint())](DeviceBackend &d) {
        if (d.display())
            d.display()->movePointer(pixel);
    });
}

void DevicePaneView::mouseReleaseEvent(QMouseEvent *e)
{
    if (m_twoFingers && e->button() == Qt::LeftButton) {
        m_twoFingers = false;
        asPerson([this](DeviceBackend &d) {
            if (d.input())
                d.input()->touchNow({});
            m_workspace.devices().reportPersonGesture(udid(), dt::app::PersonGesture(dt::app::PersonGesture::Kind::TwoFingers));
        });
        return;
    }
    if (!m_pressed || e->button() != Qt::LeftButton)
        return;
    finishPress(e->position(), qint64(e->timestamp()));
}

// The finger lifts where the pointer is: after a release, or when the pane
// goes out of sight mid-press (its release will not come), so the device
// is not left pressed and the gesture is told.
void DevicePaneView::finishPress(QPointF at, qint64 millis)
{
    m_pressed = false;
    const auto gesture = m_person.release(toFraction(at), millis);
    asPerson([this, pixel = toDevice(at.toPoint()), gesture](DeviceBackend &d) {
        if (d.display()) {
            d.display()->movePointer(pixel);
            d.display()->pressButton(1, false);
        }
        if (gesture)
            m_workspace.devices().reportPersonGesture(udid(), *gesture);
    });
}

void DevicePaneView::wheelEvent(QWheelEvent *e)
{
    DeviceBackend *sim = m_followed;
    if (!sim || !sim->input() || sim->state() != DeviceBackend::State::Rendering)
        return;
    const int clicks = e->angleDelta().y() / 120;
    const QPointF centre = toFraction(e->position());
    if (clicks == 0)
        return;
    using G = dt::app::PersonGesture;
    // Ctrl+wheel pinches about the pointer (two real fingers, where the app
    // takes them): each click up spreads them by a quarter, down closes them.
    if (e->modifiers() & Qt::ControlModifier) {
        if (!sim->multitouch())
            return;
        const double from = 0.08, to = from * std::pow(1.25, std::clamp(clicks, -4, 4));
        auto finger = [&centre](double dx) { return QPointF(std::clamp(centre.x() + dx, 0.0, 1.0), centre.y()); };
        asPerson([this, a = finger(-from), b = finger(from), c = finger(-to), d = finger(to)](DeviceBackend &device) {
            if (device.input())
                device.input()->pinch(a, b, c, d, 150);
            m_workspace.devices().reportPersonGesture(udid(), G(G::Kind::TwoFingers));
        });
        return;
    }
    asPerson([this, centre, clicks](DeviceBackend &d) {
        if (d.input())
            d.input()->wheel(centre, clicks);
        G scrolled(G::Kind::Scroll);
        scrolled.at = centre;
        scrolled.clicks = clicks;
        m_workspace.devices().reportPersonGesture(udid(), scrolled);
    });
}

void DevicePaneView::keyPressEvent(QKeyEvent *e)
{
    DeviceBackend *sim = m_followed;
    if (!sim || !sim->input() || sim->state() != DeviceBackend::State::Rendering)
        return;
    using G = dt::app::PersonGesture;
    if (const uint32_t sym = keysymFor(e->key())) {
        asPerson([this, sym](DeviceBackend &d) {
            if (d.input())
                d.input()->key(sym);
            G key(G::Kind::Key);
            key.keysym = sym;
            m_workspace.devices().reportPersonGesture(udid(), key);
        });
        return;
    }
    if (!e->text().isEmpty() && e->text().at(0).isPrint()) {
        asPerson([this, text = e->text()](DeviceBackend &d) {
            if (d.input())
                d.input()->text(text);
            G typed(G::Kind::Text);
            typed.text = text;
            m_workspace.devices().reportPersonGesture(udid(), typed);
        });
    }
}

void DevicePaneView::hideEvent(QHideEvent *e)
{
    QWidget::hideEvent(e);
    if (m_pressed)
        finishPress(m_lastPointer, m_lastMillis);
}

DevicePaneView::~DevicePaneView()
{
    // Gone mid-press: the device's finger lifts (nothing else will lift it).
    if (m_pressed && m_followed && m_followed->display())
        m_followed->display()->pressButton(1, false);
}

void DevicePaneView::focusInEvent(QFocusEvent *e)
{
    QWidget::focusInEvent(e);
    emit focusReceived();
}

} // namespace dt::ui
