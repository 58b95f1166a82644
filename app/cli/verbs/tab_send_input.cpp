// `deviceterm tab send-input`: decodes escapes in the text, validates it and the --type-delay, and asks the
// server to type it into another tab; prints the byte-count receipt.

#include "app/cli/cli.h"
#include "app/cli/text_escapes.h"
#include "rpc/contract/limits.h"

#include <algorithm>

namespace dt::cli {

namespace {
constexpr int kMaxTypeDelay = dt::rpc::limit::kTypeDelayMillis; // the server caps it as well

// A non-negative whole number of milliseconds, capped; nullopt otherwise.
std::optional<int> typeDelay(const std::string &text)
{
    if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    return text.size() > 4 ? kMaxTypeDelay : std::min(std::stoi(text), kMaxTypeDelay);
}
} // namespace

// Types into another tab's primary terminal, as keys (orchestration only).
int runTabSendInput(Context &c)
{
    if (!c.parseOptions({"--tab", "--type-delay"}, {}))
        return 1;
    std::string joined;
    for (const std::string &word : c.positionals())
        joined += (joined.empty() ? "" : " ") + word;
    const std::string text = decodeEscapes(joined);
    if (text.empty()) {
        c.error("nothing to send; usage: deviceterm tab send-input [--tab REF] [--type-delay MS] TEXT…");
        return 1;
    }
    if (!isValidUtf8(text)) {
        c.error("the text is not valid UTF-8 once its \\x escapes are decoded");
        return 1;
    }
    dt::rpc::TabSendInputParams params;
    params.text = text;
    params.tab = c.option("--tab").value_or("");
    if (auto delay = c.option("--type-delay")) {
        const auto ms = typeDelay(*delay);
        if (!ms) {
            c.error("--type-delay must be a whole number of milliseconds (0 to 1000), not '" + *delay + "'");
            return 1;
        }
        params.typeDelayMillis = *ms;
    }
    if (!c.inTab())
        return c.notInTab("tab send-input");
    const auto receipt = c.call(params);
    if (!receipt)
        return 1;
    if (c.json()) {
        c.printJson(*receipt);
        return 0;
    }
    std::string line = "ok tab=" + receipt->value("tab", std::string()) + " bytes="
        + std::to_string(receipt->value("bytes", 0));
    if (receipt->contains("typeDelayMillis"))
        line += " typeDelayMillis=" + std::to_string((*receipt)["typeDelayMillis"].get<int>());
    c.printLine(line);
    return 0;
}

} // namespace dt::cli
