// ConfigWarningBar: the config file's warnings, shown once in the window.

#include "app/ui/config_warning_bar.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>
#include <QToolButton>

namespace dt::ui {

ConfigWarningBar::ConfigWarningBar(QWidget *parent) : QFrame(parent), m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("configWarningBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette p = palette();
    p.setColor(QPalette::Window, QColor(0x5c, 0x4a, 0x12)); // amber, readable in both themes
    p.setColor(QPalette::WindowText, QColor(0xff, 0xf3, 0xd0));
    setPalette(p);
    m_label->setWordWrap(true);
    m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *dismiss = new QToolButton(this);
    dismiss->setAutoRaise(true);
    dismiss->setIcon(style()->standardIcon(QStyle::SP_TitleBarCloseButton));
    dismiss->setToolTip(tr("Dismiss"));
    dismiss->setAccessibleName(tr("Dismiss the settings warning"));
    auto *row = new QHBoxLayout(this);
    row->setContentsMargins(10, 4, 4, 4);
    row->addWidget(m_label, 1);
    row->addWidget(dismiss, 0, Qt::AlignTop);
    connect(dismiss, &QToolButton::clicked, this, [this] {
        m_dismissed = m_shown;
        hide();
    });
    setAccessibleName(tr("Settings warning"));
    hide();
}

void ConfigWarningBar::setWarnings(const QString &path, const QStringList &warnings)
{
    m_shown = warnings;
    if (warnings.isEmpty() || warnings == m_dismissed) {
        hide();
        return;
    }
    m_label->setText(tr("%1 has %n problem(s), ignored until fixed: %2", nullptr, int(warnings.size()))
                         .arg(path, warnings.join(QStringLiteral("; "))));
    setAccessibleDescription(m_label->text());
    show();
}

QString ConfigWarningBar::text() const
{
    return m_label->text();
}

} // namespace dt::ui
