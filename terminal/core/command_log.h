#pragma once

// The commands a terminal has run, as its shell reports them with semantic
// prompt marks (OSC 133: A prompt, B input, C output, D;status finished)
// and its working directory (OSC 7). Positions are absolute line numbers
// (Terminal::lineAt), so a record keeps pointing at its text while output
// scrolls it into history. Bounded: the oldest records go first. No Qt.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace dt::term {

struct LinePosition {
    int64_t line = -1; // absolute
    int column = 0;
};

struct CommandRecord {
    uint64_t id = 0; // 1, 2, … per terminal
    std::string commandLine; // what was typed, as the screen showed it
    std::string cwd; // the shell's directory when it ran (OSC 7), if known
    LinePosition prompt; // A
    LinePosition input; // B
    LinePosition output; // C: where its output starts
    LinePosition end; // D: where its output ends (exclusive)
    int64_t startedMs = 0; // milliseconds since the epoch
    int64_t finishedMs = 0;
    bool finished = false;
    // The shell's status ($?): 128 + n for a signal. Absent when the
    // command ended without a D mark (a new prompt came first).
    std::optional<int> exitStatus;
};

class CommandLog {
public:
    static constexpr size_t kDefaultCapacity = 1000;
    explicit CommandLog(size_t capacity = kDefaultCapacity) : m_capacity(capacity == 0 ? 1 : capacity) {}

    // The marks, with where the cursor was when each arrived and the time.
    void promptStarted(LinePosition at, int64_t nowMs);
    void inputStarted(LinePosition at);
    void outputStarted(LinePosition at, std::string commandLine, int64_t nowMs);
    void finished(LinePosition at, std::optional<int> exitStatus, int64_t nowMs);
    void setWorkingDirectory(std::string cwd) { m_cwd = std::move(cwd); }

    // Whether the program has sent any semantic prompt mark: its shell is
    // integrated (ours, or its own).
    bool integrated() const { return m_integrated; }
    const std::string &workingDirectory() const { return m_cwd; }
    const std::deque<CommandRecord> &records() const { return m_records; }
    const CommandRecord *find(uint64_t id) const;
    // The command running now (output started, not finished), or null.
    const CommandRecord *running() const;
    const CommandRecord *lastFinished() const;
    // Where the input of the next command starts (after the last B), if a
    // prompt is showing.
    std::optional<LinePosition> pendingInput() const { return m_pendingInput; }
    // Bumped on every change, so a reader can tell whether to look again.
    uint64_t generation() const { return m_generation; }
    // How many prompts have started (A marks) and shown their input area
    // (B marks): an input area that comes back without a command having
    // started means the shell ran nothing (bash re-prompts after a failed
    // history expansion with only its prompt, no A).
    uint64_t promptCount() const { return m_prompts; }
    uint64_t inputCount() const { return m_inputs; }

    // Moves every position the log holds (the screen was laid out again
    // at another width): `map` gives each its new place.
    template <typename Map>
    void remapPositions(const Map &map)
    {
        for (CommandRecord &r : m_records) {
            for (LinePosition *p : {&r.prompt, &r.input, &r.output, &r.end}) {
                if (p->line >= 0)
                    *p = map(*p);
            }
        }
        for (std::optional<LinePosition> *p : {&m_pendingPrompt, &m_pendingInput}) {
            if (*p && (*p)->line >= 0)
                **p = map(**p);
        }
    }

    // What a record keeps of text a program controls.
    static constexpr size_t kMaxCommandLineBytes = 4096;
    static constexpr size_t kMaxPathBytes = 4096;

private:
    void finishRunning(LinePosition at, std::optional<int> exitStatus, int64_t nowMs);

    size_t m_capacity;
    std::deque<CommandRecord> m_records;
    uint64_t m_nextId = 1;
    std::string m_cwd;
    bool m_integrated = false;
    std::optional<LinePosition> m_pendingPrompt;
    std::optional<LinePosition> m_pendingInput;
    uint64_t m_generation = 0;
    uint64_t m_prompts = 0;
    uint64_t m_inputs = 0;
    bool m_markedSinceOutput = true; // an A or B came after the last C
};

// What changed in a log since a reader last looked: the ids of commands
// that started and that finished, oldest first. One per reader (the
// terminal's signals, for instance), so several can follow one log. A
// command that starts and ends between two looks is in both lists; one
// that left the bounded log unseen is not reported.
class CommandLogCursor {
public:
    struct News {
        std::vector<uint64_t> started;
        std::vector<uint64_t> finished;
        bool empty() const { return started.empty() && finished.empty(); }
    };
    News take(const CommandLog &log);

private:
    uint64_t m_lastStarted = 0;
    uint64_t m_lastFinished = 0;
};

// OSC 7's file://host/path as a path (percent escapes decoded). Empty when
// it is not a file URL of this machine (no host, "localhost" or
// `localHost`), not absolute, longer than CommandLog::kMaxPathBytes, or
// holds a control character once decoded: a directory on another machine
// (ssh) or a crafted one is not taken for a local path.
std::string pathOfFileUrl(const std::string &url, const std::string &localHost = {});

} // namespace dt::term
