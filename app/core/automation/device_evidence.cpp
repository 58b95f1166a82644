// Evidence from a device (DeviceAdaptor's part): recordings of its screen,
// which the session that started them stops (also after the device went
// away: the file is finished then and its summary waits for the stop),
// and its programs' output, read on the workers and followed by waiting
// for the log to grow rather than polling.

#include "app/core/automation/device_adaptor.h"
#include "devicepanes/device_display.h"

#include <QThreadPool>
#include <QTimer>

#include <algorithm>

namespace dt::app {

using dt::devices::DeviceBackend;
using dt::devices::ScreenRecorder;
using dt::rpc::Error;
using dt::rpc::Json;
namespace code = dt::rpc::code;
namespace intent = dt::rpc::intent;

namespace {

// Recordings whose device went away wait for their stop; past this many,
// the oldest finished ones are forgotten (their files stay).
constexpr size_t kFinishedRecordingsKept = 16;

Json summaryJson(const ScreenRecorder::Summary &s)
{
    Json j{{"ok", s.problem.isEmpty()},
           {"path", s.path.toStdString()},
           {"codec", s.codec.toStdString()},
           {"width", s.width},
           {"height", s.height},
           {"framesPerSecond", s.framesPerSecond},
           {"frames", s.frames},
           {"droppedFrames", s.droppedFrames},
           {"durationMillis", s.durationMillis},
           {"ended", s.ended.toStdString()}};
    if (!s.problem.isEmpty())
        j["problem"] = s.problem.toStdString();
    return j;
}

} // namespace

void DeviceAdaptor::startRecording(const std::string &caller, Handle pane, const std::string &path, int framesPerSecond,
                                   AxAnswer done)
{
    dt::devices::DeviceDisplay *display = renderingDisplay(pane);
    if (!display)
        return done(paneNotRendering());
    for (const Recording &r : m_recordings)
        if (r.pane == pane && !r.recorder->summary())
            return done(dt::rpc::intentError(intent::Busy, "the pane is already being recorded into "
                                                               + r.recorder->path().toStdString()
                                                               + " (deviceterm record stop ends it)"));
    // A recording of this pane that ended with its device and was never
    // stopped: its file is complete; a new one takes its place.
    m_recordings.remove_if([pane](const Recording &r) { return r.pane == pane && r.recorder->summary(); });
    Recording recording;
    recording.caller = caller;
    recording.pane = pane;
    QString udid;
    if (const auto row = paneRow(pane)) {
        recording.names = {row->paneId, row->udid};
        if (row->shortId)
            recording.names.push_back(*row->shortId);
        udid = QString::fromStdString(row->udid);
    }
    recording.recorder = std::make_unique<ScreenRecorder>(*display, QString::fromStdString(path), framesPerSecond);
    ScreenRecorder *recorder = recording.recorder.get();
    m_recordings.push_back(std::move(recording));
    // The pane shows it while the file is being written.
    QObject::connect(recorder, &ScreenRecorder::finished, m_context.get(),
                     [this, udid] { m_workspace.devices().setRecording(udid, QString()); });
    recorder->start([this, recorder, path, framesPerSecond, udid, done = std::move(done)](QString problem) {
        if (!problem.isEmpty()) {
            dropRecording(recorder);
            return done(Error{code::InvalidParams, "cannot record: " + problem.toStdString()});
        }
        m_workspace.devices().setRecording(udid, QString::fromStdString(path));
        const QSize size = recorder->videoSize();
        done(Json{{"ok", true},
                  {"path", path},
                  {"width", size.width()},
                  {"height", size.height()},
                  {"framesPerSecond", framesPerSecond}});
    });
    // Forget the oldest recordings that ended by themselves and were never
    // stopped.
    size_t finished = 0;
    for (auto it = m_recordings.rbegin(); it != m_recordings.rend(); ++it)
        if (it->recorder->summary() && ++finished > kFinishedRecordingsKept)
            it->recorder.reset(); // finished: nothing of it runs any more
    m_recordings.remove_if([](const Recording &r) { return !r.recorder; });
}

void DeviceAdaptor::dropRecording(const ScreenRecorder *recorder)
{
    const auto it = std::find_if(m_recordings.begin(), m_recordings.end(),
                                 [recorder](const Recording &r) { return r.recorder.get() == recorder; });
    if (it == m_recordings.end())
        return;
    // Later: this runs inside one of the recorder's own calls.
    it->recorder.release()->deleteLater();
    m_recordings.erase(it);
}

void DeviceAdaptor::endRecordingsOfGoneSessions()
{
    std::vector<ScreenRecorder *> orphans;
    for (const Recording &r : m_recordings)
        if (!m_workspace.terminalOfSession(QString::fromStdString(r.caller)))
            orphans.push_back(r.recorder.get());
    for (ScreenRecorder *recorder : orphans)
        recorder->stop([this, recorder](const ScreenRecorder::Summary &) { dropRecording(recorder); },
                       QStringLiteral("sessionEnded"));
}

void DeviceAdaptor::stopRecording(const std::string &caller, const std::string &paneRef, AxAnswer done)
{
    // The pane as start named it (any of its references), while it is
    // there; else by the names it had (its device may have shut down).
    const auto resolved = paneRef.empty() ? Resolved(dt::rpc::Error{}) : resolveDevicePane(caller, paneRef);
    const Handle *pane = std::get_if<Handle>(&resolved);
    auto named = [&](const Recording &r) {
        if (paneRef.empty())
            return true;
        if (pane)
            return r.pane == *pane;
        return std::any_of(r.names.begin(), r.names.end(),
                           [&](const std::string &n) { return QString::fromStdString(n).compare(QString::fromStdString(paneRef), Qt::CaseInsensitive) == 0; });
    };
    std::vector<ScreenRecorder *> mine;
    std::vector<std::string> described;
    for (bool running : {true, false}) { // a running recording before one that ended by itself
        for (const Recording &r : m_recordings) {
            if (r.caller != caller || !named(r) || running == bool(r.recorder->summary()))
                continue;
            mine.push_back(r.recorder.get());
            described.push_back((r.names.empty() ? std::string("?") : r.names.back()) + " into "
                                + r.recorder->path().toStdString());
        }
        if (!mine.empty())
            break;
    }
    if (mine.empty())
        return done(dt::rpc::intentError(intent::NotFound, paneRef.empty() ? "this session is recording nothing"
                                                                           : "this session is not recording pane '"
                                                                                 + paneRef + "'"));
    if (mine.size() > 1) {
        std::string list;
        for (const std::string &d : described)
            list += (list.empty() ? "" : ", ") + d;
        return done(dt::rpc::intentError(intent::Ambiguous, "several recordings (" + list + "): name one with --pane"));
    }
    ScreenRecorder *recorder = mine.front();
    recorder->stop([this, recorder, done = std::move(done)](const ScreenRecorder::Summary &summary) {
        dropRecording(recorder);
        done(summaryJson(summary));
    });
}

void DeviceAdaptor::logs(Handle pane, const LogQuery &query, AxAnswer done)
{
    const Workspace::Pane *p = m_workspace.pane(pane);
    DeviceBackend *device = p && p->isDevice() ? m_workspace.devices().device(p->deviceUdid) : nullptr;
    dt::devices::DeviceLog *log = device ? device->programLog() : nullptr;
    if (!log)
        return done(Error{code::InvalidParams, "the pane's device has not booted yet: it has no log"});
    std::shared_ptr<dt::devices::LogFiles> files = log->files();
    // Following: wait until something past `since` is written (the count
    // is a cheap stat; the reading itself is the workers').
    if (query.waitMillis > 0 && query.since && files->total() <= *query.since) {
        auto *context = new QObject(m_context.get());
        auto pending = std::make_shared<AxAnswer>(std::move(done));
        auto finish = [this, files, query, pending, context] {
            AxAnswer answer = std::exchange(*pending, nullptr);
            context->deleteLater();
            if (answer)
                readLog(files, query, std::move(answer));
        };
        QObject::connect(log, &dt::devices::DeviceLog::grew, context, [files, query, finish] {
            if (files->total() > *query.since)
                finish();
        });
        QObject::connect(log, &QObject::destroyed, context, finish);
        QTimer::singleShot(std::chrono::milliseconds(query.waitMillis), context, finish);
        return;
    }
    readLog(std::move(files), query, std::move(done));
}

void DeviceAdaptor::readLog(std::shared_ptr<dt::devices::LogFiles> files, const LogQuery &query, AxAnswer done)
{
    m_accessibilityWorkers->start([files = std::move(files), query, done = std::move(done), context = m_context.get()]() mutable {
        const auto slice = files->read(query.since, query.maxBytes);
        Json answer{{"text", slice.text.toStdString()}, {"from", slice.from}, {"next", slice.next}};
        if (slice.skipped > 0)
            answer["skipped"] = slice.skipped;
        QMetaObject::invokeMethod(context, [done = std::move(done), answer = std::move(answer)]() mutable { done(answer); },
                                  Qt::QueuedConnection);
    });
}

} // namespace dt::app
