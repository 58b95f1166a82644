// Waiting on a device instead of sleeping, and its screen as evidence
// (DeviceAdaptor's part): an element appears or goes, the screen settles,
// a screenshot. Waits look again when the device's screen changes (XDamage
// through the mirror), with a slow safety look for changes that draw
// nothing; the GUI thread never waits, and reading the tree stays on the
// accessibility workers.

#include "app/core/automation/device_adaptor.h"
#include "devicepanes/device_display.h"

#include <QBuffer>
#include <QElapsedTimer>
#include <QImage>
#include <QThreadPool>
#include <QTimer>

namespace dt::app {

using dt::devices::DeviceBackend;
using dt::rpc::Error;
using dt::rpc::Json;
namespace code = dt::rpc::code;
namespace intent = dt::rpc::intent;

namespace {

constexpr int kSafetyLookMillis = 1000;

} // namespace

dt::devices::DeviceDisplay *DeviceAdaptor::renderingDisplay(Handle pane) const
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    DeviceBackend *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    return sim && sim->state() == DeviceBackend::State::Rendering ? sim->display() : nullptr;
}

struct DeviceAdaptor::ElementWait {
    Handle pane = 0;
    AxQuery query;
    bool gone = false;
    AxAnswer done;
    QElapsedTimer since;
    std::unique_ptr<QObject> context = std::make_unique<QObject>(); // its timers and connections
    bool looking = false; // a look is on the workers
    bool lookAgain = false; // the screen changed meanwhile
};

void DeviceAdaptor::whenRendering(Handle pane, int64_t timeoutMillis, std::function<void(int64_t left)> then, AxAnswer done)
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    DeviceBackend *sim = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (sim && sim->state() == DeviceBackend::State::Rendering)
        return then(timeoutMillis);
    if (!sim || sim->state() != DeviceBackend::State::Booting)
        return done(paneNotRendering());
    // Booting: a wait right after `sim boot` starts once the device shows.
    auto *context = new QObject(m_context.get());
    auto since = std::make_shared<QElapsedTimer>();
    since->start();
    auto pending = std::make_shared<AxAnswer>(std::move(done));
    const QString udid = p->deviceUdid;
    QObject::connect(&m_workspace.devices(), &DeviceManager::stateChanged, context,
                     [context, udid, pending, then, since, timeoutMillis](const QString &which, DeviceBackend::State state) {
                         if (which != udid || state == DeviceBackend::State::Booting || !*pending)
                             return;
                         AxAnswer done = std::exchange(*pending, nullptr);
                         context->deleteLater();
                         if (state == DeviceBackend::State::Rendering)
                             then(std::max<int64_t>(1, timeoutMillis - since->elapsed()));
                         else
                             done(paneNotRendering());
                     });
    QTimer::singleShot(std::chrono::milliseconds(timeoutMillis), context, [context, pending, timeoutMillis] {
        AxAnswer done = std::exchange(*pending, nullptr);
        context->deleteLater();
        if (done)
            done(dt::rpc::intentError(intent::Timeout, "the device was still booting after " + std::to_string(timeoutMillis)
                                                           + " ms"));
    });
}

void DeviceAdaptor::waitForElement(Handle pane, const AxQuery &finder, bool gone, int64_t timeoutMillis, AxAnswer done)
{
    auto shared = std::make_shared<AxAnswer>(std::move(done));
    whenRendering(
        pane, timeoutMillis,
        [this, pane, finder, gone, shared](int64_t left) { startElementWait(pane, finder, gone, left, std::move(*shared)); },
        [shared](std::variant<Json, Error> answer) { (*shared)(std::move(answer)); });
}

void DeviceAdaptor::startElementWait(Handle pane, const AxQuery &finder, bool gone, int64_t timeoutMillis, AxAnswer done)
{
    dt::devices::DeviceDisplay *display = renderingDisplay(pane);
    if (!display)
        return done(paneNotRendering());
    auto wait = std::make_shared<ElementWait>();
    wait->pane = pane;
    wait->query = finder;
    wait->query.single = false;
    wait->gone = gone;
    wait->done = std::move(done);
    wait->since.start();
    m_elementWaits.push_back(wait);
    const std::weak_ptr<ElementWait> weak = wait;
    QObject::connect(display, &dt::devices::DeviceDisplay::frameChanged, wait->context.get(), [this, weak] {
        if (auto w = weak.lock())
            look(w);
    });
    auto *safety = new QTimer(wait->context.get());
    QObject::connect(safety, &QTimer::timeout, wait->context.get(), [this, weak] {
        if (auto w = weak.lock())
            look(w);
    });
    safety->start(kSafetyLookMillis);
    QTimer::singleShot(std::chrono::milliseconds(timeoutMillis), wait->context.get(), [this, weak, timeoutMillis] {
        if (auto w = weak.lock())
            endWait(w, dt::rpc::intentError(intent::Timeout, std::string(w->gone ? "still shown after " : "nothing matched within ")
                                                                 + std::to_string(timeoutMillis) + " ms: "
                                                                 + describeQuery(w->query)));
    });
    look(wait);
}

void DeviceAdaptor::look(const std::shared_ptr<ElementWait> &wait)
{
    if (wait->looking) {
        wait->lookAgain = true; // once this look is back
        return;
    }
    wait->looking = true;
    const std::weak_ptr<ElementWait> weak = wait;
    accessibility(wait->pane, wait->query, [this, weak](std::variant<Json, Error> answer) {
        auto w = weak.lock();
        if (!w)
            return; // it ended meanwhile
        w->looking = false;
        if (auto *e = std::get_if<Error>(&answer)) {
            // The element a ref named is no longer there: gone, as waited for.
            const bool refGone = w->gone && w->query.ref
                                 && (e->msg.rfind(intent::StaleRef, 0) == 0 || e->msg.rfind(intent::NotFound, 0) == 0);
            if (refGone)
                return endWait(w, Json{{"matches", Json::array()}, {"waitedMillis", w->since.elapsed()}});
            // An app not accessible yet is a "not yet"; a pane that went
            // away or a bad expression is the end of the wait.
            if (e->code != code::BridgeFailed)
                return endWait(w, *e);
        } else {
            Json &found = std::get<Json>(answer);
            const bool shown = !found["matches"].empty();
            if (shown != w->gone) {
                found["waitedMillis"] = w->since.elapsed();
                return endWait(w, std::move(found));
            }
        }
        if (std::exchange(w->lookAgain, false))
            look(w);
    });
}

void DeviceAdaptor::endWait(const std::shared_ptr<ElementWait> &wait, std::variant<Json, Error> answer)
{
    m_elementWaits.remove(wait);
    AxAnswer done = std::move(wait->done);
    // No more looks, no timeout; later, as this may run in one of its slots.
    QObject *context = wait->context.release();
    for (QObject *child : context->children())
        if (auto *timer = qobject_cast<QTimer *>(child))
            timer->stop();
    context->deleteLater();
    if (done)
        done(std::move(answer));
}

void DeviceAdaptor::waitIdle(Handle pane, int quietMillis, int64_t timeoutMillis, AxAnswer done)
{
    auto shared = std::make_shared<AxAnswer>(std::move(done));
    whenRendering(
        pane, timeoutMillis,
        [this, pane, quietMillis, shared](int64_t left) { startIdleWait(pane, quietMillis, left, std::move(*shared)); },
        [shared](std::variant<Json, Error> answer) { (*shared)(std::move(answer)); });
}

void DeviceAdaptor::startIdleWait(Handle pane, int quietMillis, int64_t timeoutMillis, AxAnswer done)
{
    dt::devices::DeviceDisplay *display = renderingDisplay(pane);
    if (!display)
        return done(paneNotRendering());
    // One owner for the timers; it ends with the answer (or with us).
    auto *context = new QObject(m_context.get());
    auto since = std::make_shared<QElapsedTimer>();
    since->start();
    // Answered once, whichever comes first.
    auto pending = std::make_shared<AxAnswer>(std::move(done));
    auto finish = [pending, context](std::variant<Json, Error> answer) {
        AxAnswer done = std::exchange(*pending, nullptr);
        context->deleteLater();
        if (done)
            done(std::move(answer));
    };
    auto *quiet = new QTimer(context);
    quiet->setSingleShot(true);
    QObject::connect(quiet, &QTimer::timeout, context, [finish, since, quietMillis] {
        finish(Json{{"quietMillis", quietMillis}, {"waitedMillis", since->elapsed()}});
    });
    QObject::connect(display, &dt::devices::DeviceDisplay::frameChanged, quiet, [quiet] { quiet->start(); });
    QObject::connect(display, &QObject::destroyed, context, [finish] { finish(paneNotRendering()); });
    QTimer::singleShot(std::chrono::milliseconds(timeoutMillis), context, [finish, quietMillis, timeoutMillis] {
        finish(dt::rpc::intentError(intent::Timeout, "the screen kept changing: never " + std::to_string(quietMillis)
                                                         + " ms without a change within " + std::to_string(timeoutMillis)
                                                         + " ms"));
    });
    quiet->start(quietMillis);
}

void DeviceAdaptor::screenshot(Handle pane, AxAnswer done)
{
    dt::devices::DeviceDisplay *display = renderingDisplay(pane);
    if (!display)
        return done(paneNotRendering());
    // A copy of the mirror's picture (shared until the next damage writes
    // to it); encoding it is the workers' job.
    m_accessibilityWorkers->start([frame = display->frame(), done = std::move(done), context = m_context.get()]() mutable {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        const bool ok = frame.convertToFormat(QImage::Format_RGB32).save(&buffer, "PNG");
        // Within what one answer may carry (the server cuts off a client
        // with more than 8 MiB unread).
        constexpr qsizetype kMaxPng = 5 * 1024 * 1024;
        std::variant<Json, Error> answer =
            !ok ? std::variant<Json, Error>(Error{code::ServerError, "pane.screenshot: the picture could not be encoded"})
            : png.size() > kMaxPng
                ? std::variant<Json, Error>(Error{code::ServerError, "pane.screenshot: the picture is too large to send ("
                                                                         + std::to_string(png.size()) + " bytes as PNG)"})
                : std::variant<Json, Error>(
                      Json{{"png", png.toBase64().toStdString()}, {"width", frame.width()}, {"height", frame.height()}});
        QMetaObject::invokeMethod(context, [done = std::move(done), answer = std::move(answer)]() mutable { done(std::move(answer)); },
                                  Qt::QueuedConnection);
    });
}

} // namespace dt::app
