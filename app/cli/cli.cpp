// The CLI's shared plumbing: option parsing, connecting to the server (and authenticating inside a tab),
// calling methods, printing JSON, receipts and tables, and the table of every verb.

#include "app/cli/cli.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <cstdlib>

namespace dt::cli {

Context::Context(std::vector<std::string> operands, bool json) : m_operands(std::move(operands)), m_json(json)
{
    if (const char *s = std::getenv("DEVICETERM_SESSION"))
        m_sessionId = s;
    if (const char *c = std::getenv("DEVICETERM_SESSION_CAP"))
        m_capability = c;
}

bool Context::parseOptions(const std::vector<std::string> &valued, const std::vector<std::string> &switches)
{
    auto known = [](const std::vector<std::string> &list, const std::string &w) {
        return std::find(list.begin(), list.end(), w) != list.end();
    };
    bool afterDashes = false;
    for (size_t i = 0; i < m_operands.size(); ++i) {
        const std::string &w = m_operands[i];
        // Short options (-o) only where a verb lists them; otherwise a
        // word with one dash is a positional (a negative number, say).
        const bool listedShort = !afterDashes && w.size() > 1 && w[0] == '-' && w[1] != '-' && (known(valued, w) || known(switches, w));
        if (!listedShort && (afterDashes || w.rfind("--", 0) != 0 || w == "--")) {
            if (w == "--" && !afterDashes) {
                afterDashes = true;
                continue;
            }
            m_positionals.push_back(w);
        } else if (known(valued, w)) {
            if (i + 1 >= m_operands.size()) {
                error(w + " needs a value");
                return false;
            }
            m_options[w] = m_operands[++i];
        } else if (known(switches, w)) {
            m_flags.insert(w);
        } else {
            error("unknown option " + w);
            return false;
        }
    }
    return true;
}

bool Context::acceptOnly(const std::vector<std::string> &switches)
{
    if (!parseOptions({}, switches))
        return false;
    if (!m_positionals.empty()) {
        error("unexpected argument '" + m_positionals.front() + "'");
        return false;
    }
    return true;
}

std::optional<std::string> Context::option(const std::string &name) const
{
    auto it = m_options.find(name);
    return it == m_options.end() ? std::nullopt : std::optional<std::string>(it->second);
}

bool Context::flag(const std::string &name) const
{
    return m_flags.count(name) > 0;
}

dt::rpc::Connection *Context::connect()
{
    if (m_connection)
        return &*m_connection;
    m_connection.emplace();
    std::string why;
    if (!m_connection->open(dt::rpc::defaultSocketPath(), &why)) {
        error(why);
        m_connection.reset();
        return nullptr;
    }
    if (inTab() && !m_authenticated) {
        const dt::rpc::SessionAuthenticateParams auth{m_sessionId, m_capability};
        const auto r = m_connection->call(auth.kMethod, dt::rpc::encode(auth), &why);
        if (!r) {
            error(why);
            m_connection.reset();
            return nullptr;
        }
        if (r->error) {
            reportServerError(*r->error, "this tab's session was refused: ");
            m_connection.reset();
            return nullptr;
        }
        m_authenticated = true;
    }
    return &*m_connection;
}

std::optional<Json> Context::call(const MethodSpec &method, const Json &params)
{
    m_lastError.reset();
    m_lastFailure.clear();
    dt::rpc::Connection *connection = connect();
    if (!connection)
        return std::nullopt;
    std::string why;
    const auto r = connection->call(method, params, &why, m_callTimeoutMs);
    if (!r) {
        m_lastFailure = why;
        if (!m_quietCalls)
            error(why);
        return std::nullopt;
    }
    if (r->error) {
        m_lastError = r->error;
        m_lastFailure = r->error->msg;
        if (!m_quietCalls)
            reportServerError(*r->error);
        return std::nullopt;
    }
    return r->result;
}

void Context::printJson(const Json &value) const
{
    std::printf("%s\n", dt::rpc::dumpJson(value).c_str());
}

void Context::printLine(const std::string &text) const
{
    std::printf("%s\n", text.c_str());
}

void Context::printReceipt(const Json &receipt, const std::vector<const char *> &keys) const
{
    if (m_json) {
        printJson(receipt);
        return;
    }
    std::string line = "ok";
    for (const char *k : keys) {
        auto it = receipt.find(k);
        if (it != receipt.end())
            line += std::string(" ") + k + "=" + (it->is_string() ? it->get<std::string>() : it->dump());
    }
    printLine(line);
}

void Context::printTable(const Json &rows, const std::vector<Column> &columns) const
{
    if (m_json) {
        printJson(rows);
        return;
    }
    auto cell = [](const Json &row, const char *key) -> std::string {
        auto it = row.find(key);
        if (it == row.end() || it->is_null())
            return "-";
        if (it->is_boolean())
            return it->get<bool>() ? "yes" : "no";
        return it->is_string() ? it->get<std::string>() : it->dump();
    };
    std::vector<size_t> widths;
    for (const Column &column : columns) {
        size_t w = std::strlen(column.header);
        for (const Json &row : rows)
            w = std::max(w, cell(row, column.key).size());
        widths.push_back(w);
    }
    auto line = [&](const std::vector<std::string> &cells) {
        std::string out;
        for (size_t i = 0; i < cells.size(); ++i) {
            out += cells[i];
            if (i + 1 < cells.size())
                out += std::string(widths[i] - std::min(widths[i], cells[i].size()) + 2, ' ');
        }
        printLine(out);
    };
    std::vector<std::string> header;
    for (const Column &column : columns)
        header.emplace_back(column.header);
    line(header);
    for (const Json &row : rows) {
        std::vector<std::string> cells;
        for (const Column &column : columns)
            cells.push_back(cell(row, column.key));
        line(cells);
    }
}

namespace {

// "intent.notFound" of "intent.notFound: tab 'x' not found"; empty when the
// message is not one of the app's coded refusals.
std::string intentCodeOf(const std::string &message)
{
    static const std::string kPrefix = "intent.";
    if (message.rfind(kPrefix, 0) != 0)
        return {};
    size_t end = kPrefix.size();
    while (end < message.size() && std::isalpha(static_cast<unsigned char>(message[end])))
        ++end;
    return end > kPrefix.size() && message.compare(end, 2, ": ") == 0 ? message.substr(0, end) : std::string();
}

} // namespace

void Context::error(const std::string &message) const
{
    // A person reads the sentence; the code of one of the app's refusals
    // ("intent.notFound: …") is for scripts, which get it with --json.
    const std::string code = intentCodeOf(message);
    std::fprintf(stderr, "deviceterm: %s\n", (code.empty() ? message : message.substr(code.size() + 2)).c_str());
}

void Context::reportServerError(const dt::rpc::Error &e, const std::string &context) const
{
    if (!m_json) {
        error(context + e.msg);
        return;
    }
    const std::string code = intentCodeOf(e.msg);
    Json body{{"code", e.code}, {"message", context + (code.empty() ? e.msg : e.msg.substr(code.size() + 2))}};
    if (!code.empty())
        body["intent"] = code;
    std::fprintf(stderr, "%s\n", dt::rpc::dumpJson(Json{{"error", body}}).c_str());
}

int Context::notInTab(const std::string &verb) const
{
    error(verb + " needs to run inside a deviceterm tab (DEVICETERM_SESSION is not set)");
    return 1;
}

const std::vector<Verb> &verbs()
{
    static const std::vector<Verb> table = {
        {{"help"}, "help", "show this list", runHelp},
        {{"version"}, "version [--json]", "versions of the CLI, the running deviceterm and the wire protocol", runVersion, {method::DaemonPing}},
        {{"tabs", "list"}, "tabs list [--json]", "every live terminal session", runTabsList, {method::TabsList}},
        {{"tabs", "current"}, "tabs current [--json]", "this tab's session (inside a tab)", runTabsCurrent, {method::TabsList}},
        {{"windows", "list"}, "windows list [--all] [--json]", "this tab's window, or with --all every window", runWindowsList, {method::WindowsList}},
        {{"tab", "info"}, "tab info [--tab REF] [--json]", "a tab (this one by default): session, short id, name, role", runTabInfo, {method::TabInfo}},
        {{"tab", "set-private"}, "tab set-private true|false [--tab REF]",
         "hide a tab you have a terminal in from every other session (or show it again)", runTabSetPrivate, {method::TabSetPrivate}},
        {{"tab", "send-input"}, "tab send-input [--tab REF] [--type-delay MS] [--] TEXT…",
         "type TEXT into a tab (\\n is Enter; needs an orchestrator tab)", runTabSendInput, {method::TabSendInput}},
        {{"tab", "run"}, "tab run --tab REF [--timeout SECONDS] [--max-bytes N] [--queue] [--] COMMAND…",
         "run a command in a tab's shell and print its output; exits with its status (124 after --timeout; needs an "
         "orchestrator tab)",
         runTabRun, {method::TabRun}},
        {{"tab", "wait"}, "tab wait --tab REF [--timeout SECONDS] [--max-bytes N]",
         "wait for a tab's running command and print its output; exits with its status (needs an orchestrator tab)",
         runTabWait, {method::TabWait}},
        {{"tab", "commands"}, "tab commands [--tab REF] [--limit N]",
         "the commands a tab's shell ran: id, status, duration, command line", runTabCommands, {method::TabCommands}},
        {{"tab", "output"}, "tab output [--tab REF] [--command ID] [--max-bytes N]",
         "the output of one command (default: the last finished one), not the screen", runTabOutput, {method::TabOutput}},
        {{"tab", "capture"}, "tab capture [--tab REF] [--scrollback N]",
         "a tab's visible screen as text (needs an orchestrator tab)", runTabCapture, {method::TabCapture}},
        {{"ax", "snapshot"}, "ax snapshot [--interactive] [--pane REF]",
         "the device's UI, one line per element with its ref (@e3) for tap, long-press and find", runAxSnapshot,
         {method::PaneAxSnapshot}},
        {{"find"}, "find @REF | --label L | --role R | --text T [--contains|--regex] [--pane REF]",
         "the device's elements that match, with refs and centres; exits 1 when none does", runFind, {method::PaneAxFind}},
        {{"assert"}, "assert visible|hidden FINDER | assert value FINDER EXPECTED [--pane REF]",
         "check the device's UI once: exit 0 when it holds, 1 when not, 2 when it could not be checked", runAssert,
         {method::PaneAxFind}},
        {{"wait-for"}, "wait-for FINDER [--gone] [--timeout 5s] [--pane REF]",
         "wait until an element shows (or has gone), watching the screen change; exit 1 at the timeout", runWaitFor,
         {method::PaneAxWaitFor}},
        {{"wait-idle"}, "wait-idle [--quiet 300ms] [--timeout 5s] [--pane REF]",
         "wait until the device's screen has been still that long", runWaitIdle, {method::PaneWaitIdle}},
        {{"screenshot"}, "screenshot -o FILE.png [--pane REF]", "the device's screen, exactly its pixels, as a PNG",
         runScreenshot, {method::PaneScreenshot}},
        {{"record"}, "record start -o FILE.webm|.mkv|.mp4 [--fps N] [--pane REF] | record stop [--pane REF]",
         "record the device's screen into a video (the app writes it; stop waits until it is complete)", runRecord,
         {method::PaneRecordStart, method::PaneRecordStop}},
        {{"replay"}, "replay FLOW.yaml [-e NAME=VALUE]… [--pane REF] | replay --record FLOW.yaml [--pane REF]",
         "run a flow written in Maestro's YAML (a subset) on the device: a line per step; exit 0 when all passed, 1 "
         "when one failed (its screenshot beside the flow), 2 when the flow was refused. --record writes the flow of "
         "what you do on the device pane (taps by the element's text) until Ctrl+C",
         runReplay,
         {method::DaemonEvents, method::PaneInfo, method::DeviceLaunch, method::PaneInputTap, method::PaneInputLongPress, method::PaneInputSwipe,
          method::PaneInputKey, method::PaneInputText, method::PaneInputButton, method::PaneAxFind, method::PaneAxWaitFor,
          method::PaneWaitIdle, method::PaneScreenshot}},
        {{"perf"}, "perf [--sample 500ms] [--pane REF]",
         "CPU and memory of the device's app and launched programs (and their children), sampled", runPerf,
         {method::PanePerf}},
        {{"logs"}, "logs [--follow] [--bytes N] [--pane REF]",
         "what the device's app and launched programs printed (kept after a crash); --follow waits for more",
         runLogs, {method::PaneLogs}},
        {{"sim", "create"}, "sim create NAME --profile watch|phone|pad|tv [--qt-touch] [-- APP ARGS…]",
         "make a virtual device (its app: the device shell unless given; --qt-touch: a Qt app gets real "
         "multi-finger touch and no network)",
         runSimCreate},
        {{"sim", "list"}, "sim list [--json]", "the virtual devices you made, and which are booted", runSimList},
        {{"sim", "delete"}, "sim delete UDID|NAME", "forget a virtual device that is shut down", runSimDelete},
        {{"events"}, "events", "follow workspace events as JSON lines (inside a tab)", runEvents, {method::DaemonEvents}},
        {{"doctor"}, "doctor [--json]", "check this shell's automation setup and the running deviceterm", runDoctor,
         {method::DaemonPing, method::TabsList, method::SessionAuthenticate, method::DaemonCapabilities}},
        {{"dump-config"}, "dump-config [--json] [--reference]",
         "every config key, its value and where it comes from (--reference: what each key sets and takes)", runDumpConfig},
        {{"with-pane"}, "with-pane [--pane REF] -- COMMAND [ARGS…]", "run COMMAND aimed at a device pane; exits with its status",
         runWithPane, {method::PanesList}},
        {{"agents"}, "agents", "a guide for coding agents and scripts in a deviceterm tab", runAgents},
        {{"completions"}, "completions install|print bash|zsh|fish",
         "install shell completions for deviceterm in your home, or print them (for packagers)", runCompletions,
         {method::TabsList}}, // completions values tabs, asked by the scripts
    };
    static const std::vector<Verb> all = [] {
        std::vector<Verb> t = table;
        addWorkspaceVerbs(t);
        addDeviceVerbs(t);
        return t;
    }();
    return all;
}

} // namespace dt::cli
