// What a device's programs cost (DeviceAdaptor's part): their process
// tree read from /proc twice, sampleMillis apart, on the workers (the GUI
// thread only starts the timer between the readings).

#include "app/core/automation/device_adaptor.h"
#include "base/process_stats.h"

#include <QElapsedTimer>
#include <QThreadPool>
#include <QTimer>

#include <cmath>
#include <map>

namespace dt::app {

using dt::devices::DeviceBackend;
using dt::rpc::Error;
using dt::rpc::Json;
namespace code = dt::rpc::code;

namespace {

std::vector<int> asInts(const std::vector<qint64> &pids)
{
    return std::vector<int>(pids.begin(), pids.end());
}

Json costOf(const std::vector<dt::base::ProcessReading> &before, const std::vector<dt::base::ProcessReading> &after,
            int64_t sampledMillis)
{
    std::map<int, uint64_t> ticksBefore;
    for (const auto &r : before)
        ticksBefore[r.pid] = r.cpuTicks;
    const double ticksPerSecond = double(dt::base::clockTicksPerSecond());
    Json processes = Json::array();
    double cpuTotal = 0;
    uint64_t rssTotal = 0;
    for (const auto &r : after) {
        // A process that started within the sample counts from zero.
        const auto it = ticksBefore.find(r.pid);
        const uint64_t used = r.cpuTicks - std::min(r.cpuTicks, it == ticksBefore.end() ? 0 : it->second);
        const double cpu = sampledMillis > 0 ? double(used) / ticksPerSecond / (double(sampledMillis) / 1000) * 100 : 0;
        cpuTotal += cpu;
        rssTotal += r.rssBytes;
        processes.push_back(Json{{"pid", r.pid},
                                 {"parent", r.parent},
                                 {"command", r.command},
                                 {"cpuPercent", std::round(cpu * 10) / 10},
                                 {"rssBytes", r.rssBytes},
                                 {"threads", r.threads}});
    }
    return Json{{"processes", processes},
                {"cpuPercent", std::round(cpuTotal * 10) / 10},
                {"rssBytes", rssTotal},
                {"sampleMillis", sampledMillis}};
}

} // namespace

void DeviceAdaptor::perf(Handle pane, int sampleMillis, AxAnswer done)
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    DeviceBackend *device = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    if (!device || device->state() != DeviceBackend::State::Rendering)
        return done(paneNotRendering());
    const std::vector<int> roots = asInts(device->programPids());
    if (roots.empty())
        return done(Error{code::InvalidParams, "the device runs no program of its own"});
    QObject *context = m_context.get();
    QThreadPool *workers = m_accessibilityWorkers.get();
    workers->start([roots, sampleMillis, done = std::move(done), context, workers]() mutable {
        auto before = std::make_shared<std::vector<dt::base::ProcessReading>>(dt::base::readProcessTree(roots));
        auto started = std::make_shared<QElapsedTimer>();
        started->start();
        // Back to the GUI thread for the wait (a timer, not a sleeping
        // worker: the pool stays free for accessibility queries).
        QMetaObject::invokeMethod(
            context,
            [roots, sampleMillis, done = std::move(done), context, workers, before, started]() mutable {
                QTimer::singleShot(sampleMillis, context, [roots, done = std::move(done), context, workers, before, started]() mutable {
                    workers->start([roots, done = std::move(done), context, before, started]() mutable {
                        const auto after = dt::base::readProcessTree(roots);
                        Json answer = costOf(*before, after, started->elapsed());
                        QMetaObject::invokeMethod(
                            context, [done = std::move(done), answer = std::move(answer)]() mutable { done(answer); },
                            Qt::QueuedConnection);
                    });
                });
            },
            Qt::QueuedConnection);
    });
}

} // namespace dt::app
