#pragma once

#include "terminal/core/terminal.h"
#include "terminal/key_mapping.h"
#include "terminal/pty_process.h"

#include <QMap>
#include <QObject>
#include <QString>

#include <memory>

namespace dt::terminal {

// A terminal model joined to a program on a PTY. Owns both; the view only
// reads the model and sends input through here.
class TerminalSession : public QObject {
    Q_OBJECT
public:
    struct Launch {
        QString program; // empty: the user's shell (interactive, not login)
        QStringList arguments;
        QString workingDirectory;
        QMap<QString, QString> extraEnvironment;
        // The user's shell (no program) starts integrated from the scripts
        // here when it is bash, zsh or fish; empty: untouched.
        QString shellIntegrationDirectory;
    };

    TerminalSession(int rows, int columns, int scrollbackLines, QObject *parent = nullptr);
    ~TerminalSession() override;

    bool start(const Launch &launch, QString *error);

    dt::term::Terminal &terminal() { return *m_terminal; }
    const dt::term::Terminal &terminal() const { return *m_terminal; }
    PtyProcess &process() { return m_pty; }

    void resize(int rows, int columns);
    // Input, all of it through here (the model encodes it, as the program's
    // modes ask, and the PTY gets the bytes): raw bytes, a key, typed text,
    // a paste, the mouse, focus.
    void sendBytes(const QByteArray &bytes) { m_pty.write(bytes); }
    void sendKeyAction(const KeyAction &action) { applyKeyAction(*m_terminal, action); }
    // A key from the keyboard: as the keyboard protocol the program asked
    // for encodes `event`, else `legacy`. What reached the program.
    KeySent sendKey(const KeyAction &legacy, const std::optional<dt::term::KeyEvent> &event)
    {
        bool sent = false;
        if (event && m_terminal->sendKeyEvent(*event, &sent))
            return sent ? KeySent::Protocol : KeySent::Nothing;
        if (legacy.kind == KeyAction::Nothing)
            return KeySent::Nothing;
        applyKeyAction(*m_terminal, legacy);
        return KeySent::Legacy;
    }
    void sendKey(dt::term::Key key, dt::term::Modifiers mods) { m_terminal->sendKey(key, mods); }
    void typeText(const std::string &utf8) { m_terminal->sendText(utf8); }
    void paste(const std::string &utf8) { m_terminal->paste(utf8); }
    void sendMouseMove(int row, int col, dt::term::Modifiers mods, dt::term::MousePixel pixel = {})
    {
        m_terminal->sendMouseMove(row, col, mods, pixel);
    }
    void sendMouseButton(dt::term::MouseButton button, bool pressed, dt::term::Modifiers mods)
    {
        m_terminal->sendMouseButton(button, pressed, mods);
    }
    // A full reset (RIS) as if the program had sent one, told to the view
    // like output. CAN first ends whatever sequence the program left open;
    // then the main screen and no mouse reporting, focus events or bracketed
    // paste, which xterm's reset also ends and libvterm's RIS keeps.
    void reset()
    {
        m_terminal->feed("\x18\x1b[?1049l\x1b[?1000;1002;1003;1004;1006;1015;2004l\x1b" "c");
        onBatch();
    }
    void focusIn() { m_terminal->focusIn(); }
    void focusOut() { m_terminal->focusOut(); }

    bool isRunning() const { return m_pty.isRunning(); }
    // Whether the program has written anything yet (a shell: its first prompt).
    bool hasOutput() const { return m_hasOutput; }
    bool hasExited() const { return m_exited; }
    int exitCode() const { return m_exitCode; }
    int exitSignal() const { return m_exitSignal; }

    // The program's own title (OSC 0/2), if it set one.
    QString programTitle() const;
    // The shell's current directory, read from /proc.
    QString workingDirectory() const;
    // Name of what runs in the foreground ("bash", "vim").
    QString foregroundProgram() const;
    // Whether a program other than the one the terminal started with
    // (normally the shell) holds the terminal's foreground: a command runs.
    bool runsACommand() const
    {
        const pid_t foreground = m_pty.foregroundProcessGroup();
        return foreground > 0 && foreground != m_pty.pid();
    }
    QString shellName() const { return m_shellName; }
    // Whether this terminal's shell was started with our integration. A
    // program may still report marks itself: terminal().commands()
    // .integrated() says what arrived.
    bool startedIntegrated() const { return m_startedIntegrated; }

signals:
    // New content is in the model: coalesced to one per read batch.
    void contentChanged();
    void titleChanged();
    void bell();
    void altScreenChanged(bool active);
    void mouseTrackingChanged();
    void linesScrolledIntoHistory(int count);
    // A prompt mark or a new directory arrived (terminal().commands()).
    void commandsChanged();
    // A command began running, or ended (terminal().commands().find(id)).
    // Each id once, oldest first, after commandsChanged.
    void commandStarted(quint64 id);
    void commandFinished(quint64 id);
    // The program asked to set the clipboard and/or the primary selection
    // (OSC 52); the GUI decides whether it may.
    void clipboardWriteRequested(const QString &text, bool clipboard, bool primary);
    // The program asked to show a desktop notification (OSC 9, OSC 777);
    // `title` may be empty.
    void notificationRequested(const QString &title, const QString &body);
    // The program set or reset colours (terminal().colourOverrides()).
    void coloursChanged();
    void finished(int exitCode, int signalNumber);

private:
    void onBatch();

    std::unique_ptr<dt::term::Terminal> m_terminal;
    PtyProcess m_pty;
    QString m_shellName;
    bool m_startedIntegrated = false;
    dt::term::CommandLogCursor m_commandNews;
    bool m_exited = false;
    bool m_hasOutput = false;
    int m_exitCode = -1;
    int m_exitSignal = 0;
};

} // namespace dt::terminal
