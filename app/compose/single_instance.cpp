// A second launch hands its window to the running instance (see the header
// and base/instance_lock.h).

#include "app/compose/single_instance.h"

#include "app/core/forwarded_launch.h"

#include <cstdio>
#include <string>
#include <vector>

namespace dt::compose {

InstanceClaim claimOrHandOver(const QString &socketPath, const LaunchRequest &launch)
{
    InstanceClaim claim;
    const std::string socket = socketPath.toStdString();
    pid_t holder = 0;
    std::string why;
    // Twice: the holder may let go between our try and our look.
    for (int attempt = 0; attempt < 2 && !claim.lock; ++attempt)
        if (!(claim.lock = dt::base::InstanceLock::claim(socket, &holder, &why)) && (holder > 0 || !why.empty()))
            break;
    if (claim.lock)
        return claim;
    if (!why.empty()) {
        std::fprintf(stderr, "deviceterm-gui: cannot lock the automation socket (%s); another instance may take it over\n",
                     why.c_str());
        return claim; // runs on, unlocked
    }
    std::vector<std::string> forwarded;
    for (const QString &word : launch.command)
        forwarded.push_back(word.toStdString());
    const std::string failure = dt::app::forwardLaunch(socket, holder, launch.workingDirectory.toStdString(), forwarded,
                                                       launch.title.toStdString(), launch.hold);
    if (!failure.empty()) {
        std::fprintf(stderr, "deviceterm-gui: %s\n", failure.c_str());
        claim.exitStatus = 1;
        return claim;
    }
    if (launch.orchestrator)
        std::fprintf(stderr, "deviceterm-gui: the running deviceterm opened an ordinary window: "
                             "only its own menu (Shell ▸ Open Orchestrator Tab) grants orchestration\n");
    claim.exitStatus = 0;
    return claim;
}

} // namespace dt::compose
