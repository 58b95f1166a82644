// The confirmation a grant needs from a person (see the header).

#include "app/ui/grant_confirmation.h"

#include "app/ui/nested_loop.h"

#include <QEvent>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>

namespace dt::ui {

namespace {

// Enables `button` only once its dialog has been shown for `ms`: the clock
// starts at the Show event, not when the dialog was made.
class EnableAfterShown : public QObject {
public:
    EnableAfterShown(QWidget *dialog, QPushButton *button, int ms) : QObject(dialog), m_button(button), m_ms(ms)
    {
        button->setEnabled(false);
        dialog->installEventFilter(this);
    }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Show)
            QTimer::singleShot(m_ms, this, [this] { m_button->setEnabled(true); });
        return QObject::eventFilter(watched, event);
    }

private:
    QPushButton *m_button;
    int m_ms;
};

} // namespace

bool confirmOrchestrationGrant(QWidget *parent, const QString &tabTitle, int &nestedLoops)
{
    QMessageBox box(QMessageBox::Warning, QObject::tr("Grant Orchestration"),
                    QObject::tr("Let the programs in “%1” type into and read other tabs?").arg(tabTitle),
                    QMessageBox::NoButton, parent);
    box.setObjectName(QStringLiteral("grantConfirmation"));
    box.setInformativeText(QObject::tr("Only grant this to a tab you are using to run an agent or script you trust. "
                                       "Private tabs stay hidden from it. You can revoke it any time from the Shell menu."));
    QPushButton *grant = box.addButton(QObject::tr("&Grant"), QMessageBox::AcceptRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    new EnableAfterShown(&box, grant, kGrantSettleMs);
    {
        NestedLoop loop(nestedLoops);
        box.exec();
    }
    return box.clickedButton() == grant;
}

} // namespace dt::ui
