// The Settings dialog: a widget for every config key (appearance, history,
// what closing and exiting do, devices, integration), filled from the config
// and written back to it (only changed keys) on OK.

#include "app/ui/settings_dialog.h"

#include "app/config/config_keys.h"
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

SettingsDialog::SettingsDialog(dt::app::Config &config, QWidget *parent) : QDialog(parent), m_config(config)
{
    setWindowTitle(tr("Settings"));
    auto *form = new QFormLayout;

    auto *font = new QFontComboBox(this);
    font->setObjectName(QStringLiteral("font"));
    font->setFontFilters(QFontComboBox::MonospacedFonts);
    const QString family = config.value(QStringLiteral("font"));
    font->setCurrentFont(family.isEmpty() ? QFontDatabase::systemFont(QFontDatabase::FixedFont) : QFont(family));
    form->addRow(tr("&Font:"), font);
    m_fields.push_back({QStringLiteral("font"), [font] { return font->currentFont().family(); }});
    addNumber(form, tr("Font &size:"), QStringLiteral("font-size"), tr(" pt"));
    addChoice(form, tr("&Theme:"), QStringLiteral("theme"),
              {{tr("Dark"), QStringLiteral("dark")}, {tr("Light"), QStringLiteral("light")}});
    addChoice(form, tr("&Mark the focused pane:"), QStringLiteral("focused-pane"),
              {{tr("With an accent border"), QStringLiteral("border")},
               {tr("By fading the other panes"), QStringLiteral("dim")},
               {tr("Not at all"), QStringLiteral("none")}});
    addNumber(form, tr("Scroll&back:"), QStringLiteral("scrollback-lines"), tr(" lines"));
    addSwitch(form, tr("&Output brings a view scrolled back in history down to the bottom"),
              QStringLiteral("scroll-on-output"), QStringLiteral("yes"), QStringLiteral("no"));
    addChoice(form, tr("When a program &exits:"), QStringLiteral("on-exit"),
              {{tr("Close the pane"), QStringLiteral("close")},
               {tr("Keep it, showing how it ended"), QStringLiteral("keep")},
               {tr("Close it after a clean exit, keep it after a failure"), QStringLiteral("keep-on-error")}});
    addSwitch(form, tr("Ask before closing a tab or window where a program is still running"),
              QStringLiteral("confirm-close"), QStringLiteral("ask"), QStringLiteral("never"));
    addSwitch(form, tr("Ask before closing a tab of several &panes"), QStringLiteral("tab-close-multi-pane"),
              QStringLiteral("ask"), QStringLiteral("close"));
    addChoice(form, tr("Closing a tab with &devices:"), QStringLiteral("tab-close-default"),
              {{tr("Ask each time"), QString()},
               {tr("Leave them running"), QStringLiteral("detach")},
               {tr("Shut them down"), QStringLiteral("shutdown")}});
    addChoice(form, tr("&Quitting with devices:"), QStringLiteral("quit-with-sims-default"),
              {{tr("Ask each time"), QString()},
               {tr("Keep them for the next deviceterm"), QStringLiteral("keep")},
               {tr("Shut them down"), QStringLiteral("shutdown")}});
    addNumber(form, tr("&Notify when a command in another tab ran:"), QStringLiteral("notify-after-seconds"),
              tr(" s or longer"), tr("never"));
    addSwitch(form, tr("Programs may set the &clipboard (OSC 52)"), QStringLiteral("clipboard-write"),
              QStringLiteral("allow"), QStringLiteral("deny"));
    addSwitch(form, tr("Shell &integration: prompts, commands and their exit statuses"),
              QStringLiteral("shell-integration"), QStringLiteral("auto"), QStringLiteral("off"));

    // Only what the person changed is written: a key left alone stays as it
    // is in the file, or absent (the font's default follows the system).
    for (Field &field : m_fields)
        field.shown = field.value();

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

void SettingsDialog::addChoice(QFormLayout *form, const QString &label, const QString &key,
                               const QList<QPair<QString, QString>> &choices)
{
    auto *box = new QComboBox(this);
    box->setObjectName(key);
    for (const auto &[text, value] : choices)
        box->addItem(text, value);
    box->setCurrentIndex(std::max(0, box->findData(m_config.value(key))));
    form->addRow(label, box);
    m_fields.push_back({key, [box] { return box->currentData().toString(); }});
}

void SettingsDialog::addSwitch(QFormLayout *form, const QString &text, const QString &key, const QString &on,
                               const QString &off)
{
    auto *check = new QCheckBox(text, this);
    check->setObjectName(key);
    check->setChecked(m_config.value(key) == on);
    form->addRow(QString(), check);
    m_fields.push_back({key, [check, on, off] { return check->isChecked() ? on : off; }});
}

void SettingsDialog::addNumber(QFormLayout *form, const QString &label, const QString &key, const QString &suffix,
                               const QString &zeroText)
{
    // The range is the config table's: what the file accepts.
    const dt::config::KeySpec *spec = dt::config::find(key.toStdString());
    auto *spin = new QSpinBox(this);
    spin->setObjectName(key);
    spin->setRange(spec ? spec->minimum : 0, spec ? spec->maximum : 0);
    spin->setSingleStep(spin->maximum() >= 100000 ? 1000 : 1);
    spin->setSuffix(suffix);
    spin->setSpecialValueText(zeroText);
    spin->setValue(m_config.intValue(key));
    form->addRow(label, spin);
    m_fields.push_back({key, [spin] { return QString::number(spin->value()); }});
}

void SettingsDialog::accept()
{
    for (const Field &field : m_fields) {
        const QString value = field.value();
        if (value == field.shown || m_config.value(field.key) == value)
            continue;
        QString error;
        if (!m_config.set(field.key, value, &error)) {
            QMessageBox::warning(this, tr("Settings"), tr("Could not save %1: %2").arg(field.key, error));
            return;
        }
    }
    QDialog::accept();
}

} // namespace dt::ui
