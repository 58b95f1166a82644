#pragma once

#include <QString>

class QWidget;

namespace dt::app {
class Config;
}

namespace dt::ui {

// One "close this?" question: a button that closes, Cancel, and "Don't ask
// again", which writes `key = neverValue` to the config. True: close.
// `nestedLoops` counts the dialog's event loop for the window that asks.
struct CloseQuestion {
    QString question;
    QString detail; // informative text, may be empty
    QString closeText;
    bool closeIsDefault = false; // else Cancel is
    QString objectName;
    QString key;
    QString neverValue;
};
bool askCloseQuestion(QWidget *parent, dt::app::Config *config, const CloseQuestion &q, int &nestedLoops);

} // namespace dt::ui
