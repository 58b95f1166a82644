// The shared half of `tab run` and `tab wait` (see the header).

#include "app/cli/verbs/command_reply.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace dt::cli {

bool readWaitOptions(Context &c, int64_t &timeoutMillis, size_t &maxBytes)
{
    c.setCallTimeout(-1);
    if (auto t = c.option("--timeout")) {
        char *end = nullptr;
        const double seconds = std::strtod(t->c_str(), &end);
        if (t->empty() || *end != '\0' || !(seconds > 0) || seconds > 86400) {
            c.error("--timeout must be a number of seconds (up to 86400), not '" + *t + "'");
            return false;
        }
        timeoutMillis = static_cast<int64_t>(std::ceil(seconds * 1000));
        c.setCallTimeout(static_cast<int>(timeoutMillis + 10000)); // the server answers first
    }
    if (auto m = c.option("--max-bytes")) {
        char *end = nullptr;
        const long long n = std::strtoll(m->c_str(), &end, 10);
        if (m->empty() || *end != '\0' || n < 0) {
            c.error("--max-bytes must be a whole number of bytes, not '" + *m + "'");
            return false;
        }
        maxBytes = static_cast<size_t>(n);
    }
    return true;
}

int finishCommandReply(Context &c, const std::optional<Json> &record)
{
    if (!record) {
        const auto &e = c.lastError();
        return e && e->msg.rfind(dt::rpc::intent::Timeout, 0) == 0 ? 124 : 1;
    }
    if (c.json()) {
        c.printJson(*record);
    } else {
        const std::string output = record->value("output", std::string());
        std::fwrite(output.data(), 1, output.size(), stdout);
        if (!output.empty() && output.back() != '\n')
            std::fputc('\n', stdout);
        if (record->value("truncated", false))
            std::fprintf(stderr, "deviceterm: only the end of the output is shown (--max-bytes, or history was trimmed)\n");
    }
    const auto status = record->find("exitStatus");
    return status != record->end() && status->is_number_integer() ? status->get<int>() : 1;
}

} // namespace dt::cli
