// The command methods: resolve the tab, then ask the command port. tab.run
// and tab.wait answer later (when the command finishes, or at the timeout),
// so the GUI thread never waits for a shell.

#include "rpc/server/handlers/commands.h"

namespace dt::rpc {

namespace {

CommandPort::CommandAnswer toAnswer(Answer answer, std::string ref)
{
    return [answer = std::move(answer), ref = std::move(ref)](std::variant<CommandInfo, Error> result) {
        if (auto *e = std::get_if<Error>(&result)) {
            answer(*e);
            return;
        }
        CommandInfo info = std::get<CommandInfo>(std::move(result));
        info.tab = ref;
        answer(toJson(info));
    };
}

} // namespace

void addCommands(Dispatcher &d, WorkspacePort &workspace, CommandPort &port)
{
    d.add<TabRunParams>([&workspace, &port](CallContext &c, const TabRunParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = workspace.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        return Later{[&port, caller = *c.sessionId, tab = std::get<Handle>(tab), p, ref](Answer answer) {
            port.runCommand(caller, tab, p.command, p.timeoutMillis, p.maxBytes, p.queue, toAnswer(std::move(answer), ref));
        }};
    });
    d.add<TabWaitParams>([&workspace, &port](CallContext &c, const TabWaitParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = workspace.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        return Later{[&port, caller = *c.sessionId, tab = std::get<Handle>(tab), p, ref](Answer answer) {
            port.waitCommand(caller, tab, p.timeoutMillis, p.maxBytes, toAnswer(std::move(answer), ref));
        }};
    });
    d.add<TabCommandsParams>([&workspace, &port](CallContext &c, const TabCommandsParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = workspace.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        const auto records = port.commands(*c.sessionId, std::get<Handle>(tab), p.limit);
        if (auto *e = std::get_if<Error>(&records))
            return *e;
        Json rows = Json::array();
        for (const CommandInfo &info : std::get<std::vector<CommandInfo>>(records))
            rows.push_back(toJson(info));
        return rows;
    });
    d.add<TabOutputParams>([&workspace, &port](CallContext &c, const TabOutputParams &p) -> HandlerResult {
        const std::string ref = refOrCurrent(p.tab);
        const auto tab = workspace.resolveTab(*c.sessionId, ref);
        if (auto *e = std::get_if<Error>(&tab))
            return *e;
        auto info = port.commandOutput(*c.sessionId, std::get<Handle>(tab), p.command, p.maxBytes);
        if (auto *e = std::get_if<Error>(&info))
            return *e;
        CommandInfo out = std::get<CommandInfo>(std::move(info));
        out.tab = ref;
        return toJson(out);
    });
}

} // namespace dt::rpc
