#pragma once

namespace dt::ui {

// Counts a dialog's or menu's own event loop while it runs, so the window
// that opened it knows not to be deleted under it.
struct NestedLoop {
    int &depth;
    explicit NestedLoop(int &d) : depth(d) { ++depth; }
    ~NestedLoop() { --depth; }
    NestedLoop(const NestedLoop &) = delete;
    NestedLoop &operator=(const NestedLoop &) = delete;
};

} // namespace dt::ui
