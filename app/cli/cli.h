#pragma once

#include "rpc/client/connection.h"
#include "rpc/contract/params.h"

#include <functional>
#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace dt::cli {

using dt::rpc::Json;
using dt::rpc::MethodSpec;
namespace method = dt::rpc::method;

// What every verb gets: its operands, the global flags, the session the
// shell is in (from the tab's environment) and a way to reach the server.
class Context {
public:
    Context(std::vector<std::string> operands, bool json);

    const std::vector<std::string> &operands() const { return m_operands; }
    bool json() const { return m_json; }

    // Reads `--name value` options and `--switch` flags from the operands;
    // what is left are the positional words. Unknown options are a usage
    // error (printed; returns false).
    bool parseOptions(const std::vector<std::string> &valued, const std::vector<std::string> &switches);
    std::optional<std::string> option(const std::string &name) const;
    bool flag(const std::string &name) const;
    const std::vector<std::string> &positionals() const { return m_positionals; }
    // A verb that resolved its target (a ref, a finder) to other words.
    void setPositionals(std::vector<std::string> words) { m_positionals = std::move(words); }
    // For verbs that take no words: only these switches, nothing else.
    bool acceptOnly(const std::vector<std::string> &switches = {});

    // Inside a deviceterm tab: DEVICETERM_SESSION and _CAP are set.
    bool inTab() const { return !m_sessionId.empty() && !m_capability.empty(); }
    const std::string &sessionId() const { return m_sessionId; }

    // Connects (and, inside a tab, authenticates). On failure prints the
    // reason and returns null.
    dt::rpc::Connection *connect();
    // Calls a method of the contract; on any failure prints the error and
    // returns nullopt.
    std::optional<Json> call(const MethodSpec &method, const Json &params = Json::object());
    // A method with typed parameters (rpc/contract/params.h): the type names
    // its method.
    template <class P>
    std::optional<Json> call(const P &params)
    {
        return call(P::kMethod, dt::rpc::encode(params));
    }
    // How long a call waits for its answer (default 10 s; negative: as long
    // as it takes), for methods that answer when something has happened.
    void setCallTimeout(int milliseconds) { m_callTimeoutMs = milliseconds; }
    // The server's error of the last call, if it failed with one.
    const std::optional<dt::rpc::Error> &lastError() const { return m_lastError; }
    // Calls that fail print nothing (the caller reports lastFailure()).
    void setQuietCalls(bool quiet) { m_quietCalls = quiet; }
    // Why the last call failed (the server's message, or the connection's).
    const std::string &lastFailure() const { return m_lastFailure; }

    // Output: JSON (sorted keys, trailing newline) or text, on stdout.
    void printJson(const Json &value) const;
    void printLine(const std::string &text) const;
    // A receipt: JSON as is, or "ok key=value …" with those of `keys` it has.
    void printReceipt(const Json &receipt, const std::vector<const char *> &keys) const;
    // Rows as JSON (--json), else as aligned columns under a header; a
    // column is {header, key}; absent values show as "-", booleans as
    // yes/no; no rows: just the header.
    struct Column {
        const char *header;
        const char *key;
    };
    void printTable(const Json &rows, const std::vector<Column> &columns) const;
    // Errors, on stderr, as a sentence (an "intent.…: " code left out).
    void error(const std::string &message) const;
    // An error the app answered with: a sentence, or with --json one JSON
    // line {"error":{"code","intent" (when it has one),"message"}}.
    void reportServerError(const dt::rpc::Error &e, const std::string &context = {}) const;
    // For session verbs run outside a tab.
    int notInTab(const std::string &verb) const;

private:
    std::vector<std::string> m_operands;
    std::vector<std::string> m_positionals;
    std::map<std::string, std::string> m_options;
    std::set<std::string> m_flags;
    bool m_json;
    std::string m_sessionId;
    std::string m_capability;
    std::optional<dt::rpc::Connection> m_connection;
    bool m_authenticated = false;
    int m_callTimeoutMs = 10000;
    std::optional<dt::rpc::Error> m_lastError;
    bool m_quietCalls = false;
    std::string m_lastFailure;
};

// One command: the words that name it ("tabs list"), what it does, the
// function that runs it (returning the exit status) and the contract
// methods it sends. Inside a tab the connection also sends
// session.authenticate, for every verb (kConnectionSends).
struct Verb {
    std::vector<std::string> words;
    const char *usage;
    const char *summary;
    std::function<int(Context &)> run;
    std::vector<MethodSpec> sends = {};
};
inline constexpr MethodSpec kConnectionSends = method::SessionAuthenticate;

const std::vector<Verb> &verbs();

// Verbs, one file each under verbs/.
int runVersion(Context &c);
int runTabsList(Context &c);
int runTabsCurrent(Context &c);
int runWindowsList(Context &c);
int runTabInfo(Context &c);
int runHelp(Context &c);
int runEvents(Context &c);
int runDoctor(Context &c);
int runDumpConfig(Context &c);
int runAgents(Context &c);
int runCompletions(Context &c);
int runWithPane(Context &c);
int runTabSendInput(Context &c);
int runTabCapture(Context &c);
int runTabSetPrivate(Context &c);
int runTabRun(Context &c);
int runTabWait(Context &c);
int runTabCommands(Context &c);
int runTabOutput(Context &c);
int runAxSnapshot(Context &c);
int runFind(Context &c);
int runAssert(Context &c);
int runWaitFor(Context &c);
int runWaitIdle(Context &c);
int runScreenshot(Context &c);
// Writes a pane.screenshot answer's PNG to `path`; why not, or nullopt.
std::optional<std::string> saveScreenshot(const Json &answer, const std::string &path);
int runReplay(Context &c);
// replay --record (replay_record.cpp): a flow of what a person does.
int runReplayRecord(Context &c, const std::string &file, const std::optional<std::string> &pane);
int runRecord(Context &c);
int runLogs(Context &c);
int runPerf(Context &c);
// What the element verbs share (ax_snapshot.cpp): the pane they act on
// (--pane, else with-pane's, else the only one) and element lines.
std::string axPane(Context &c);
void printAxEntries(const Json &entries, bool indent);
int runSimCreate(Context &c);
int runSimList(Context &c);
int runSimDelete(Context &c);
// Workspace verbs (tab/pane/window mutations and rosters), table-driven.
void addWorkspaceVerbs(std::vector<Verb> &table);
// Device verbs (sim boot/shutdown, pane info, gestures), table-driven.
void addDeviceVerbs(std::vector<Verb> &table);

} // namespace dt::cli
