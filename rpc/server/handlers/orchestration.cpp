// tab.sendInput and tab.capture: validate text, type delay and scrollback, resolve the target tab, and
// answer with a receipt that counts the bytes typed but never echoes them.

#include "rpc/server/handlers/orchestration.h"

#include "rpc/server/handlers/handler_params.h"
#include "rpc/contract/limits.h"

namespace dt::rpc {


void addOrchestration(Dispatcher &d, WorkspacePort &workspace, OrchestrationPort &port)
{
    d.add(method::TabSendInput, [&workspace, &port](CallContext &c, const Json &p) -> HandlerResult {
        const auto text = p.find("text");
        if (text == p.end() || !text->is_string() || text->get_ref<const std::string &>().empty())
            return Error{code::InvalidParams, "tab.sendInput needs a non-empty text"};
        int delay = 0;
        if (auto it = p.find("typeDelayMillis"); it != p.end()) {
            if (!it->is_number_integer() || it->get<int64_t>() < 0)
                return Error{code::InvalidParams, "typeDelayMillis must be a non-negative integer"};
            delay = static_cast<int>(std::min<int64_t>(it->get<int64_t>(), limit::kTypeDelayMillis));
        }
        const std::string ref = refParam(p, "tab");
        const auto tab = workspace.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const std::string &bytes = text->get_ref<const std::string &>();
        if (auto e = port.sendInput(*c.sessionId, std::get<Handle>(tab), bytes, delay))
            return *e;
        // The receipt counts the bytes and never repeats them.
        Json receipt{{"ok", true}, {"tab", ref}, {"bytes", bytes.size()}};
        if (delay > 0)
            receipt["typeDelayMillis"] = delay;
        return receipt;
    });
    d.add(method::TabCapture, [&workspace, &port](CallContext &c, const Json &p) -> HandlerResult {
        int history = 0;
        if (auto it = p.find("scrollback"); it != p.end()) {
            if (!it->is_number_integer() || it->get<int64_t>() < 0)
                return Error{code::InvalidParams, "scrollback must be a non-negative integer"};
            history = static_cast<int>(std::min<int64_t>(it->get<int64_t>(), limit::kCaptureScrollbackLines));
        }
        const auto tab = workspace.resolveTab(*c.sessionId, refParam(p, "tab"));
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        auto text = port.capture(std::get<Handle>(tab), history);
        if (auto *e = std::get_if<Error>(&text))
            return *e;
        return Json{{"text", std::get<std::string>(std::move(text))}};
    });
}

} // namespace dt::rpc
