// The Settings dialog: font, size, theme, scrollback, what happens when a program exits and close
// confirmation, filled from the config and written back to it (only changed keys) on OK.

#include "app/ui/settings_dialog.h"

#include "app/core/config.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QSpinBox>
#include <QVBoxLayout>

namespace dt::ui {

SettingsDialog::SettingsDialog(dt::app::Config &config, QWidget *parent)
    : QDialog(parent), m_config(config), m_font(new QFontComboBox(this)), m_fontSize(new QSpinBox(this)),
      m_theme(new QComboBox(this)), m_scrollback(new QSpinBox(this)), m_onExit(new QComboBox(this)),
      m_confirmClose(new QCheckBox(tr("Ask before closing a tab or window where a program is still running"), this))
{
    setWindowTitle(tr("Settings"));
    m_font->setFontFilters(QFontComboBox::MonospacedFonts);
    const QString family = config.value(QStringLiteral("font"));
    m_font->setCurrentFont(family.isEmpty() ? QFontDatabase::systemFont(QFontDatabase::FixedFont) : QFont(family));
    m_fontSize->setRange(5, 72);
    m_fontSize->setSuffix(tr(" pt"));
    m_fontSize->setValue(config.intValue(QStringLiteral("font-size")));
    m_theme->addItem(tr("Dark"), QStringLiteral("dark"));
    m_theme->addItem(tr("Light"), QStringLiteral("light"));
    m_theme->setCurrentIndex(m_theme->findData(config.value(QStringLiteral("theme"))));
    m_scrollback->setRange(0, 1000000);
    m_scrollback->setSingleStep(1000);
    m_scrollback->setSuffix(tr(" lines"));
    m_scrollback->setValue(config.intValue(QStringLiteral("scrollback-lines")));
    m_onExit->addItem(tr("Close the pane"), QStringLiteral("close"));
    m_onExit->addItem(tr("Keep it, showing how it ended"), QStringLiteral("keep"));
    m_onExit->addItem(tr("Close it after a clean exit, keep it after a failure"), QStringLiteral("keep-on-error"));
    m_onExit->setCurrentIndex(m_onExit->findData(config.value(QStringLiteral("on-exit"))));
    m_confirmClose->setChecked(config.value(QStringLiteral("confirm-close")) == QLatin1String("ask"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Font:"), m_font);
    form->addRow(tr("Font &size:"), m_fontSize);
    form->addRow(tr("&Theme:"), m_theme);
    form->addRow(tr("Scroll&back:"), m_scrollback);
    form->addRow(tr("When a program &exits:"), m_onExit);
    form->addRow(QString(), m_confirmClose);
    auto *where = new QLabel(tr("Saved in %1").arg(config.path().toHtmlEscaped()), this);
    where->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(where);
    layout->addWidget(buttons);
}

void SettingsDialog::accept()
{
    const QList<QPair<QString, QString>> values = {
        {QStringLiteral("font"), m_font->currentFont().family()},
        {QStringLiteral("font-size"), QString::number(m_fontSize->value())},
        {QStringLiteral("theme"), m_theme->currentData().toString()},
        {QStringLiteral("scrollback-lines"), QString::number(m_scrollback->value())},
        {QStringLiteral("on-exit"), m_onExit->currentData().toString()},
        {QStringLiteral("confirm-close"), m_confirmClose->isChecked() ? QStringLiteral("ask") : QStringLiteral("never")},
    };
    for (const auto &[key, value] : values) {
        if (m_config.value(key) == value)
            continue;
        QString error;
        if (!m_config.set(key, value, &error)) {
            QMessageBox::warning(this, tr("Settings"), tr("Could not save %1: %2").arg(key, error));
            return;
        }
    }
    QDialog::accept();
}

} // namespace dt::ui
