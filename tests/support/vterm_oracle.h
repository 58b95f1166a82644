#pragma once

#include "terminal/core/terminal.h"

#include <vterm.h>

#include <memory>
#include <string>
#include <vector>

namespace dt::test {

// libvterm's own VTermScreen, kept only as the reference our grid must agree
// with. It is slow (its scrolling moves the whole buffer), which is exactly
// why the product does not use it.
class VTermOracle {
public:
    VTermOracle(int rows, int columns, int scrollbackLines);
    ~VTermOracle();

    void feed(const std::string &bytes);
    void resize(int rows, int columns);

    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    VTermScreenCell cell(int row, int col) const;
    VTermPos cursor() const;
    const std::vector<std::vector<VTermScreenCell>> &scrollback() const { return m_scrollback; }

private:
    static int pushLine(int cols, const VTermScreenCell *cells, void *user);
    static int popLine(int cols, VTermScreenCell *cells, void *user);

    VTerm *m_vt;
    VTermScreen *m_screen;
    VTermScreenCallbacks m_callbacks{};
    int m_rows;
    int m_columns;
    int m_capacity;
    std::vector<std::vector<VTermScreenCell>> m_scrollback;
};

// Compares every cell, the cursor and the scrollback; returns "" when equal,
// else a description of the first differences.
std::string compareWithOracle(const dt::term::Terminal &ours, const VTermOracle &oracle);

} // namespace dt::test
