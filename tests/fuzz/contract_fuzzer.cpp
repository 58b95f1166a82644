// Fuzz target for the frame decoder and the envelope decoders. With clang:
//   clang++ -fsanitize=fuzzer,address -I. tests/fuzz/contract_fuzzer.cpp rpc/contract/*.cpp
//   ./a.out -dict=tests/fuzz/contract.dict
// and, in every test run, driven by a seeded mutator in contract_test.cpp
// (with deep and large seeds of its own).

#include "rpc/contract/envelope.h"
#include "rpc/contract/framing.h"

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
