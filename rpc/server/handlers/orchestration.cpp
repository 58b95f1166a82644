// tab.sendInput and tab.capture: validate text, type delay and scrollback, resolve the target tab, and
// answer with a receipt that counts the bytes typed but never echoes them.

#include "rpc/server/handlers/orchestration.h"

namespace dt::rpc {

void addOrchestration(Dispatcher &d, WorkspacePort &workspace, OrchestrationPort &port)
{
    d.add<TabSendInputParams>([&workspace, &port](CallContext &c, const TabSendInputParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = workspace.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        if (auto e = port.sendInput(*c.sessionId, std::get<Handle>(tab), p.text, p.typeDelayMillis))
            return *e;
        // The receipt counts the bytes and never repeats them.
        Json receipt{{"ok", true}, {"tab", ref}, {"bytes", p.text.size()}};
        if (p.typeDelayMillis > 0)
            receipt["typeDelayMillis"] = p.typeDelayMillis;
        return receipt;
    });
    d.add<TabCaptureParams>([&workspace, &port](CallContext &c, const TabCaptureParams &p) -> HandlerResult {
        const auto tab = workspace.resolveTab(*c.sessionId, refOrCurrent(p.tab));
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        auto text = port.capture(std::get<Handle>(tab), p.scrollback);
        if (auto *e = std::get_if<Error>(&text))
            return *e;
        return Json{{"text", std::get<std::string>(std::move(text))}};
    });
}

} // namespace dt::rpc
