// The module's encoder: screen frames into a video file with libavformat,
// libavcodec and libswscale (see video_encoder.h), built as
// libdeviceterm-media.so and loaded when a recording first opens. VP8 is
// tuned for real time (the recorder must keep up at 60 Hz on one core's
// share); H.264 uses x264's fastest preset. Pictures are converted to YUV
// 4:2:0, fitted with black bars when the screen's size changed (a device
// turned) since the start.

#include "devicepanes/media/video_encoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/imgutils.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace dt::media {

namespace {

std::string errorText(int code)
{
    char text[AV_ERROR_MAX_STRING_SIZE] = {};
    av_strerror(code, text, sizeof text);
    return text;
}

bool failed(std::string *why, const std::string &what)
{
    if (why)
        *why = what;
    return false;
}

// The codecs to try for a container, best first.
std::vector<const char *> codecsFor(const std::string &format)
{
    if (format == "mp4")
        return {"libx264", "mpeg4"};
    return {"libvpx"};
}

class LibavVideoEncoder final : public VideoEncoder {
public:
    static std::unique_ptr<LibavVideoEncoder> open(const Options &options, std::string *why);
    ~LibavVideoEncoder() override;

    bool addFrame(const uint8_t *pixels, int width, int height, int bytesPerLine, int64_t tick, std::string *why) override;
    bool addPart(const uint8_t *pixels, int x, int y, int width, int height, int bytesPerLine, int64_t tick,
                 std::string *why) override;
    bool finish(int64_t tick, std::string *why) override;
    const char *codecName() const override;

private:
    struct Parts; // the libav contexts
    explicit LibavVideoEncoder(Options options);
    bool encode(bool flush, std::string *why);
    // Converts a picture into the frame's planes at (x, y), fitW x fitH.
    bool convert(const uint8_t *pixels, int width, int height, int bytesPerLine, int x, int y, int fitW, int fitH,
                 std::string *why);
    bool send(int64_t tick, std::string *why);

    std::unique_ptr<Parts> m_parts;
    bool m_finished = false;
};

} // namespace

struct LibavVideoEncoder::Parts {
    AVFormatContext *format = nullptr;
    AVCodecContext *codec = nullptr;
    AVStream *stream = nullptr;
    AVFrame *frame = nullptr; // YUV 4:2:0, the last picture sent
    AVFrame *part = nullptr; // a changed part, converted before it is copied in
    AVPacket *packet = nullptr;
    SwsContext *scale = nullptr;
    bool headerWritten = false;

    ~Parts()
    {
        sws_freeContext(scale);
        av_packet_free(&packet);
        av_frame_free(&frame);
        av_frame_free(&part);
        avcodec_free_context(&codec);
        if (format && format->pb)
            avio_closep(&format->pb);
        avformat_free_context(format);
    }
};

LibavVideoEncoder::LibavVideoEncoder(Options options)
    : VideoEncoder(std::move(options)), m_parts(std::make_unique<Parts>())
{
}

LibavVideoEncoder::~LibavVideoEncoder()
{
    if (!m_finished && m_parts->headerWritten)
        finish(m_lastTick, nullptr);
}

const char *LibavVideoEncoder::codecName() const
{
    return m_parts->codec ? m_parts->codec->codec->name : "";
}

// The options are checked already (VideoEncoder::open): a container this
// writes, an even size of at least 2x2, a positive frame rate.
std::unique_ptr<LibavVideoEncoder> LibavVideoEncoder::open(const Options &options, std::string *why)
{
    const std::string format = formatOf(options.path);
    av_log_set_level(AV_LOG_ERROR); // the libraries' notes would fill the app's log
    std::unique_ptr<LibavVideoEncoder> encoder(new LibavVideoEncoder(options));
    Parts &p = *encoder->m_parts;
    const char *muxer = format == "mkv" ? "matroska" : format.c_str();
    if (avformat_alloc_output_context2(&p.format, nullptr, muxer, options.path.c_str()) < 0 || !p.format) {
        failed(why, "libavformat has no " + format + " writer");
        return nullptr;
    }
    const AVCodec *codec = nullptr;
    for (const char *name : codecsFor(format))
        if ((codec = avcodec_find_encoder_by_name(name)))
            break;
    if (!codec) {
        failed(why, "libavcodec has no encoder for " + format);
        return nullptr;
    }
    p.codec = avcodec_alloc_context3(codec);
    p.stream = avformat_new_stream(p.format, nullptr);
    p.frame = av_frame_alloc();
    p.packet = av_packet_alloc();
    if (!p.codec || !p.stream || !p.frame || !p.packet) {
        failed(why, "out of memory");
        return nullptr;
    }
    AVCodecContext *c = p.codec;
    c->width = options.width;
    c->height = options.height;
    c->pix_fmt = AV_PIX_FMT_YUV420P;
    c->time_base = AVRational{1, options.framesPerSecond};
    c->framerate = AVRational{options.framesPerSecond, 1};
    c->gop_size = options.framesPerSecond * 2;
    c->max_b_frames = 0;
    c->thread_count = 1; // the recorder's CPU share stays bounded
    // Screen content is mostly still: about a tenth of a bit per pixel per
    // frame keeps text sharp.
    c->bit_rate = std::clamp<int64_t>(int64_t(options.width) * options.height * options.framesPerSecond / 10, 500'000, 20'000'000);
    if (std::string(codec->name) == "libvpx") {
        av_opt_set(c->priv_data, "deadline", "realtime", 0);
        av_opt_set_int(c->priv_data, "cpu-used", 16, 0);
        av_opt_set_int(c->priv_data, "lag-in-frames", 0, 0);
        av_opt_set_int(c->priv_data, "static-thresh", 100, 0);
    } else if (std::string(codec->name) == "libx264") {
        av_opt_set(c->priv_data, "preset", "ultrafast", 0);
        av_opt_set(c->priv_data, "tune", "zerolatency", 0);
    }
    if (p.format->oformat->flags & AVFMT_GLOBALHEADER)
        c->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    if (int rc = avcodec_open2(c, codec, nullptr); rc < 0) {
        failed(why, std::string("cannot start the ") + codec->name + " encoder: " + errorText(rc));
        return nullptr;
    }
    p.stream->time_base = c->time_base;
    p.stream->avg_frame_rate = c->framerate;
    avcodec_parameters_from_context(p.stream->codecpar, c);
    p.frame->format = c->pix_fmt;
    p.frame->width = c->width;
    p.frame->height = c->height;
    if (av_frame_get_buffer(p.frame, 0) < 0) {
        failed(why, "out of memory");
        return nullptr;
    }
    // Opened here first, without waiting: a FIFO (or a device) would block
    // the recorder's thread in open() or write() for good, so only a
    // regular file is written. libav then opens that very file (through
    // /proc, not the path, which could be swapped meanwhile).
    struct stat st {};
    if (::stat(options.path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
        failed(why, "cannot write " + options.path + ": not a regular file");
        return nullptr;
    }
    const int fd = ::open(options.path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0644);
    if (fd < 0) {
        failed(why, "cannot write " + options.path + ": " + std::strerror(errno));
        return nullptr;
    }
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        failed(why, "cannot write " + options.path + ": not a regular file");
        return nullptr;
    }
    const std::string opened = "file:/proc/self/fd/" + std::to_string(fd);
    const int rc = avio_open(&p.format->pb, opened.c_str(), AVIO_FLAG_WRITE);
    ::close(fd);
    if (rc < 0) {
        failed(why, "cannot write " + options.path + ": " + errorText(rc));
        return nullptr;
    }
    if (int rc = avformat_write_header(p.format, nullptr); rc < 0) {
        failed(why, "cannot write " + options.path + ": " + errorText(rc));
        return nullptr;
    }
    p.headerWritten = true;
    return encoder;
}

bool LibavVideoEncoder::addFrame(const uint8_t *pixels, int width, int height, int bytesPerLine, int64_t tick, std::string *why)
{
    if (why)
        why->clear();
    if (m_finished || tick <= m_lastTick || width < 1 || height < 1)
        return false;
    Parts &p = *m_parts;
    if (av_frame_make_writable(p.frame) < 0)
        return failed(why, "out of memory");
    // Where the picture goes: all of the video, or the largest part of it
    // with the picture's shape, centred (even sizes and offsets, as 4:2:0
    // needs).
    int fitW = m_options.width, fitH = m_options.height;
    if (width != m_options.width || height != m_options.height) {
        const double scale = std::min(double(m_options.width) / width, double(m_options.height) / height);
        fitW = std::max(2, int(width * scale) & ~1);
        fitH = std::max(2, int(height * scale) & ~1);
        // Black (limited range) around it.
        std::fill_n(p.frame->data[0], size_t(p.frame->linesize[0]) * p.frame->height, uint8_t(16));
        std::fill_n(p.frame->data[1], size_t(p.frame->linesize[1]) * (p.frame->height / 2), uint8_t(128));
        std::fill_n(p.frame->data[2], size_t(p.frame->linesize[2]) * (p.frame->height / 2), uint8_t(128));
    }
    const int x0 = ((m_options.width - fitW) / 2) & ~1, y0 = ((m_options.height - fitH) / 2) & ~1;
    return convert(pixels, width, height, bytesPerLine, x0, y0, fitW, fitH, why) && send(tick, why);
}

bool LibavVideoEncoder::addPart(const uint8_t *pixels, int x, int y, int width, int height, int bytesPerLine, int64_t tick,
                           std::string *why)
{
    if (why)
        why->clear();
    if (m_finished || tick <= m_lastTick || m_frames == 0)
        return false;
    if (x < 0 || y < 0 || width < 2 || height < 2 || (x | y | width | height) & 1 || x + width > m_options.width
        || y + height > m_options.height)
        return failed(why, "a changed part must lie within the video at even positions and sizes");
    if (av_frame_make_writable(m_parts->frame) < 0) // keeps the last picture
        return failed(why, "out of memory");
    return convert(pixels, width, height, bytesPerLine, x, y, width, height, why) && send(tick, why);
}

bool LibavVideoEncoder::convert(const uint8_t *pixels, int width, int height, int bytesPerLine, int x, int y, int fitW, int fitH,
                           std::string *why)
{
    Parts &p = *m_parts;
    p.scale = sws_getCachedContext(p.scale, width, height, AV_PIX_FMT_BGR0, fitW, fitH, AV_PIX_FMT_YUV420P, SWS_POINT,
                                   nullptr, nullptr, nullptr);
    if (!p.scale)
        return failed(why, "cannot convert a " + std::to_string(width) + "x" + std::to_string(height) + " picture");
    // Four planes' worth, as libswscale reads them, one used.
    const uint8_t *source[4] = {pixels, nullptr, nullptr, nullptr};
    const int sourceStride[4] = {bytesPerLine, 0, 0, 0};
    if (x == 0 && y == 0 && fitW == m_options.width && fitH == m_options.height) {
        sws_scale(p.scale, source, sourceStride, 0, height, p.frame->data, p.frame->linesize);
        return true;
    }
    // A part of the frame: converted on its own first, as the converter
    // writes whole vector widths that in the frame would spill past the
    // part's right edge.
    if (!p.part || p.part->width < fitW || p.part->height < fitH) {
        av_frame_free(&p.part);
        p.part = av_frame_alloc();
        if (!p.part)
            return failed(why, "out of memory");
        p.part->format = AV_PIX_FMT_YUV420P;
        p.part->width = std::max(fitW, 64);
        p.part->height = std::max(fitH, 64);
        if (av_frame_get_buffer(p.part, 64) < 0)
            return failed(why, "out of memory");
    }
    sws_scale(p.scale, source, sourceStride, 0, height, p.part->data, p.part->linesize);
    for (int plane = 0; plane < 3; ++plane) {
        const int shift = plane == 0 ? 0 : 1;
        for (int row = 0; row < (fitH >> shift); ++row)
            std::memcpy(p.frame->data[plane] + ((y >> shift) + row) * p.frame->linesize[plane] + (x >> shift),
                        p.part->data[plane] + row * p.part->linesize[plane], size_t(fitW >> shift));
    }
    return true;
}

bool LibavVideoEncoder::send(int64_t tick, std::string *why)
{
    m_parts->frame->pts = tick;
    m_lastTick = tick;
    if (!encode(false, why))
        return false;
    ++m_frames;
    return true;
}

bool LibavVideoEncoder::encode(bool flush, std::string *why)
{
    Parts &p = *m_parts;
    if (int rc = avcodec_send_frame(p.codec, flush ? nullptr : p.frame); rc < 0)
        return failed(why, std::string("the encoder refused a frame: ") + errorText(rc));
    for (;;) {
        const int rc = avcodec_receive_packet(p.codec, p.packet);
        if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF)
            return true;
        if (rc < 0)
            return failed(why, "the encoder failed: " + errorText(rc));
        if (p.packet->duration == 0)
            p.packet->duration = 1; // one tick; the next frame's time replaces it in players
        av_packet_rescale_ts(p.packet, p.codec->time_base, p.stream->time_base);
        p.packet->stream_index = p.stream->index;
        if (int w = av_interleaved_write_frame(p.format, p.packet); w < 0)
            return failed(why, "cannot write " + m_options.path + ": " + errorText(w));
    }
}

bool LibavVideoEncoder::finish(int64_t tick, std::string *why)
{
    if (m_finished)
        return true;
    m_finished = true;
    Parts &p = *m_parts;
    bool ok = true;
    std::string problem;
    if (m_lastTick >= 0 && tick > m_lastTick) {
        // The last picture again, so the file lasts until `tick`.
        p.frame->pts = tick;
        m_lastTick = tick;
        ok = encode(false, &problem);
        if (ok)
            ++m_frames;
    }
    ok = encode(true, ok ? &problem : nullptr) && ok;
    if (int rc = av_write_trailer(p.format); rc < 0 && ok) {
        ok = false;
        problem = "cannot finish " + m_options.path + ": " + errorText(rc);
    }
    if (int rc = avio_closep(&p.format->pb); rc < 0 && ok) {
        ok = false;
        problem = "cannot finish " + m_options.path + ": " + errorText(rc);
    }
    if (!ok && why)
        *why = problem;
    return ok;
}

} // namespace dt::media

extern "C" __attribute__((visibility("default"))) const char *deviceterm_media_version()
{
    return DEVICETERM_VERSION;
}

extern "C" __attribute__((visibility("default"))) dt::media::VideoEncoder *
deviceterm_media_open_video_encoder(const dt::media::VideoEncoder::Options &options, std::string *why)
{
    return dt::media::LibavVideoEncoder::open(options, why).release();
}
