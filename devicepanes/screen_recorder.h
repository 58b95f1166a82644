#pragma once

// Records a device's screen into a video file: the mirror's picture each
// time it changes, at most once per tick of the frame clock (the device's
// frame rate), handed to an encoder on a thread of its own. A still screen
// costs nothing and writes nothing; the file still lasts as long as the
// recording. If the device shuts down, the file is finished with the last
// picture and stays playable.

#include <QElapsedTimer>
#include <QImage>
#include <QObject>
#include <QPointer>
#include <QRegion>
#include <QString>
#include <QTimer>

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

namespace dt::devices {

class DeviceDisplay;

class ScreenRecorder : public QObject {
    Q_OBJECT
public:
    struct Summary {
        QString path, codec;
        QString problem; // why the file may be incomplete (a write failed), or empty
        int width = 0, height = 0, framesPerSecond = 0;
        qint64 frames = 0; // written to the file
        qint64 droppedFrames = 0; // pictures the encoder could not keep up with
        qint64 durationMillis = 0;
        // How it ended: "stopped", "deviceShutDown" (before the stop),
        // "timeLimit" (kMaxMillis), or what stop(…, why) said.
        QString ended;
    };
    // A recording nobody stops ends by itself after this long.
    static constexpr int kMaxMillis = 2 * 3600 * 1000;

    // Records `display` into `path` (.webm, .mkv or .mp4) at the size the
    // screen has now.
    ScreenRecorder(DeviceDisplay &display, QString path, int framesPerSecond, QObject *parent = nullptr);
    // Finishes the file first (waits for the encoder: at quit, not during).
    ~ScreenRecorder() override;

    // Opens the file on the encoder's thread; `opened` gets "" or why it
    // could not, later, on this thread. After a failure nothing more runs.
    void start(std::function<void(QString problem)> opened);
    // Ends the recording with the screen as it is now; `done` gets the
    // summary once the file is complete (at once if it already is).
    // `why` becomes the summary's `ended`.
    void stop(std::function<void(Summary)> done, const QString &why = QStringLiteral("stopped"));
    // The summary, once the file is complete.
    const std::optional<Summary> &summary() const { return m_summary; }
    const QString &path() const { return m_path; }
    // The video's size: the screen's at the start, made even (4:2:0
    // halves it).
    QSize videoSize() const { return QSize(m_size.width() & ~1, m_size.height() & ~1); }

signals:
    // The file is complete: after stop(), or because the screen went away.
    void finished();

private:
    struct Job {
        enum class Kind { Open, Frame, Finish } kind = Kind::Frame;
        QImage picture; // the whole screen, or (part) what changed, with slack
        QRect area; // of the screen, in the picture at (0, 0)
        bool part = false;
        qint64 tick = 0;
    };
    void screenChanged(const QRegion &region);
    void capture();
    void finishRecording(const QString &why);
    void post(Job job);
    void work(); // the encoder's thread
    qint64 tickNow() const;

    QPointer<DeviceDisplay> m_display;
    const QString m_path;
    const int m_framesPerSecond;
    QSize m_size;
    QElapsedTimer m_clock;
    QTimer m_captureTimer; // the next tick a change may be captured at
    QRegion m_dirty; // changed since the last capture
    bool m_lastFitted = false; // the last frame was fitted in whole
    qint64 m_lastTick = -1; // of the last picture handed to the encoder
    bool m_finishing = false;
    QString m_ended;
    QTimer m_limit;
    qint64 m_durationMillis = 0; // from the start to the stop
    std::function<void(QString)> m_opened;
    std::vector<std::function<void(Summary)>> m_whenDone;
    std::optional<Summary> m_summary;

    // Shared with the encoder's thread, under m_lock.
    std::mutex m_lock;
    std::condition_variable m_wake;
    std::deque<Job> m_jobs;
    qint64 m_queuedBytes = 0;
    qint64 m_dropped = 0; // counted on this thread
    std::thread m_encoder;
};

} // namespace dt::devices
