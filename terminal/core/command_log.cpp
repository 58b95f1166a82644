// The record-keeping of semantic prompt marks (see the header): which mark
// opens, fills and closes a record, and the bound on how many are kept.

#include "terminal/core/command_log.h"

#include <algorithm>

namespace dt::term {

void CommandLog::promptStarted(LinePosition at, int64_t nowMs)
{
    m_integrated = true;
    ++m_generation;
    // A prompt while a command still runs: it ended without telling us how
    // (the shell was interrupted, or its integration lost track).
    finishRunning(at, std::nullopt, nowMs);
    m_pendingPrompt = at;
    m_pendingInput.reset();
    m_markedSinceOutput = true;
    ++m_prompts;
}

void CommandLog::inputStarted(LinePosition at)
{
    m_integrated = true;
    ++m_generation;
    m_pendingInput = at;
    m_markedSinceOutput = true;
    ++m_inputs;
}

void CommandLog::outputStarted(LinePosition at, std::string commandLine, int64_t nowMs)
{
    m_integrated = true;
    // A second C for the same command (two integrations at once, such as
    // fish 4's own and ours) is the same command, not a new one.
    if (running() && !m_markedSinceOutput)
        return;
    ++m_generation;
    m_markedSinceOutput = false;
    finishRunning(at, std::nullopt, nowMs);
    if (commandLine.size() > kMaxCommandLineBytes) {
        size_t cut = kMaxCommandLineBytes;
        while (cut > 0 && (static_cast<unsigned char>(commandLine[cut]) & 0xC0) == 0x80)
            --cut; // not inside a UTF-8 character
        commandLine.resize(cut);
    }
    CommandRecord r;
    r.id = m_nextId++;
    r.commandLine = std::move(commandLine);
    r.cwd = m_cwd;
    r.prompt = m_pendingPrompt.value_or(at);
    r.input = m_pendingInput.value_or(at);
    r.output = at;
    r.startedMs = nowMs;
    m_records.push_back(std::move(r));
    while (m_records.size() > m_capacity)
        m_records.pop_front();
    m_pendingPrompt.reset();
    m_pendingInput.reset();
}

void CommandLog::finished(LinePosition at, std::optional<int> exitStatus, int64_t nowMs)
{
    m_integrated = true;
    ++m_generation;
    finishRunning(at, exitStatus, nowMs);
}

void CommandLog::finishRunning(LinePosition at, std::optional<int> exitStatus, int64_t nowMs)
{
    if (m_records.empty() || m_records.back().finished)
        return; // a D without a command (bash reports one at every prompt)
    CommandRecord &r = m_records.back();
    r.finished = true;
    r.exitStatus = exitStatus;
    r.end = at;
    r.finishedMs = std::max(nowMs, r.startedMs);
}

const CommandRecord *CommandLog::find(uint64_t id) const
{
    const auto it = std::find_if(m_records.begin(), m_records.end(), [id](const CommandRecord &r) { return r.id == id; });
    return it == m_records.end() ? nullptr : &*it;
}

const CommandRecord *CommandLog::running() const
{
    return !m_records.empty() && !m_records.back().finished ? &m_records.back() : nullptr;
}

const CommandRecord *CommandLog::lastFinished() const
{
    for (auto it = m_records.rbegin(); it != m_records.rend(); ++it)
        if (it->finished)
            return &*it;
    return nullptr;
}

CommandLogCursor::News CommandLogCursor::take(const CommandLog &log)
{
    News news;
    for (const CommandRecord &r : log.records()) {
        if (r.id > m_lastStarted) {
            news.started.push_back(r.id);
            m_lastStarted = r.id;
        }
        // Records finish in order: only the newest one ever runs.
        if (r.finished && r.id > m_lastFinished) {
            news.finished.push_back(r.id);
            m_lastFinished = r.id;
        }
    }
    return news;
}

std::string pathOfFileUrl(const std::string &url, const std::string &localHost)
{
    static const std::string scheme = "file://";
    if (url.compare(0, scheme.size(), scheme) != 0)
        return {};
    const size_t slash = url.find('/', scheme.size()); // after the host
    if (slash == std::string::npos)
        return {};
    const std::string host = url.substr(scheme.size(), slash - scheme.size());
    if (!host.empty() && host != "localhost" && host != localHost)
        return {};
    const auto hex = [](char c) -> int {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    };
    std::string path;
    for (size_t i = slash; i < url.size(); ++i) {
        char c = url[i];
        if (c == '%' && i + 2 < url.size() && hex(url[i + 1]) >= 0 && hex(url[i + 2]) >= 0) {
            c = static_cast<char>(hex(url[i + 1]) * 16 + hex(url[i + 2]));
            i += 2;
        }
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return {};
        path.push_back(c);
    }
    if (path.size() > CommandLog::kMaxPathBytes)
        return {};
    return path;
}

} // namespace dt::term
