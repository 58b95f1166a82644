#pragma once

#include <QDialog>

class QCheckBox;
class QComboBox;
class QFontComboBox;
class QSpinBox;

namespace dt::app {
class Config;
}

namespace dt::ui {

// Edits the config keys a person usually wants to change; OK writes them to
// the config file, which every window then follows.
class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    explicit SettingsDialog(dt::app::Config &config, QWidget *parent = nullptr);

    void accept() override;

private:
    dt::app::Config &m_config;
    QFontComboBox *m_font; // children of this dialog
    QSpinBox *m_fontSize;
    QComboBox *m_theme;
    QSpinBox *m_scrollback;
    QComboBox *m_onExit;
    QCheckBox *m_confirmClose;
};

} // namespace dt::ui
