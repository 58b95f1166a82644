// The workspace verbs: each maps its options onto one server method and
// prints the receipt. Table-driven, since they differ only in that mapping.

#include "app/cli/cli.h"
#include "app/cli/verbs/command_reply.h"
#include "app/config/config_keys.h"

#include <climits>
#include <cstdlib>
#include <unistd.h>

namespace dt::cli {

namespace {

// --cwd is resolved here, against the caller's own directory and $HOME.
std::optional<std::string> absoluteDirectory(Context &c, const std::string &path)
{
    std::string p = path;
    if (p == "~" || p.rfind("~/", 0) == 0) {
        const char *home = std::getenv("HOME");
        p = std::string(home ? home : "") + p.substr(1);
    }
    char resolved[PATH_MAX];
    if (!::realpath(p.c_str(), resolved)) {
        c.error("--cwd: no such directory: " + path);
        return std::nullopt;
    }
    return std::string(resolved);
}

struct Spec {
    std::vector<std::string> words;
    const char *usage;
    const char *summary;
    MethodSpec method;
    std::vector<std::string> valued;
    std::vector<std::string> switches;
    // Fills params from the parsed options; false stops with exit 1.
    std::function<bool(Context &, Json &)> params;
    std::vector<const char *> shown; // receipt keys for the human "ok …" line
    std::vector<Context::Column> columns = {}; // lists: the human table's columns
    // When the answer is not a receipt (tab open --wait: a command's
    // record): prints it and returns the exit status; nullopt: a receipt.
    std::function<std::optional<int>(Context &, const Json &params, const std::optional<Json> &result)> reply = {};
};

// An option's value, or empty (which the contract reads as "current").
std::string optionOr(Context &c, const char *option)
{
    return c.option(option).value_or("");
}

bool launchOptions(Context &c, std::string &cwd, std::string &cmd)
{
    if (auto dir = c.option("--cwd")) {
        auto abs = absoluteDirectory(c, *dir);
        if (!abs)
            return false;
        cwd = *abs;
    }
    cmd = optionOr(c, "--cmd");
    return true;
}

// What closing does to devices: --mode, else the config's tab-close-default
// (the answer the user gave the GUI's question for good), else detach.
// The CLI never asks.
bool closeMode(Context &c, dt::rpc::CloseMode &out)
{
    std::optional<std::string> mode = c.option("--mode");
    if (mode && *mode != "detach" && *mode != "shutdown") {
        c.error("--mode must be detach or shutdown");
        return false;
    }
    if (!mode) {
        const auto values = dt::config::read(dt::config::defaultPath()).fileValues;
        if (auto it = values.find("tab-close-default"); it != values.end())
            mode = it->second;
    }
    out = mode == "shutdown" ? dt::rpc::CloseMode::Shutdown : dt::rpc::CloseMode::Detach;
    return true;
}

// A verb whose parameters are a type of the contract (rpc/contract/
// workspace_params.h): the type names the method, and its encoder the keys.
template <class P>
Spec typed(std::vector<std::string> words, const char *usage, const char *summary, std::vector<std::string> valued,
           std::vector<std::string> switches, std::function<bool(Context &, P &)> build, std::vector<const char *> shown)
{
    return Spec{std::move(words), usage, summary, P::kMethod, std::move(valued), std::move(switches),
                [build](Context &c, Json &p) {
                    P params;
                    if (!build(c, params))
                        return false;
                    p = dt::rpc::encode(params);
                    return true;
                },
                std::move(shown)};
}

Spec withReply(Spec s, decltype(Spec::reply) reply)
{
    s.reply = std::move(reply);
    return s;
}

int run(Context &c, const Spec &s)
{
    if (!c.parseOptions(s.valued, s.switches))
        return 1;
    // Only the renames take words; anywhere else a stray word is most
    // likely a reference that needed its flag (`tab close abc123`), and
    // acting on the caller's own tab instead would be the worst guess.
    const bool takesWords = s.words[1] == "rename";
    if (!takesWords && !c.positionals().empty()) {
        c.error("unexpected argument '" + c.positionals().front() + "'; usage: deviceterm " + s.usage);
        return 1;
    }
    if (!c.inTab())
        return c.notInTab(s.words[0] + " " + s.words[1]);
    Json params = Json::object();
    if (s.params && !s.params(c, params))
        return 1;
    const auto result = c.call(s.method, params);
    if (s.reply)
        if (const auto status = s.reply(c, params, result))
            return *status;
    if (!result)
        return 1;
    if (result->is_array()) {
        c.printTable(*result, s.columns);
        return 0;
    }
    c.printReceipt(*result, s.shown);
    return 0;
}

const std::vector<Spec> &specs()
{
    static const std::vector<Spec> table = {
        withReply(typed<dt::rpc::TabOpenParams>(
                      {"tab", "open"}, "tab open [--window W] [--cwd DIR] [--cmd CMD [--wait [--timeout S] [--max-bytes N]]]",
                      "open a tab (in this window by default); --wait: run CMD there and answer as tab run does",
                      {"--window", "--cwd", "--cmd", "--timeout", "--max-bytes"}, {"--wait"},
                      [](Context &c, dt::rpc::TabOpenParams &p) {
                          p.window = optionOr(c, "--window");
                          if (!launchOptions(c, p.cwd, p.cmd))
                              return false;
                          p.wait = c.flag("--wait");
                          if (!p.wait && (c.option("--timeout") || c.option("--max-bytes"))) {
                              c.error("--timeout and --max-bytes go with --wait");
                              return false;
                          }
                          if (p.wait && p.cmd.empty()) {
                              c.error("--wait needs --cmd: the command to run in the new tab");
                              return false;
                          }
                          return !p.wait || readWaitOptions(c, p.timeoutMillis, p.maxBytes);
                      },
                      {"window", "shortId"}),
                  [](Context &c, const Json &params, const std::optional<Json> &result) -> std::optional<int> {
                      if (!params.value("wait", false))
                          return std::nullopt;
                      return finishCommandReply(c, result);
                  }),
        typed<dt::rpc::TabCloseParams>({"tab", "close"}, "tab close [--tab REF] [--mode detach|shutdown]",
                                       "close a tab (this one by default)", {"--tab", "--mode"}, {},
                                       [](Context &c, dt::rpc::TabCloseParams &p) {
                                           p.tab = optionOr(c, "--tab");
                                           return closeMode(c, p.mode);
                                       },
                                       {"tab", "mode"}),
        typed<dt::rpc::TabRenameParams>({"tab", "rename"}, "tab rename [--tab REF] [NAME…]",
                                        "name a tab; no name: automatic title again", {"--tab"}, {},
                                        [](Context &c, dt::rpc::TabRenameParams &p) {
                                            p.tab = optionOr(c, "--tab");
                                            for (const std::string &w : c.positionals())
                                                p.name += (p.name.empty() ? "" : " ") + w;
                                            return true;
                                        },
                                        {"tab", "name"}),
        typed<dt::rpc::TabSelectParams>({"tab", "select"}, "tab select [--tab REF]", "bring a tab to the front of its window",
                                        {"--tab"}, {},
                                        [](Context &c, dt::rpc::TabSelectParams &p) {
                                            p.tab = optionOr(c, "--tab");
                                            return true;
                                        },
                                        {"tab"}),
        typed<dt::rpc::TabMoveParams>({"tab", "move"}, "tab move [--tab REF] [--to N] [--to-window W]",
                                      "reorder a tab or move it to another window", {"--tab", "--to", "--to-window"}, {},
                                      [](Context &c, dt::rpc::TabMoveParams &p) {
                                          p.tab = optionOr(c, "--tab");
                                          if (auto to = c.option("--to")) {
                                              char *end = nullptr;
                                              const long n = std::strtol(to->c_str(), &end, 10);
                                              if (to->empty() || *end || n < 0 || n > 100000) {
                                                  c.error("--to must be a place in the window: 0 for the first, 1 for the second, …");
                                                  return false;
                                              }
                                              p.toIndex = int(n);
                                          }
                                          p.toWindow = c.option("--to-window");
                                          if (!p.toIndex && !p.toWindow) {
                                              c.error("tab move needs --to or --to-window");
                                              return false;
                                          }
                                          return true;
                                      },
                                      {"tab", "toWindow", "toIndex"}),
        typed<dt::rpc::PaneOpenParams>({"pane", "open"}, "pane open --terminal [--tab REF] [--cwd DIR] [--cmd CMD]",
                                       "split a terminal into the tab", {"--tab", "--cwd", "--cmd"}, {"--terminal"},
                                       [](Context &c, dt::rpc::PaneOpenParams &p) {
                                           if (!c.flag("--terminal")) {
                                               c.error("pane open needs --terminal (device panes come later)");
                                               return false;
                                           }
                                           p.tab = optionOr(c, "--tab");
                                           return launchOptions(c, p.cwd, p.cmd);
                                       },
                                       {"tab", "shortId"}),
        typed<dt::rpc::PaneCloseParams>({"pane", "close"}, "pane close [--pane REF] [--mode detach|shutdown]",
                                        "close a pane (this terminal by default)", {"--pane", "--mode"}, {},
                                        [](Context &c, dt::rpc::PaneCloseParams &p) {
                                            p.pane = optionOr(c, "--pane");
                                            return closeMode(c, p.mode);
                                        },
                                        {"pane", "mode"}),
        // pane.rename and pane.move are in the contract's catalog, but the app
        // answers them as unsupported: no verb offers them.
        {{"window", "open"}, "window open", "open a window with one tab", method::WindowOpen, {}, {}, nullptr, {"index"}},
        typed<dt::rpc::WindowCloseParams>({"window", "close"}, "window close [--window W] [--mode detach|shutdown]",
                                          "close a window (this one by default)", {"--window", "--mode"}, {},
                                          [](Context &c, dt::rpc::WindowCloseParams &p) {
                                              p.window = optionOr(c, "--window");
                                              return closeMode(c, p.mode);
                                          },
                                          {"window", "mode"}),
        typed<dt::rpc::WindowFocusParams>({"window", "focus"}, "window focus [--window W]", "bring a window to the front",
                                          {"--window"}, {},
                                          [](Context &c, dt::rpc::WindowFocusParams &p) {
                                              p.window = optionOr(c, "--window");
                                              return true;
                                          },
                                          {"window"}),
        {{"panes", "list"}, "panes list [--json]", "this session's device panes", method::PanesList, {}, {}, nullptr, {},
         {{"SHORT", "shortId"}, {"NAME", "name"}, {"FAMILY", "family"}, {"STATE", "state"}, {"DISPLAY", "display"},
          {"UDID", "udid"}}},
        {{"devices", "list"}, "devices list [--json]", "devices this session owns or sees", method::DevicesList, {}, {}, nullptr, {},
         {{"NAME", "name"}, {"KIND", "kind"}, {"STATE", "state"}, {"ATTACHED", "attached"}, {"ID", "id"},
          {"OWNER", "ownerSessionId"}}},
    };
    return table;
}

} // namespace

void addWorkspaceVerbs(std::vector<Verb> &table)
{
    for (const Spec &s : specs())
        table.push_back({s.words, s.usage, s.summary, [&s](Context &c) { return run(c, s); }, {s.method}});
}

} // namespace dt::cli
