#pragma once

// A device's accessibility tree as one list, parents before their children,
// for tests that look a node up by name or role wherever it sits.

#include "devicepanes/accessibility_bridge.h"

#include <QList>

namespace dt::test {

inline void flatten(const dt::devices::AxNode &node, QList<dt::devices::AxNode> &out)
{
    out << node;
    for (const auto &child : node.children)
        flatten(child, out);
}

} // namespace dt::test
