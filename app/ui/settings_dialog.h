#pragma once

#include <QDialog>

#include <functional>
#include <vector>

class QFormLayout;

namespace dt::app {
class Config;
}

namespace dt::ui {

// Edits every config key; OK writes the changed ones to the config file,
// which every window then follows. Each key's widget is named after the
// key (objectName), so a test can tell that none is missing.
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(dt::app::Config &config, QWidget *parent = nullptr);

    void accept() override;

private:
    // One key: the widget that edits it, and how to read its value back.
    struct Field {
        QString key;
        std::function<QString()> value;
        QString shown = {}; // what the widget said when the dialog opened
    };
    void addChoice(QFormLayout *form, const QString &label, const QString &key,
                   const QList<QPair<QString, QString>> &choices);
    void addSwitch(QFormLayout *form, const QString &text, const QString &key, const QString &on, const QString &off);
    void addNumber(QFormLayout *form, const QString &label, const QString &key, const QString &suffix,
                   const QString &zeroText = {});

    dt::app::Config &m_config;
    std::vector<Field> m_fields;
};

} // namespace dt::ui
