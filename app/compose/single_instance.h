#pragma once

#include "base/instance_lock.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace dt::compose {

// One deviceterm-gui per automation socket. Either this process now holds
// the socket's lock (`lock`), or a running instance took this launch's
// window (`exitStatus` 0) or could not be reached (1, said on stderr).
struct InstanceClaim {
    std::unique_ptr<dt::base::InstanceLock> lock;
    std::optional<int> exitStatus;
};
// What this launch asked for, handed over when another instance runs.
struct LaunchRequest {
    QString workingDirectory;
    QStringList command;
    QString title; // -T
    bool hold = false;
    bool orchestrator = false; // never handed over: only a person grants that
};
InstanceClaim claimOrHandOver(const QString &socketPath, const LaunchRequest &launch);

} // namespace dt::compose
