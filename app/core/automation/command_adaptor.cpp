// Running and waiting on commands in a tab (see the header): the checks
// before typing, the record a wait finishes with, and what ends a wait
// early.

#include "app/core/automation/command_adaptor.h"

#include "app/core/automation/caller_view.h"
#include "app/core/automation/workspace_adaptor.h"
#include "terminal/terminal_session.h"

#include <QElapsedTimer>
#include <QTimer>

namespace dt::app {

using dt::rpc::CommandInfo;
using dt::rpc::Error;
namespace code = dt::rpc::code;
namespace intent = dt::rpc::intent;

namespace {

// How long a shell may take to show its (first or next) prompt when the
// caller set no timeout: start-up files can be slow.
constexpr int64_t kPromptWaitMillis = 10000;
// How long a typed command may take to start (its output mark) before the
// shell is taken to be waiting for more of it.
constexpr int kStartMillis = 10000;

// A record as answers show it; with `maxBytes`, its output too (the end of
// it when it is longer: what a command printed last matters most).
CommandInfo infoOf(const dt::terminal::TerminalSession &session, const dt::term::CommandRecord &r,
                   std::optional<size_t> maxBytes)
{
    CommandInfo info;
    info.commandId = r.id;
    info.command = r.commandLine;
    if (!r.cwd.empty())
        info.cwd = r.cwd;
    info.running = !r.finished;
    info.exitStatus = r.exitStatus;
    info.startedMillis = r.startedMs;
    if (r.finished)
        info.durationMillis = r.finishedMs - r.startedMs;
    if (maxBytes) {
        bool trimmed = false;
        std::string out = session.terminal().commandOutput(r, &trimmed);
        if (out.size() > *maxBytes) {
            size_t from = out.size() - *maxBytes;
            while (from < out.size() && (static_cast<unsigned char>(out[from]) & 0xC0) == 0x80)
                ++from; // not inside a UTF-8 character
            out.erase(0, from);
            trimmed = true;
        }
        info.output = std::move(out);
        info.truncated = trimmed;
    }
    return info;
}

} // namespace

struct CommandAdaptor::Claim {
    std::string caller;
    Authority authority = Authority::Grant;
    TabId tab = 0;
    PaneId pane = 0;
};

struct CommandAdaptor::Waiter : Claim {
    uint64_t afterId = 0;
    size_t maxBytes = 0;
    // tab.run: the input areas seen when the command was typed (B marks).
    // A new one with no command started means the shell ran nothing.
    std::optional<uint64_t> promptsWhenTyped;
    CommandAnswer done;
    std::unique_ptr<QTimer> timer;
    std::unique_ptr<QTimer> startTimer; // tab.run: the shell must start the command
};

struct CommandAdaptor::PendingRun : Claim {
    CommandAnswer done;
    std::unique_ptr<QObject> context; // its connection and its timer
};

CommandAdaptor::CommandAdaptor(Workspace &workspace, dt::rpc::OrchestrationPort &typist)
    : m_workspace(workspace), m_typist(typist), m_context(std::make_unique<QObject>())
{
    // A wait ends with the authority it ran under: the tab goes, turns
    // private to the caller, or the caller's grant ends.
    QObject::connect(&m_workspace, &Workspace::paneClosed, m_context.get(), [this](PaneId pane, TabId) {
        endWhere([pane](const Claim &w) -> std::optional<Error> {
            if (w.pane != pane)
                return std::nullopt;
            return dt::rpc::intentError(intent::NotFound, "the tab's terminal closed while its command ran");
        });
    });
    QObject::connect(&m_workspace, &Workspace::paneExited, m_context.get(), [this](PaneId pane) {
        endWhere([pane](const Claim &w) -> std::optional<Error> {
            if (w.pane != pane)
                return std::nullopt;
            return dt::rpc::intentError(intent::MutationFailed, "the tab's shell exited before the command finished");
        });
    });
    QObject::connect(&m_workspace, &Workspace::tabPrivacyChanged, m_context.get(), [this](TabId) {
        endWhere([this](const Claim &w) -> std::optional<Error> {
            if (CallerView(m_workspace, w.caller).canSee(w.tab))
                return std::nullopt;
            return dt::rpc::intentError(intent::NotFound, "tab not found");
        });
    });
    QObject::connect(&m_workspace, &Workspace::tabGrantChanged, m_context.get(), [this](TabId) {
        endWhere([this](const Claim &w) -> std::optional<Error> {
            if (w.authority != Authority::Grant)
                return std::nullopt;
            const Workspace::Pane *own = CallerView(m_workspace, w.caller).own();
            if (own && m_workspace.hasOrchestrationGrant(own->id))
                return std::nullopt;
            return Error{code::RoleViolation, "this session's orchestration grant ended while it waited"};
        });
    });
}

CommandAdaptor::~CommandAdaptor()
{
    // No answer leaves while the app goes: the server is already gone.
    m_waiters.clear();
    m_pendingRuns.clear();
}

void CommandAdaptor::runCommand(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                                size_t maxBytes, bool queue, CommandAnswer done)
{
    run(caller, tab, command, timeoutMillis, maxBytes, queue, std::move(done), Authority::Grant);
}

void CommandAdaptor::runInNewTab(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                                 size_t maxBytes, CommandAnswer done)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    dt::terminal::TerminalSession *session = t ? m_workspace.session(t->primary) : nullptr;
    if (!session)
        return done(dt::rpc::intentError(intent::NotFound, "the new tab closed at once"));
    if (!session->startedIntegrated()) {
        // Typed as tab open --cmd would; only the wait cannot be had.
        WorkspaceAdaptor::typeWhenReady(*session, QByteArray::fromStdString(command) + '\r');
        return done(dt::rpc::intentError(intent::NotIntegrated,
                                         "the command was typed, but this shell reports no commands to wait on "
                                         "(deviceterm doctor in that tab says why)"));
    }
    // Its first prompt is still to come.
    runAtNextPrompt(caller, tab, command, timeoutMillis, timeoutMillis > 0 ? timeoutMillis : kPromptWaitMillis, maxBytes,
                    false, std::move(done), Authority::OpenedTab);
}

void CommandAdaptor::run(const std::string &caller, Handle tab, const std::string &command, int64_t timeoutMillis,
                         size_t maxBytes, bool queue, CommandAnswer done, Authority authority)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    dt::terminal::TerminalSession *session = t ? m_workspace.session(t->primary) : nullptr;
    if (!session)
        return done(dt::rpc::intentError(intent::NotFound, "tab not found"));
    const dt::term::CommandLog &log = session->terminal().commands();
    if (!log.integrated())
        return done(dt::rpc::intentError(intent::NotIntegrated,
                                         "the tab's shell reports no commands (deviceterm doctor in that tab says why); "
                                         "use tab send-input and tab capture instead"));
    const dt::term::CommandRecord *running = log.running();
    const CallerView view(m_workspace, caller);
    if (!view.canSee(t->id))
        return done(dt::rpc::intentError(intent::NotFound, "tab not found"));
    if (authority == Authority::Grant && (!view.own() || !m_workspace.hasOrchestrationGrant(view.own()->id)))
        return done(Error{code::RoleViolation, "this session's orchestration grant ended while it waited"});
    if (running && view.own() && view.own()->id == t->primary)
        return done(dt::rpc::intentError(intent::Busy, "this is the caller's own terminal: its running command is this "
                                                       "call; name another tab with --tab"));
    if ((running || claimed(t->primary)) && queue)
        // Its turn comes at the next prompt that nobody else types at.
        return runAtNextPrompt(caller, tab, command, timeoutMillis,
                               timeoutMillis > 0 ? timeoutMillis : dt::rpc::limit::kCommandWaitMillis, maxBytes, queue,
                               std::move(done), authority);
    if (running)
        return done(dt::rpc::intentError(intent::Busy, "the tab is still running command " + std::to_string(running->id)
                                                           + " (" + running->commandLine
                                                           + "); wait for it with tab wait, or pass --queue"));
    if (claimed(t->primary))
        return done(dt::rpc::intentError(intent::Busy, "another tab run has just typed its command there; pass --queue "
                                                       "to run after it"));
    if (!log.pendingInput())
        // Between a command's end and the next prompt (the shell is still
        // drawing it).
        return runAtNextPrompt(caller, tab, command, timeoutMillis,
                               timeoutMillis > 0 ? timeoutMillis : kPromptWaitMillis, maxBytes, queue, std::move(done),
                               authority);
    // Text already at the prompt (a person typing there) would run as part
    // of this command: the input area must be empty, the cursor where the
    // shell put it.
    const dt::term::Terminal &terminal = session->terminal();
    const dt::term::LinePosition input = *log.pendingInput();
    if (!terminal.altScreenActive()
        && (terminal.linesAboveScreen() + terminal.cursor().row != input.line || terminal.cursor().col != input.column))
        return done(dt::rpc::intentError(intent::Busy, "there is text at the tab's prompt (someone is typing there); "
                                                       "nothing was typed"));
    const uint64_t afterId = log.records().empty() ? 0 : log.records().back().id;
    const uint64_t prompts = log.inputCount();
    if (authority == Authority::Grant) {
        // Through the typing queue, audited like any typing into another tab.
        if (auto error = m_typist.sendInput(caller, tab, command + "\n", 0))
            return done(*error);
    } else {
        session->sendBytes(QByteArray::fromStdString(command) + '\r');
    }
    wait(caller, t->id, afterId, timeoutMillis, maxBytes, std::move(done), authority, prompts);
}

void CommandAdaptor::runAtNextPrompt(const std::string &caller, Handle tab, const std::string &command,
                                     int64_t timeoutMillis, int64_t budget, size_t maxBytes, bool queue, CommandAnswer done,
                                     Authority authority)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    dt::terminal::TerminalSession *session = m_workspace.session(t->primary);
    // Held like a wait: the tab closing, turning private or the grant
    // ending answers it at once (endWhere).
    auto pending = std::make_shared<PendingRun>();
    pending->caller = caller;
    pending->authority = authority;
    pending->tab = t->id;
    pending->pane = t->primary;
    pending->done = std::move(done);
    pending->context = std::make_unique<QObject>();
    m_pendingRuns.push_back(pending);
    const std::weak_ptr<PendingRun> weak = pending;
    auto since = std::make_shared<QElapsedTimer>();
    since->start();
    QObject::connect(session, &dt::terminal::TerminalSession::commandsChanged, pending->context.get(),
                     [this, weak, tab, command, timeoutMillis, maxBytes, queue, since, authority] {
                         auto p = weak.lock();
                         const Workspace::Tab *t = m_workspace.tab(tab);
                         dt::terminal::TerminalSession *s = t ? m_workspace.session(t->primary) : nullptr;
                         if (!p || !s || !s->terminal().commands().pendingInput() || s->terminal().commands().running()
                             || claimed(t->primary))
                             return;
                         CommandAnswer done = takePending(p);
                         const int64_t left = timeoutMillis > 0 ? std::max<int64_t>(1, timeoutMillis - since->elapsed()) : 0;
                         // The checks run again inside (the grant, privacy, the prompt).
                         run(p->caller, tab, command, left, maxBytes, queue, std::move(done), authority);
                     });
    QTimer::singleShot(std::chrono::milliseconds(budget), pending->context.get(), [this, weak] {
        if (auto p = weak.lock())
            takePending(p)(dt::rpc::intentError(intent::Timeout, "the tab's shell showed no free prompt in time; nothing was typed"));
    });
}

CommandAdaptor::CommandAnswer CommandAdaptor::takePending(const std::shared_ptr<PendingRun> &run)
{
    m_pendingRuns.remove(run);
    // Later: this may run inside one of its own slots.
    if (QObject *context = run->context.release())
        context->deleteLater();
    CommandAnswer done = std::move(run->done);
    return done ? done : [](std::variant<CommandInfo, Error>) {};
}

bool CommandAdaptor::claimed(PaneId pane) const
{
    dt::terminal::TerminalSession *session = m_workspace.session(pane);
    if (!session)
        return false;
    const dt::term::CommandLog &log = session->terminal().commands();
    const uint64_t newest = log.records().empty() ? 0 : log.records().back().id;
    return std::any_of(m_waiters.begin(), m_waiters.end(), [&](const std::shared_ptr<Waiter> &w) {
        // Typed by a run, and no record after it has started yet.
        return w->pane == pane && w->promptsWhenTyped && newest <= w->afterId;
    });
}

void CommandAdaptor::waitCommand(const std::string &caller, Handle tab, int64_t timeoutMillis, size_t maxBytes,
                                 CommandAnswer done)
{
    const Workspace::Tab *t = m_workspace.tab(tab);
    dt::terminal::TerminalSession *session = t ? m_workspace.session(t->primary) : nullptr;
    if (!session)
        return done(dt::rpc::intentError(intent::NotFound, "tab not found"));
    const dt::term::CommandLog &log = session->terminal().commands();
    // The caller's own terminal is running the caller: it would wait for itself.
    if (const Workspace::Pane *own = CallerView(m_workspace, caller).own(); own && own->id == t->primary && log.running())
        return done(dt::rpc::intentError(intent::Busy, "this is the caller's own terminal: its running command is this wait; "
                                                       "name another tab with --tab"));
    if (const dt::term::CommandRecord *running = log.running())
        return wait(caller, t->id, running->id - 1, timeoutMillis, maxBytes, std::move(done), Authority::Grant);
    if (const dt::term::CommandRecord *last = log.lastFinished())
        return done(infoOf(*session, *last, maxBytes));
    return done(dt::rpc::intentError(log.integrated() ? intent::NotFound : intent::NotIntegrated,
                                     log.integrated() ? "the tab has run no command yet"
                                                      : "the tab's shell reports no commands (deviceterm doctor in that tab says why)"));
}

void CommandAdaptor::wait(const std::string &caller, TabId tab, uint64_t afterId, int64_t timeoutMillis, size_t maxBytes,
                          CommandAnswer done, Authority authority, std::optional<uint64_t> promptsWhenTyped)
{
    auto waiter = std::make_shared<Waiter>();
    waiter->caller = caller;
    waiter->authority = authority;
    waiter->tab = tab;
    waiter->pane = m_workspace.tab(tab)->primary;
    waiter->afterId = afterId;
    waiter->maxBytes = maxBytes;
    waiter->promptsWhenTyped = promptsWhenTyped;
    waiter->done = std::move(done);
    waiter->timer = std::make_unique<QTimer>();
    waiter->timer->setSingleShot(true);
    const int64_t limit = timeoutMillis > 0 ? timeoutMillis : dt::rpc::limit::kCommandWaitMillis;
    QObject::connect(waiter->timer.get(), &QTimer::timeout, m_context.get(), [this, w = std::weak_ptr<Waiter>(waiter)] {
        if (auto waiter = w.lock())
            end(waiter, dt::rpc::intentError(intent::Timeout, "the command is still running (nothing was stopped); "
                                                              "tab wait picks it up again"));
    });
    if (promptsWhenTyped) {
        // A line the shell reads on without running (an unclosed quote, a
        // here-doc) holds the prompt for good: say so, and let go of it.
        waiter->startTimer = std::make_unique<QTimer>();
        waiter->startTimer->setSingleShot(true);
        QObject::connect(waiter->startTimer.get(), &QTimer::timeout, m_context.get(), [this, w = std::weak_ptr<Waiter>(waiter)] {
            auto waiter = w.lock();
            dt::terminal::TerminalSession *session = waiter ? m_workspace.session(waiter->pane) : nullptr;
            const auto &records = session ? session->terminal().commands().records() : std::deque<dt::term::CommandRecord>{};
            if (waiter && (records.empty() || records.back().id <= waiter->afterId))
                end(waiter, dt::rpc::intentError(intent::MutationFailed,
                                                  "the shell did not start the command within 10 s: it is probably waiting "
                                                  "for more input (an unclosed quote?); nothing ran. Ctrl+C there "
                                                  "(tab send-input '\\x03') abandons the line"));
        });
        waiter->startTimer->start(std::chrono::milliseconds(kStartMillis));
    }
    waiter->timer->start(std::chrono::milliseconds(limit));
    dt::terminal::TerminalSession *session = m_workspace.session(waiter->pane);
    QObject::connect(session, &dt::terminal::TerminalSession::commandsChanged, waiter->timer.get(),
                     [this, pane = waiter->pane] { check(pane); });
    m_waiters.push_back(waiter);
    check(waiter->pane); // it may have finished already
}

void CommandAdaptor::check(PaneId pane)
{
    dt::terminal::TerminalSession *session = m_workspace.session(pane);
    if (!session)
        return;
    const dt::term::CommandLog &log = session->terminal().commands();
    std::vector<std::pair<std::shared_ptr<Waiter>, std::variant<CommandInfo, Error>>> ending;
    for (const auto &w : m_waiters) {
        if (w->pane != pane)
            continue;
        const dt::term::CommandRecord *record = nullptr;
        for (const dt::term::CommandRecord &r : log.records())
            if (r.id > w->afterId) {
                record = &r;
                break;
            }
        if (record && record->finished)
            ending.emplace_back(w, infoOf(*session, *record, w->maxBytes));
        else if (!record && w->promptsWhenTyped && log.inputCount() > *w->promptsWhenTyped)
            ending.emplace_back(w, dt::rpc::intentError(intent::MutationFailed,
                                                        "the shell showed its prompt again without running the command "
                                                        "(an incomplete line, or history expansion failed)"));
    }
    for (auto &[w, answer] : ending)
        end(w, std::move(answer));
}

void CommandAdaptor::end(const std::shared_ptr<Waiter> &waiter, std::variant<CommandInfo, Error> answer)
{
    // Removed first: the answer may start another wait.
    m_waiters.remove(waiter);
    waiter->timer->stop();
    if (waiter->startTimer)
        waiter->startTimer->stop();
    CommandAnswer done = std::move(waiter->done);
    if (done)
        done(std::move(answer));
}

void CommandAdaptor::endWhere(const std::function<std::optional<Error>(const Claim &)> &why)
{
    std::vector<std::pair<std::shared_ptr<Waiter>, Error>> ending;
    for (const auto &w : m_waiters)
        if (auto error = why(*w))
            ending.emplace_back(w, *error);
    std::vector<std::pair<std::shared_ptr<PendingRun>, Error>> notRun;
    for (const auto &p : m_pendingRuns)
        if (auto error = why(*p))
            notRun.emplace_back(p, *error);
    for (auto &[w, error] : ending)
        end(w, error);
    for (auto &[p, error] : notRun)
        takePending(p)(error);
}

std::variant<dt::terminal::TerminalSession *, Error> CommandAdaptor::readableTerminal(const std::string &caller, Handle tab,
                                                                                    const char *what) const
{
    const CallerView view(m_workspace, caller);
    const Workspace::Tab *t = m_workspace.tab(tab);
    dt::terminal::TerminalSession *session = t ? m_workspace.session(t->primary) : nullptr;
    if (!session)
        return dt::rpc::intentError(intent::NotFound, "tab not found");
    // Its own tab, or any tab with a grant.
    if (!view.isInsider(t->id) && !(view.own() && m_workspace.hasOrchestrationGrant(view.own()->id)))
        return Error{code::RoleViolation, std::string("another tab's ") + what + " need an orchestrator tab"};
    return session;
}

std::variant<std::vector<CommandInfo>, Error> CommandAdaptor::commands(const std::string &caller, Handle tab, int limit)
{
    const auto found = readableTerminal(caller, tab, "commands");
    if (const auto *error = std::get_if<Error>(&found))
        return *error;
    const dt::terminal::TerminalSession &session = *std::get<dt::terminal::TerminalSession *>(found);
    std::vector<CommandInfo> out;
    const auto &records = session.terminal().commands().records();
    const size_t from = records.size() > size_t(limit) ? records.size() - size_t(limit) : 0;
    for (size_t i = from; i < records.size(); ++i)
        out.push_back(infoOf(session, records[i], std::nullopt));
    return out;
}

std::variant<CommandInfo, Error> CommandAdaptor::commandOutput(const std::string &caller, Handle tab,
                                                               std::optional<uint64_t> command, size_t maxBytes)
{
    const auto found = readableTerminal(caller, tab, "outputs");
    if (const auto *error = std::get_if<Error>(&found))
        return *error;
    const dt::terminal::TerminalSession &session = *std::get<dt::terminal::TerminalSession *>(found);
    const dt::term::CommandLog &log = session.terminal().commands();
    const dt::term::CommandRecord *r = command ? log.find(*command) : log.lastFinished();
    if (!r)
        return dt::rpc::intentError(intent::NotFound, command ? "command " + std::to_string(*command) + " not found (or no longer kept)"
                                                              : std::string("the tab has finished no command yet"));
    return infoOf(session, *r, maxBytes);
}

} // namespace dt::app
