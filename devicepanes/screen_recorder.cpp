// The device recorder (see screen_recorder.h): capture timing on the GUI
// thread, where the mirror lives; conversion, encoding and writing on the
// recorder's own thread, fed through a queue bounded in bytes so that a
// slow disk can cost frames but never the app's memory.

#include "devicepanes/screen_recorder.h"

#include "devicepanes/device_display.h"
#include "devicepanes/media/video_encoder.h"

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
}

ScreenRecorder::~ScreenRecorder()
{
    if (m_encoder.joinable()) {
        if (!m_finishing)
            post(Job{Job::Kind::Finish, {}, std::max<qint64>(tickNow(), m_lastTick)});
        m_encoder.join();
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
    post(Job{Job::Kind::Open, {}, 0});
    m_encoder = std::thread([this] { work(); });
    capture(); // the screen as it is: the first frame, at tick 0
    connect(m_display, &DeviceDisplay::frameChanged, this, &ScreenRecorder::screenChanged);
    connect(m_display, &DeviceDisplay::closing, this, [this] { finishRecording(true); });
}

void ScreenRecorder::screenChanged()
{
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
    bool room = false;
    {
        std::lock_guard lock(m_lock);
        room = m_queuedBytes + m_display->frame().sizeInBytes() <= kMaxQueuedBytes;
    }
    if (!room) {
        ++m_dropped;
        return;
    }
    // A shallow copy: the mirror's next damage copies it before writing.
    post(Job{Job::Kind::Frame, m_display->frame(), tick});
    m_lastTick = tick;
}

void ScreenRecorder::stop(std::function<void(Summary)> done)
{
    if (m_summary)
        return done(*m_summary);
    m_whenDone.push_back(std::move(done));
    finishRecording(false);
}

void ScreenRecorder::finishRecording(bool screenGone)
{
    if (m_finishing)
        return;
    m_finishing = true;
    m_screenGone = screenGone;
    m_durationMillis = m_clock.elapsed();
    m_captureTimer.stop();
    // The screen as it is now ends the file, unless it was taken this tick.
    if (m_display && tickNow() > m_lastTick)
        capture();
    if (m_display)
        disconnect(m_display, nullptr, this, nullptr);
    post(Job{Job::Kind::Finish, {}, std::max(tickNow(), m_lastTick)});
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
                const QImage &picture = job.picture;
                if (!encoder->addFrame(picture.constBits(), picture.width(), picture.height(), int(picture.bytesPerLine()),
                                       job.tick, &why)
                    && !why.empty())
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
                    summary.screenGone = m_screenGone;
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
