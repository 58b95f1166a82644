// The shell's buttons and titles (see shell_controls.h).

#include "device_shell/shell_controls.h"

#include <QLabel>
#include <QPushButton>

namespace dt::shell {

QPushButton *shellButton(const QString &text, QWidget *parent)
{
    auto *b = new QPushButton(text, parent);
    b->setAccessibleName(text);
    b->setMinimumHeight(56);
    b->setFocusPolicy(Qt::NoFocus); // keys belong to the page's fields
    QFont f = b->font();
    f.setPointSize(16);
    b->setFont(f);
    return b;
}

QLabel *shellTitle(const QString &text, int pointSize, QWidget *parent)
{
    auto *l = new QLabel(text, parent);
    l->setAlignment(Qt::AlignCenter);
    l->setAccessibleName(text);
    QFont f = l->font();
    f.setPointSize(pointSize);
    f.setBold(true);
    l->setFont(f);
    return l;
}

} // namespace dt::shell
