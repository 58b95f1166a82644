// A second launch hands its window to the running instance (see the header).

#include "app/core/forwarded_launch.h"

#include "base/instance_lock.h"
#include "rpc/client/connection.h"
#include "rpc/contract/params.h"

#include <unistd.h>

namespace dt::app {

std::string forwardLaunch(const std::string &socketPath, pid_t holder, const std::string &cwd,
                          const std::vector<std::string> &command, const std::string &title, bool hold)
{
    const std::string who = holder > 0 ? "deviceterm (pid " + std::to_string(holder) + ")" : "another deviceterm";
    dt::rpc::Connection connection;
    std::string why;
    // The holder may be starting up (it locks before it listens): wait a
    // little while it lives.
    for (int attempt = 0; !connection.open(socketPath, &why); ++attempt) {
        if (attempt >= 50 || dt::base::InstanceLock::holderOf(socketPath) <= 0)
            return who + " holds " + socketPath + ".lock but does not answer on its socket (" + why
                + "); quit it, or start this one with --socket PATH";
        ::usleep(100 * 1000);
    }
    const dt::rpc::OpenWindowParams params{cwd, command, title, hold};
    const auto answer = connection.call(params.kMethod, dt::rpc::encode(params), &why, 5000);
    if (!answer)
        return who + " did not answer: " + why;
    if (answer->error)
        return who + " refused the window: " + answer->error->msg;
    return {};
}

} // namespace dt::app
