#pragma once

// Counts the paint events that reach a widget (install it as an event
// filter): how often a view really painted, for tests and benchmarks.

#include <QEvent>
#include <QObject>

namespace dt::test {

class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject *, QEvent *e) override
    {
        if (e->type() == QEvent::Paint)
            ++paints;
        return false;
    }
};

} // namespace dt::test
