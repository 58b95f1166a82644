// The pane layout tree of a tab: splitting a pane in two, removing one (its sibling takes its place),
// evening out the shares, and setting a divider's ratio.

#include "app/core/split_tree.h"

#include <algorithm>
#include <functional>

namespace dt::app {

SplitTree::SplitTree(PaneId firstPane) : m_root(std::make_unique<Node>())
{
    m_root->pane = firstPane;
}

QList<PaneId> SplitTree::panes() const
{
    QList<PaneId> out;
    std::function<void(const Node &)> walk = [&](const Node &n) {
        if (n.isLeaf()) {
            out.append(n.pane);
            return;
        }
        walk(*n.first);
        walk(*n.second);
    };
    walk(*m_root);
    return out;
}

SplitTree::Node *SplitTree::find(PaneId pane) const
{
    std::function<Node *(Node &)> walk = [&](Node &n) -> Node * {
        if (n.isLeaf())
            return n.pane == pane ? &n : nullptr;
        if (Node *f = walk(*n.first))
            return f;
        return walk(*n.second);
    };
    return walk(*m_root);
}

bool SplitTree::split(PaneId pane, Orientation orientation, PaneId newPane)
{
    Node *leaf = find(pane);
    if (!leaf || contains(newPane))
        return false;
    // The leaf becomes an inner node holding the old pane and the new one.
    auto oldLeaf = std::make_unique<Node>();
    oldLeaf->pane = leaf->pane;
    auto added = std::make_unique<Node>();
    added->pane = newPane;
    leaf->pane = 0;
    leaf->orientation = orientation;
    leaf->ratio = 0.5;
    oldLeaf->parent = leaf;
    added->parent = leaf;
    leaf->first = std::move(oldLeaf);
    leaf->second = std::move(added);
    return true;
}

bool SplitTree::remove(PaneId pane)
{
    Node *leaf = find(pane);
    if (!leaf || !leaf->parent)
        return false;
    Node *parent = leaf->parent;
    std::unique_ptr<Node> sibling = std::move(parent->first.get() == leaf ? parent->second : parent->first);
    // The sibling's contents move up into the parent's node, so pointers to
    // the parent stay valid for the grandparent.
    parent->pane = sibling->pane;
    parent->orientation = sibling->orientation;
    parent->ratio = sibling->ratio;
    parent->first = std::move(sibling->first);
    parent->second = std::move(sibling->second);
    if (parent->first) {
        parent->first->parent = parent;
        parent->second->parent = parent;
    }
    return true;
}

int SplitTree::leafCount(const Node &n)
{
    return n.isLeaf() ? 1 : leafCount(*n.first) + leafCount(*n.second);
}

void SplitTree::equalize(Node &n)
{
    if (n.isLeaf())
        return;
    // Even shares per pane, so three panes side by side get a third each.
    const int a = leafCount(*n.first), b = leafCount(*n.second);
    n.ratio = static_cast<double>(a) / (a + b);
    equalize(*n.first);
    equalize(*n.second);
}

void SplitTree::equalize()
{
    equalize(*m_root);
}

bool SplitTree::setRatioAt(const QList<int> &path, double ratio)
{
    Node *n = m_root.get();
    for (int step : path) {
        if (n->isLeaf())
            return false;
        n = step == 0 ? n->first.get() : n->second.get();
    }
    if (n->isLeaf())
        return false;
    n->ratio = std::clamp(ratio, 0.05, 0.95);
    return true;
}

} // namespace dt::app
