// The device evidence methods: a recording of the screen (started and
// ended; the file is the app's to write, the answers come once it is open
// and once it is complete) and the output of the device's programs.

#include "rpc/server/handlers/device_evidence.h"

#include "rpc/contract/evidence_params.h"

namespace dt::rpc {

void addDeviceEvidence(Dispatcher &d, DevicePort &port)
{
    d.add<RecordStartParams>([&port](CallContext &c, const RecordStartParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        return Later{[&port, caller = *c.sessionId, pane = std::get<Handle>(pane), p](Answer answer) {
            port.startRecording(caller, pane, p.path, p.framesPerSecond, std::move(answer));
        }};
    });
    // Not resolved here: the recorded pane may have closed with its device.
    d.add<RecordStopParams>([&port](CallContext &c, const RecordStopParams &p) -> HandlerResult {
        return Later{[&port, caller = *c.sessionId, p](Answer answer) { port.stopRecording(caller, p.pane, std::move(answer)); }};
    });
    d.add<PerfParams>([&port](CallContext &c, const PerfParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        return Later{[&port, pane = std::get<Handle>(pane), p](Answer answer) { port.perf(pane, p.sampleMillis, std::move(answer)); }};
    });
    d.add<LogsParams>([&port](CallContext &c, const LogsParams &p) -> HandlerResult {
        const auto pane = port.resolveDevicePane(*c.sessionId, p.pane);
        if (auto *e = std::get_if<Error>(&pane))
            return *e;
        DevicePort::LogQuery q;
        q.since = p.since;
        q.maxBytes = p.maxBytes;
        q.waitMillis = p.waitMillis;
        return Later{[&port, pane = std::get<Handle>(pane), q](Answer answer) { port.logs(pane, q, std::move(answer)); }};
    });
}

} // namespace dt::rpc
