// The device recorder (see screen_recorder.h): capture timing on the GUI
// thread, where the mirror lives; conversion, encoding and writing on the
// recorder's own thread, fed through a queue bounded in bytes so that a
// slow disk can cost frames but never the app's memory.

#include "devicepanes/screen_recorder.h"

#include "devicepanes/device_display.h"
#include "devicepanes/media/video_encoder.h"

#include <exception>

namespace dt::devices {

namespace {
// Pictures waiting for the encoder; past this a change is dropped (and
// counted), the next one is still taken.
constexpr qint64 kMaxQueuedBytes = 96 * 1024 * 1024;
} // namespace

ScreenRecorder::ScreenRecorder(DeviceDisplay &display, QString path, int framesPerSecond, QObject *parent)
    : QObject(parent), m_display(&display), m_path(std::move(path)), m_framesPerSecond(std::max(1, framesPerSecond)),
      m_size(display.size())
{
    m_captureTimer.setSingleShot(true);
    m_captureTimer.setTimerType(Qt::PreciseTimer);
    connect(&m_captureTimer, &QTimer::timeout, this, &ScreenRecorder::capture);
    m_limit.setSingleShot(true);
    connect(&m_limit, &QTimer::timeout, this, [this] { finishRecording(QStringLiteral("timeLimit")); });
}

ScreenRecorder::~ScreenRecorder()
{
    if (m_encoder.joinable()) {
        if (!m_finishing)
            post(Job{Job::Kind::Finish, {}, {}, false, std::max<qint64>(tickNow(), m_lastTick)});
        m_encoder.join();
    }
    // A stop still waiting (its answer was queued to us, and goes with us).
    for (auto &done : std::exchange(m_whenDone, {})) {
        Summary dropped;
        dropped.path = m_path;
        dropped.framesPerSecond = m_framesPerSecond;
        dropped.ended = m_ended.isEmpty() ? QStringLiteral("stopped") : m_ended;
        dropped.problem = QStringLiteral("the recording was dropped before its file was complete");
        done(dropped);
    }
}

qint64 ScreenRecorder::tickNow() const
{
    return m_clock.elapsed() * m_framesPerSecond / 1000;
}

void ScreenRecorder::post(Job job)
{
    {
        std::lock_guard lock(m_lock);
        m_queuedBytes += job.picture.sizeInBytes();
        m_jobs.push_back(std::move(job));
    }
    m_wake.notify_one();
}

void ScreenRecorder::start(std::function<void(QString)> opened)
{
    m_opened = std::move(opened);
    m_clock.start();
    post(Job{Job::Kind::Open, {}, {}, false, 0});
    try {
        m_encoder = std::thread([this] { work(); });
    } catch (const std::exception &e) {
        // No thread to be had (a process or thread limit reached): said as
        // a file that cannot be opened is, and nothing more runs.
        {
            std::lock_guard lock(m_lock);
            m_jobs.clear();
            m_queuedBytes = 0;
        }
        m_finishing = true;
        const QString problem = QStringLiteral("no thread for the encoder (%1)").arg(QString::fromLocal8Bit(e.what()));
        // Complete already: a stop is answered at once, with why.
        Summary summary;
        summary.path = m_path;
        summary.framesPerSecond = m_framesPerSecond;
        summary.problem = problem;
        summary.ended = QStringLiteral("stopped");
        m_summary = summary;
        QMetaObject::invokeMethod(
            this,
            [this, problem] {
                if (auto reply = std::exchange(m_opened, nullptr))
                    reply(problem);
            },
            Qt::QueuedConnection);
        return;
    }
    capture(); // the screen as it is: the first frame, at tick 0
    connect(m_display, &DeviceDisplay::frameChanged, this, &ScreenRecorder::screenChanged);
    connect(m_display, &DeviceDisplay::closing, this, [this] { finishRecording(QStringLiteral("deviceShutDown")); });
    m_limit.start(kMaxMillis);
}

void ScreenRecorder::screenChanged(const QRegion &region)
{
    m_dirty += region;
    if (m_finishing || m_captureTimer.isActive())
        return;
    // The first moment of the next tick: at most one picture per tick.
    const qint64 due = ((m_lastTick + 1) * 1000 + m_framesPerSecond - 1) / m_framesPerSecond;
    const qint64 now = m_clock.elapsed();
    if (now >= due)
        capture();
    else
        m_captureTimer.start(int(due - now));
}

void ScreenRecorder::capture()
{
    if (!m_display)
        return;
    const qint64 tick = std::max(tickNow(), m_lastTick + 1);
    const QImage &screen = m_display->frame();
    Job job{Job::Kind::Frame, {}, {}, false, tick};
    const bool fitted = screen.size() != videoSize();
    if (m_lastTick < 0 || fitted || m_lastFitted) {
        // The whole screen: the first picture, or one to fit in (the
        // device turned), or the first after those.
        job.area = screen.rect();
    } else {
        // Only what changed, on even bounds (4:2:0): copying and
        // converting a label, not the screen, per frame.
        const QRect changed = m_dirty.boundingRect() & screen.rect();
        if (changed.isEmpty())
            return;
        const int left = changed.left() & ~1, top = changed.top() & ~1;
        const int right = std::min((changed.right() + 2) & ~1, screen.width());
        const int bottom = std::min((changed.bottom() + 2) & ~1, screen.height());
        job.part = true;
        job.area = QRect(left, top, right - left, bottom - top);
    }
    // With slack to the right and below (zeros): the converter reads whole
    // vector widths, past a row's end and so past the last row's.
    const QRect withSlack = job.area.adjusted(0, 0, 64, 1);
    bool room = false;
    {
        std::lock_guard lock(m_lock);
        room = m_queuedBytes + qint64(withSlack.width()) * withSlack.height() * 4 <= kMaxQueuedBytes;
    }
    if (!room) {
        // Nothing copied; what changed stays dirty and the next tick's
        // frame carries it.
        ++m_dropped;
        if (!m_captureTimer.isActive())
            m_captureTimer.start(1000 / m_framesPerSecond + 1);
        return;
    }
    job.picture = screen.copy(withSlack);
    m_dirty = QRegion();
    m_lastFitted = fitted;
    post(std::move(job));
    m_lastTick = tick;
}

void ScreenRecorder::stop(std::function<void(Summary)> done, const QString &why)
{
    if (m_summary)
        return done(*m_summary);
    m_whenDone.push_back(std::move(done));
    finishRecording(why);
}

void ScreenRecorder::finishRecording(const QString &why)
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_ended = why;
    m_limit.stop();
    m_durationMillis = m_clock.elapsed();
    m_captureTimer.stop();
    // The screen as it is now ends the file, unless it was taken this tick.
    if (m_display && tickNow() > m_lastTick)
        capture();
    if (m_display)
        disconnect(m_display, nullptr, this, nullptr);
    post(Job{Job::Kind::Finish, {}, {}, false, std::max(tickNow(), m_lastTick)});
}

void ScreenRecorder::work()
{
    std::unique_ptr<dt::media::VideoEncoder> encoder;
    QString problem;
    for (;;) {
        Job job;
        {
            std::unique_lock lock(m_lock);
            m_wake.wait(lock, [this] { return !m_jobs.empty(); });
            job = std::move(m_jobs.front());
            m_jobs.pop_front();
            m_queuedBytes -= job.picture.sizeInBytes();
        }
        switch (job.kind) {
        case Job::Kind::Open: {
            std::string why;
            encoder = dt::media::VideoEncoder::open(
                {m_path.toStdString(), videoSize().width(), videoSize().height(), m_framesPerSecond}, &why);
            const QString opened = encoder ? QString() : QString::fromStdString(why);
            problem = opened; // a stop already waiting says so too
            QMetaObject::invokeMethod(
                this, [this, opened] {
                    if (auto reply = std::exchange(m_opened, nullptr))
                        reply(opened);
                },
                Qt::QueuedConnection);
            break;
        }
        case Job::Kind::Frame:
            if (encoder && problem.isEmpty()) {
                std::string why;
                const uchar *pixels = job.picture.constBits();
                const int stride = int(job.picture.bytesPerLine());
                const QRect &a = job.area;
                const bool added = job.part ? encoder->addPart(pixels, a.x(), a.y(), a.width(), a.height(), stride, job.tick, &why)
                                            : encoder->addFrame(pixels, a.width(), a.height(), stride, job.tick, &why);
                if (!added && !why.empty())
                    problem = QString::fromStdString(why);
            }
            break;
        case Job::Kind::Finish: {
            Summary summary;
            if (encoder) {
                std::string why;
                if (!encoder->finish(job.tick, &why) && problem.isEmpty())
                    problem = QString::fromStdString(why);
                summary.codec = QString::fromLatin1(encoder->codecName());
                summary.frames = encoder->framesWritten();
                summary.width = encoder->options().width;
                summary.height = encoder->options().height;
                encoder.reset();
            }
            summary.problem = problem;
            QMetaObject::invokeMethod(
                this, [this, summary]() mutable {
                    summary.path = m_path;
                    summary.framesPerSecond = m_framesPerSecond;
                    summary.droppedFrames = m_dropped;
                    summary.durationMillis = m_durationMillis;
                    summary.ended = m_ended;
                    m_summary = summary;
                    for (auto &done : std::exchange(m_whenDone, {}))
                        done(summary);
                    emit finished();
                },
                Qt::QueuedConnection);
            return;
        }
        }
    }
}

} // namespace dt::devices
