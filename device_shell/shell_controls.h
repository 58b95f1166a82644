#pragma once

// The device shell's controls, made alike on every page: big buttons a
// finger can hit (named for accessibility, keys left to the page's fields)
// and bold centred titles whose accessible name is their text.

class QLabel;
class QPushButton;
class QString;
class QWidget;

namespace dt::shell {

QPushButton *shellButton(const QString &text, QWidget *parent);
QLabel *shellTitle(const QString &text, int pointSize, QWidget *parent);

} // namespace dt::shell
