#pragma once

#include "terminal_theme.h"

#include <QFontDatabase>
#include <QTimer>
#include <QWidget>

namespace dt::terminal {
class TerminalSession;
}

namespace dt::ui {

class TerminalView;

// What happens to a tab when its program exits.
enum class ExitAction {
    Close, // always close the tab
    Keep, // keep it, with a message saying how the program ended
    KeepOnError, // close after a clean exit, keep after a failure or a signal
};

// One tab: a terminal session and its view. Owns the session.
class TerminalTab : public QWidget {
    Q_OBJECT
public:
    struct Options {
        QString program; // empty: login shell
        QStringList arguments;
        QString workingDirectory;
        int scrollbackLines = 10000;
        ExitAction exitAction = ExitAction::KeepOnError;
        QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        TerminalTheme theme = TerminalTheme::dark();
    };

    explicit TerminalTab(const Options &options, QWidget *parent = nullptr);
    ~TerminalTab() override;

    // False (with a message shown in the tab) if the program could not start.
    bool start(QString *error = nullptr);

    TerminalView *view() const { return m_view; }
    dt::terminal::TerminalSession *session() const { return m_session; }

    QString title() const;
    QString manualTitle() const { return m_manualTitle; }
    void setManualTitle(const QString &title);
    QString workingDirectory() const;
    bool hasExited() const;

signals:
    void titleChanged(const QString &title);
    void closeRequested();

private:
    void refreshTitle();
    void onFinished(int exitCode, int signalNumber);

    Options m_options;
    dt::terminal::TerminalSession *m_session; // child QObject
    TerminalView *m_view; // child widget
    QString m_manualTitle;
    QString m_lastTitle;
    QTimer m_titleCheck; // the directory has no change signal: look after output
};

} // namespace dt::ui
