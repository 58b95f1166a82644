// Semantic prompt marks in the terminal model: OSC 133 (A prompt, B input,
// C output, D;status done) and OSC 7 (the directory) become command
// records at the cursor's absolute position, and a record's output is read
// back from the grid and history.

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <string_view>
#include <unistd.h>

namespace dt::term {

namespace {

int64_t nowMs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// "D;0" → 0, "D;130;aid=…" → 130; absent or not a number: nullopt.
std::optional<int> statusOf(std::string_view rest)
{
    if (rest.empty() || rest.front() != ';')
        return std::nullopt;
    rest.remove_prefix(1);
    const size_t end = rest.find(';');
    const std::string number(rest.substr(0, end));
    char *stop = nullptr;
    const long v = std::strtol(number.c_str(), &stop, 10);
    if (number.empty() || *stop != '\0' || v < 0 || v > 255)
        return std::nullopt;
    return static_cast<int>(v);
}

void trimRight(std::string &s)
{
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n'))
        s.pop_back();
}

} // namespace

const Line *Terminal::primaryLineAt(int64_t absoluteLine) const
{
    // Commands live on the primary screen and in history, whichever screen
    // shows now (a full-screen program may be running on the other).
    if (absoluteLine >= m_linesAboveScreen) {
        const int64_t row = absoluteLine - m_linesAboveScreen;
        return row < m_rows ? &m_primary.row(static_cast<int>(row)) : nullptr;
    }
    const int64_t fromNewest = m_linesAboveScreen - 1 - absoluteLine;
    if (fromNewest < 0 || fromNewest >= m_scrollback.size())
        return nullptr;
    return &m_scrollback.fromNewest(static_cast<int>(fromNewest));
}

LinePosition Terminal::cursorPosition() const
{
    const CursorState c = cursor();
    return {linesAboveScreen() + c.row, c.col};
}

void Terminal::onOsc(const char *command, size_t length)
{
    const std::string_view s(command, length);
    // Colours and the clipboard are handled on either screen (full-screen
    // programs ask and copy most).
    if (handleColourRequest(s) || takeClipboardRequest(s) || takeHyperlink(s) || takeNotificationRequest(s))
        return;
    // Full-screen programs do not print prompt marks; none are believed
    // from the alternate screen, whose lines have no place in history.
    if (m_altActive)
        return;
    if (s.rfind("7;", 0) == 0) {
        static const std::string host = [] {
            char name[256] = {};
            return ::gethostname(name, sizeof name - 1) == 0 ? std::string(name) : std::string();
        }();
        if (std::string path = pathOfFileUrl(std::string(s.substr(2)), host); !path.empty()) {
            m_commands.setWorkingDirectory(std::move(path));
            m_changes.commands = true;
        }
        return;
    }
    if (s.rfind("133;", 0) != 0 || s.size() < 5)
        return;
    const char mark = s[4];
    const std::string_view rest = s.substr(5);
    const LinePosition at = cursorPosition();
    switch (mark) {
    case 'A':
        m_commands.promptStarted(at, nowMs());
        break;
    case 'B':
        m_commands.inputStarted(at);
        break;
    case 'C': {
        // What was typed, as the screen shows it, from where input began to
        // where output begins (the Enter moved the cursor to a new line).
        std::string typed;
        if (const auto input = m_commands.pendingInput())
            typed = textBetween(*input, at, nullptr);
        trimRight(typed);
        m_commands.outputStarted(at, std::move(typed), nowMs());
        break;
    }
    case 'D':
        m_commands.finished(at, statusOf(rest), nowMs());
        break;
    default:
        return;
    }
    m_changes.commands = true;
}

std::string Terminal::textBetween(LinePosition from, LinePosition to, bool *truncated) const
{
    std::string out;
    if (truncated)
        *truncated = false;
    bool runsOn = false; // the previous line wrapped: this one continues it
    for (int64_t l = from.line; l <= to.line; ++l) {
        if (l == to.line && to.column == 0)
            break;
        const Line *line = primaryLineAt(l);
        if (!line) {
            if (truncated && l < m_linesAboveScreen)
                *truncated = true; // dropped from history
            continue;
        }
        const int start = l == from.line ? from.column : 0;
        const int end = l == to.line ? to.column : -1;
        const bool wraps = line->wrapped() && end < 0;
        std::string text = line->text(start, wraps ? line->trimmedLength() : end);
        if (!out.empty() && !runsOn)
            out.push_back('\n');
        while (!wraps && !text.empty() && text.back() == ' ')
            text.pop_back();
        out += text;
        runsOn = wraps;
    }
    trimRight(out);
    return out;
}

std::string Terminal::commandOutput(const CommandRecord &record, bool *truncated) const
{
    // A running command's output so far ends at the cursor, or, while a
    // full-screen program has the other screen, at the primary screen's end.
    const LinePosition end = record.finished ? record.end
        : m_altActive                        ? LinePosition{m_linesAboveScreen + m_rows, 0}
                                             : cursorPosition();
    return textBetween(record.output, end, truncated);
}

} // namespace dt::term
