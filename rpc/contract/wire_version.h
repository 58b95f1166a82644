#pragma once

namespace dt::rpc {

// The version of the wire protocol between the GUI's automation server and its clients.
// Bumped only for incompatible changes; the CLI refuses a server whose
// version differs. `deviceterm version` reports it as the daemon version.
inline constexpr const char *kWireVersion = "0.1.0";

} // namespace dt::rpc
