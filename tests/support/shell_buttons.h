#pragma once

#include <QImage>
#include <QList>

namespace dt::test {

// The device shell's buttons as a picture shows them: the vertical centres
// (in the frame's pixels) of the light blocks down the left of the screen,
// top to bottom.
inline QList<int> shellButtonRows(const QImage &frame)
{
    QList<int> centres;
    for (int y = 0, top = -1; y < frame.height(); ++y) {
        const bool light = frame.pixelColor(40, y).lightness() > 180;
        if (light && top < 0)
            top = y;
        if (!light && top >= 0) {
            if (y - top > 30)
                centres << (top + y) / 2;
            top = -1;
        }
    }
    return centres;
}

} // namespace dt::test
