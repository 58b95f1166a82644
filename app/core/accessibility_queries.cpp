// Accessibility queries on a worker thread (see the header).

#include "app/core/accessibility_queries.h"

#include <QElapsedTimer>
#include <QSet>

#include <cmath>

namespace dt::app {

namespace {

using dt::rpc::Error;
using dt::rpc::Json;
namespace code = dt::rpc::code;
using AxQuery = dt::rpc::DevicePort::AxQuery;

constexpr int kSweepBudget = 10000; // ms for a whole sweep

Json frameJson(const QRectF &r)
{
    return {{"x", r.x()}, {"y", r.y()}, {"w", r.width()}, {"h", r.height()}};
}

// A node in the contract's shape; frames are fractions of the screen, and
// normalizedCenter is ready to pass to `tap`.
Json nodeJson(const dt::devices::AxNode &n, bool withChildren)
{
    Json j{{"role", n.role.toStdString()}, {"frame", frameJson(n.frame)},
           {"normalizedCenter", {{"x", n.frame.center().x()}, {"y", n.frame.center().y()}}}};
    if (!n.label.isEmpty())
        j["label"] = n.label.toStdString();
    if (!n.value.isEmpty())
        j["value"] = n.value.toStdString();
    if (withChildren) {
        j["children"] = Json::array();
        for (const auto &c : n.children)
            j["children"].push_back(nodeJson(c, true));
    }
    return j;
}

std::variant<Json, Error> sweep(dt::devices::AccessibilityBridge &bridge, double step)
{
    QString why;
    // A dead bridge is a failure, not an empty sweep: ask once first.
    if (!bridge.tree(&why))
        return Error{code::BridgeFailed, why.toStdString()};
    const int cells = int(std::ceil(1.0 / step));
    Json children = Json::array();
    QSet<QString> seen;
    QElapsedTimer clock;
    clock.start();
    int swept = 0;
    bool truncated = false;
    for (int row = 0; row < cells && !truncated; ++row)
        for (int column = 0; column < cells; ++column) {
            if (clock.elapsed() > kSweepBudget || bridge.cancelled()) {
                truncated = true;
                break;
            }
            ++swept;
            const QPointF at(std::min(1.0, (column + 0.5) * step), std::min(1.0, (row + 0.5) * step));
            const auto element = bridge.elementAt(at, &why);
            if (!element)
                continue; // a miss in one cell is normal
            const QString identity = element->role + QLatin1Char('|') + element->label + QLatin1Char('|')
                + QString::number(element->frame.x()) + QLatin1Char(',') + QString::number(element->frame.y());
            if (!seen.contains(identity)) {
                seen.insert(identity);
                children.push_back(nodeJson(*element, false));
            }
        }
    Json tree{{"role", "AXSweepRoot"},
              {"frame", frameJson(QRectF(0, 0, 1, 1))},
              {"children", children},
              {"step", step},
              {"sweepedPoints", swept}};
    if (truncated) {
        tree["truncated"] = true;
        tree["note"] = "the sweep ran out of its 10 s budget; use a larger --step";
    }
    return Json{{"tree", tree}};
}

} // namespace

std::variant<Json, Error> runAccessibilityQuery(dt::devices::AccessibilityBridge &bridge, const AxQuery &q, QSize screen)
{
    bridge.setScreenSize(screen);
    QString why;
    switch (q.kind) {
    case AxQuery::Kind::Tree: {
        const auto tree = bridge.tree(&why);
        if (!tree)
            return Error{code::BridgeFailed, why.toStdString()};
        return Json{{"tree", nodeJson(*tree, true)}};
    }
    case AxQuery::Kind::Point: {
        const auto element = bridge.elementAt({q.x, q.y}, &why);
        if (!element)
            return Error{code::BridgeFailed, why.toStdString()};
        return Json{{"element", nodeJson(*element, false)}};
    }
    case AxQuery::Kind::Sweep:
        return sweep(bridge, q.step);
    case AxQuery::Kind::Snapshot:
    case AxQuery::Kind::Find:
        break; // shaped from the tree on the GUI thread (device_ax_refs.cpp)
    }
    return Error{code::InvalidParams, "unsupported accessibility query"};
}

} // namespace dt::app
