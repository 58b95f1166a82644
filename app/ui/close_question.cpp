// The close questions' one dialog (see the header).

#include "app/ui/close_question.h"

#include "app/core/config.h"
#include "app/ui/nested_loop.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>

namespace dt::ui {

bool askCloseQuestion(QWidget *parent, dt::app::Config *config, const CloseQuestion &q, int &nestedLoops)
{
    QMessageBox box(QMessageBox::Question, QObject::tr("deviceterm"), q.question, QMessageBox::NoButton, parent);
    box.setObjectName(q.objectName);
    if (!q.detail.isEmpty())
        box.setInformativeText(q.detail);
    QPushButton *close = box.addButton(q.closeText, QMessageBox::DestructiveRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(q.closeIsDefault ? close : cancel);
    auto *never = new QCheckBox(QObject::tr("Don't ask again"), &box);
    box.setCheckBox(never);
    {
        NestedLoop loop(nestedLoops);
        box.exec();
    }
    if (box.clickedButton() != close)
        return false;
    if (never->isChecked() && config)
        config->set(q.key, q.neverValue);
    return true;
}

} // namespace dt::ui
