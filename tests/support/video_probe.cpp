// Decoding a recording back (see video_probe.h): every frame, through
// libswscale to RGB for its centre pixel.

#include "support/video_probe.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <memory>

namespace dt::test {

namespace {

struct Closer {
    AVFormatContext *format = nullptr;
    AVCodecContext *codec = nullptr;
    AVFrame *frame = nullptr;
    AVPacket *packet = nullptr;
    SwsContext *scale = nullptr;
    ~Closer()
    {
        sws_freeContext(scale);
        av_packet_free(&packet);
        av_frame_free(&frame);
        avcodec_free_context(&codec);
        avformat_close_input(&format);
    }
};

} // namespace

VideoProbe probeVideo(const std::string &path)
{
    VideoProbe out;
    Closer c;
    if (avformat_open_input(&c.format, path.c_str(), nullptr, nullptr) < 0) {
        out.error = "cannot open " + path;
        return out;
    }
    if (avformat_find_stream_info(c.format, nullptr) < 0) {
        out.error = "no stream information in " + path;
        return out;
    }
    const int index = av_find_best_stream(c.format, AVMEDIA_TYPE_VIDEO, -1, -1, nullptr, 0);
    if (index < 0) {
        out.error = "no video stream in " + path;
        return out;
    }
    AVStream *stream = c.format->streams[index];
    const AVCodec *decoder = avcodec_find_decoder(stream->codecpar->codec_id);
    c.codec = decoder ? avcodec_alloc_context3(decoder) : nullptr;
    if (!c.codec || avcodec_parameters_to_context(c.codec, stream->codecpar) < 0 || avcodec_open2(c.codec, decoder, nullptr) < 0) {
        out.error = "no decoder for " + path;
        return out;
    }
    out.codec = decoder->name;
    out.container = c.format->iformat->name;
    out.width = c.codec->width;
    out.height = c.codec->height;
    c.frame = av_frame_alloc();
    c.packet = av_packet_alloc();
    double end = 0;
    auto drain = [&] {
        while (avcodec_receive_frame(c.codec, c.frame) == 0) {
            VideoProbe::Frame f;
            const int64_t pts = c.frame->best_effort_timestamp;
            f.seconds = pts == AV_NOPTS_VALUE ? 0 : pts * av_q2d(stream->time_base);
            const int64_t duration = c.frame->pkt_duration;
            end = std::max(end, f.seconds + (duration > 0 ? duration * av_q2d(stream->time_base) : 0));
            c.scale = sws_getCachedContext(c.scale, c.frame->width, c.frame->height, AVPixelFormat(c.frame->format),
                                           c.frame->width, c.frame->height, AV_PIX_FMT_RGB24, SWS_POINT, nullptr, nullptr,
                                           nullptr);
            std::vector<uint8_t> rgb(size_t(c.frame->width) * c.frame->height * 3);
            uint8_t *planes[4] = {rgb.data(), nullptr, nullptr, nullptr};
            const int strides[4] = {c.frame->width * 3, 0, 0, 0};
            sws_scale(c.scale, c.frame->data, c.frame->linesize, 0, c.frame->height, planes, strides);
            const size_t centre = (size_t(c.frame->height / 2) * c.frame->width + c.frame->width / 2) * 3;
            f.r = rgb[centre], f.g = rgb[centre + 1], f.b = rgb[centre + 2];
            out.decoded.push_back(f);
            ++out.frames;
        }
    };
    while (av_read_frame(c.format, c.packet) >= 0) {
        if (c.packet->stream_index == index && avcodec_send_packet(c.codec, c.packet) == 0)
            drain();
        av_packet_unref(c.packet);
    }
    avcodec_send_packet(c.codec, nullptr);
    drain();
    out.durationSeconds = end;
    return out;
}

} // namespace dt::test
