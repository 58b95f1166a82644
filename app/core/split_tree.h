#pragma once

#include <QList>

#include <cstdint>
#include <memory>

namespace dt::app {

using PaneId = uint64_t;

// How the panes of one tab are laid out: a binary tree whose leaves are
// panes and whose inner nodes split their area in two, side by side or one
// above the other, at a ratio. Pure data; the GUI mirrors it with splitters.
class SplitTree {
public:
    enum class Orientation { SideBySide, Stacked };

    struct Node {
        PaneId pane = 0; // leaves only
        Orientation orientation = Orientation::SideBySide; // inner nodes only
        double ratio = 0.5; // share of the first child
        std::unique_ptr<Node> first;
        std::unique_ptr<Node> second;
        Node *parent = nullptr;
        bool isLeaf() const { return !first; }
    };

    explicit SplitTree(PaneId firstPane);

    const Node &root() const { return *m_root; }
    // Leaves left to right, top to bottom.
    QList<PaneId> panes() const;
    bool contains(PaneId pane) const { return find(pane) != nullptr; }
    int paneCount() const { return static_cast<int>(panes().size()); }

    // Puts `newPane` beside `pane` (after it: right of or below it). False if
    // `pane` is not in the tree.
    bool split(PaneId pane, Orientation orientation, PaneId newPane);
    // Removes a pane; its sibling takes the parent's place. False if it is
    // not here or is the last pane (a tab keeps at least one).
    bool remove(PaneId pane);
    // Sets every split back to an even share of its panes.
    void equalize();
    // Sets the ratio of the inner node reached from the root by `path`
    // (0 = first child, 1 = second): what a dragged divider reports.
    bool setRatioAt(const QList<int> &path, double ratio);

private:
    Node *find(PaneId pane) const;
    static int leafCount(const Node &n);
    static void equalize(Node &n);

    std::unique_ptr<Node> m_root;
};

} // namespace dt::app
