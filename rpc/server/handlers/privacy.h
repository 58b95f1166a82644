#pragma once

#include "rpc/server/dispatcher.h"

namespace dt::rpc {

// tab.setPrivate: a tab's owner hides it from every other session.
void addPrivacy(Dispatcher &dispatcher, AutomationPort &port);

} // namespace dt::rpc
