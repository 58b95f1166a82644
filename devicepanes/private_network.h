#pragma once

#include <cstdint>
#include <string>

namespace dt::devices {

// Touch for Qt apps on a device arrives through Qt's TUIO plugin, which
// listens for UDP on *every* interface: anyone on the network could touch
// the device. So the app runs in a network namespace of its own, holding
// only loopback, and we keep one UDP socket made inside that namespace,
// connected to the plugin's port. Sockets stay in the namespace they were
// made in, so our sends reach the app and nothing from outside can.
//
// One PrivateNetwork per app start: constructed in the parent before the
// fork, enterInChild() between fork and exec, takeTouchSocket() after.
class PrivateNetwork {
public:
    static constexpr uint16_t kTouchPort = 3333; // the same in every namespace

    // Whether this machine lets us make namespaces at all (probed once, in
    // a child process); `why` when it does not.
    static bool available(std::string *why);
    // A touch socket into the network of an app already running in one
    // (a device kept running by an earlier deviceterm): made by a child that
    // joins the app's namespaces. -1 with `why` when it cannot.
    static int joinTouchSocket(int appPid, std::string *why);

    PrivateNetwork();
    ~PrivateNetwork();
    PrivateNetwork(const PrivateNetwork &) = delete;
    PrivateNetwork &operator=(const PrivateNetwork &) = delete;

    bool ready() const { return m_parentEnd >= 0; }
    // In the forked child, before exec: system calls only (no allocation).
    // Never returns when it fails: the app must not start listening on the
    // real network; the reason reaches takeTouchSocket().
    void enterInChild() const noexcept;
    // In the parent once the child started: the connected UDP socket (the
    // caller owns it), or -1 with `why`.
    int takeTouchSocket(int timeoutMs, std::string *why);

private:
    int m_parentEnd = -1;
    int m_childEnd = -1;
    // Written to /proc/self/{uid,gid}_map when a user namespace is needed:
    // our own ids map to themselves, so D-Bus sees the same user.
    char m_uidMap[32] = {};
    char m_gidMap[32] = {};
};

} // namespace dt::devices
