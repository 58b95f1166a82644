// Fuzz target for the frame decoder and the envelope decoders. With clang:
//   clang++ -fsanitize=fuzzer,address -I. tests/fuzz/contract_fuzzer.cpp rpc/contract/*.cpp
// (the typed parameters of rpc/contract/params.h are decoded from every request too)
//   ./a.out -dict=tests/fuzz/contract.dict
// and, in every test run, driven by a seeded mutator in contract_test.cpp
// (with deep and large seeds of its own).

#include "rpc/contract/envelope.h"
#include "rpc/contract/framing.h"
#include "rpc/contract/params.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

// How many frames decoded as requests: lets the seeded driver check that the
// mutations still reach the interesting code.
long dtFuzzDecodedRequests = 0;

namespace {

// A decoded request must survive encode → decode unchanged; a fuzzer
// reports a property violation by crashing.
void checkRoundTrip(const dt::rpc::Request &r)
{
    const auto again = dt::rpc::decodeRequest(dt::rpc::encode(r));
    if (!again.request || again.request->id != r.id || again.request->method != r.method
        || again.request->params != r.params)
        std::abort();
}


// A request's params through every typed decoder: whatever they hold, each
// decodes or refuses, never throws, and what decodes encodes to params
// that decode again.
template <class P>
void checkTyped(const dt::rpc::Json &params)
{
    const auto decoded = dt::rpc::decode<P>(params);
    if (const P *p = std::get_if<P>(&decoded))
        if (!std::holds_alternative<P>(dt::rpc::decode<P>(dt::rpc::encode(*p))))
            std::abort();
}

void checkAllTyped(const dt::rpc::Json &params)
{
    using namespace dt::rpc;
    checkTyped<SessionAuthenticateParams>(params);
    checkTyped<TabSendInputParams>(params);
    checkTyped<TabCaptureParams>(params);
    checkTyped<TabSetPrivateParams>(params);
    checkTyped<OpenWindowParams>(params);
    checkTyped<DeviceBootParams>(params);
    checkTyped<DeviceShutdownParams>(params);
    checkTyped<DeviceLaunchParams>(params);
    checkTyped<PaneInfoParams>(params);
    checkTyped<TapParams>(params);
    checkTyped<LongPressParams>(params);
    checkTyped<SwipeParams>(params);
    checkTyped<KeyParams>(params);
    checkTyped<DeviceTextParams>(params);
    checkTyped<ButtonParams>(params);
    checkTyped<PinchParams>(params);
    checkTyped<CrownParams>(params);
    checkTyped<RotateParams>(params);
    checkTyped<AxPointParams>(params);
    checkTyped<AxSweepParams>(params);
    checkTyped<WindowsListParams>(params);
    checkTyped<TabInfoParams>(params);
    checkTyped<TabOpenParams>(params);
    checkTyped<TabCloseParams>(params);
    checkTyped<TabRenameParams>(params);
    checkTyped<TabMoveParams>(params);
    checkTyped<PaneOpenParams>(params);
    checkTyped<PaneCloseParams>(params);
    checkTyped<WindowCloseParams>(params);
    checkTyped<WindowFocusParams>(params);
}
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    dt::rpc::FrameDecoder decoder;
    // Feed in two uneven pieces to exercise reassembly too.
    const size_t half = size / 3;
    decoder.feed(reinterpret_cast<const char *>(data), half);
    decoder.feed(reinterpret_cast<const char *>(data) + half, size - half);
    while (auto frame = decoder.next()) {
        const auto request = dt::rpc::decodeRequest(*frame);
        if (request.request) {
            ++dtFuzzDecodedRequests;
            checkRoundTrip(*request.request);
            checkAllTyped(request.request->params);
        }
        const auto message = dt::rpc::decodeMessage(*frame);
        if (message.response)
            (void)dt::rpc::encode(*message.response);
        if (message.event)
            (void)dt::rpc::encode(*message.event);
    }
    // The raw bytes as a payload too, without framing.
    const std::string raw(reinterpret_cast<const char *>(data), size);
    (void)dt::rpc::decodeRequest(raw);
    (void)dt::rpc::decodeMessage(raw);
    return 0;
}
