#pragma once

// The numbers of a control sequence's parameter string, for the sequences
// the model follows itself.

#include <algorithm>
#include <string_view>
#include <vector>

namespace dt::term {

// "4;20" → {4, 20}; an empty parameter is 0. Nothing when the string has
// intermediates, sub-parameters or anything but digits and semicolons.
// Each number stops growing at 100000.
inline std::vector<int> csiNumbers(std::string_view params)
{
    std::vector<int> out;
    int value = 0;
    bool any = false;
    for (char c : params) {
        if (c >= '0' && c <= '9') {
            value = std::min(value * 10 + (c - '0'), 100000);
            any = true;
        } else if (c == ';') {
            out.push_back(any ? value : 0);
            value = 0, any = false;
        } else {
            return {};
        }
    }
    out.push_back(any ? value : 0);
    return out;
}

} // namespace dt::term
