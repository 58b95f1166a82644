#pragma once

#include <string>
#include <sys/types.h>

namespace dt::devices {

// Makes sure a device does not outlive deviceterm by accident, however
// deviceterm ends (a crash, SIGKILL): a small watchdog process, forked per
// device, waits for our end of a pipe to close. Then, unless the device's
// directory holds a `kept` marker (the user chose to keep it running), it
// stops every process group listed in the directory's `groups` file:
// SIGTERM, a second's grace, SIGKILL. A clean shutdown removes the
// directory first, so the watchdog then has nothing to do.
class Lifeline {
public:
    explicit Lifeline(const std::string &deviceDirectory);
    ~Lifeline(); // closes our end and reaps the watchdog
    Lifeline(const Lifeline &) = delete;
    Lifeline &operator=(const Lifeline &) = delete;

    pid_t watchdog() const { return m_watchdog; }

private:
    int m_ours = -1;
    pid_t m_watchdog = -1;
};

} // namespace dt::devices
