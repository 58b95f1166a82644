#pragma once

// The real `deviceterm` CLI against the real GUI (offscreen) on a private
// socket: the fixture every test_cli file shares. It starts the GUI with a
// shell script in its first tab (run in the test's own directory, with the
// environment the GUI gives that shell) and runs the CLI from outside.

#include "rpc/contract/envelope.h"
#include "support/processes.h"
#include "support/wait_until.h"

#include <QDir>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace dt::test::cli {

using dt::rpc::Json;
using dt::test::processesMentioning;
using dt::test::waitUntil;

struct CliRun {
    int status = -1;
    QByteArray out;
    QByteArray err;
};

class CliTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        socket = dir.filePath(QStringLiteral("gui.sock"));
    }
    void TearDown() override
    {
        // Asked to quit (SIGTERM), so it shuts its devices down; killed
        // only if it will not.
        if (gui.state() != QProcess::NotRunning) {
            gui.terminate();
            if (!gui.waitForFinished(5000)) {
                gui.kill();
                gui.waitForFinished(5000);
            }
        }
        // Whatever this test started and a failure left behind (devices,
        // stuck subscribers) names the test's directory: it goes too.
        dt::test::killProcessesMentioning(dir.path());
    }

    // The config file the GUI and the CLI read ($XDG_CONFIG_HOME is `dir`).
    void writeConfig(const QByteArray &text)
    {
        ASSERT_TRUE(QDir().mkpath(dir.filePath(QStringLiteral("deviceterm"))));
        QFile config(dir.filePath(QStringLiteral("deviceterm/config")));
        ASSERT_TRUE(config.open(QIODevice::WriteOnly));
        config.write(text);
    }

    // Starts the GUI whose first tab runs `script` in sh, in `dir`.
    void startGui(const QString &script, const QStringList &options = {})
    {
        launchGui(gui, script, options);
        ASSERT_TRUE(gui.waitForStarted(5000));
    }

    // Starts deviceterm-gui in `process` with the test's environment.
    void launchGui(QProcess &process, const QString &script, const QStringList &options = {})
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), dir.path());
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), dir.path());
        // Shells opened by `tab open` read ~/.bashrc and write history:
        // neither the developer's start-up files nor their home are ours.
        env.insert(QStringLiteral("HOME"), dir.path());
        env.insert(QStringLiteral("XDG_STATE_HOME"), dir.filePath(QStringLiteral("state"))); // the audit log
        env.insert(QStringLiteral("XDG_DATA_HOME"), dir.filePath(QStringLiteral("data"))); // the device set
        env.remove(QStringLiteral("DEVICETERM_SESSION"));
        env.remove(QStringLiteral("DEVICETERM_SESSION_CAP"));
        for (auto it = guiEnvironment.cbegin(); it != guiEnvironment.cend(); ++it)
            env.insert(it.key(), it.value());
        process.setProcessEnvironment(env);
        process.setWorkingDirectory(dir.path());
        if (&process == &gui)
            process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(QStringLiteral(DT_GUI_BINARY),
                      options + QStringList{QStringLiteral("--socket"), socket, QStringLiteral("-e"), QStringLiteral("sh"),
                                            QStringLiteral("-c"), script});
    }

    QByteArray fileAfterDone(const QString &name, int timeoutMs = 15000)
    {
        waitUntil([&] { return QFile::exists(dir.filePath(QStringLiteral("done"))); }, timeoutMs);
        QFile f(dir.filePath(name));
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }

    // Runs the CLI outside any tab, optionally with extra environment.
    CliRun cli(const QStringList &args, const QMap<QString, QString> &extra = {})
    {
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.remove(QStringLiteral("DEVICETERM_SESSION"));
        env.remove(QStringLiteral("DEVICETERM_SESSION_CAP"));
        env.insert(QStringLiteral("DEVICETERM_DAEMON_SOCK"), socket);
        for (auto it = extra.cbegin(); it != extra.cend(); ++it)
            env.insert(it.key(), it.value());
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(DT_CLI_BINARY), args);
        p.waitForFinished(10000);
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }

    static bool writeFile(const QString &path, const QByteArray &bytes)
    {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
    }

    QTemporaryDir dir;
    QString socket;
    // Set before startGui: more of the GUI's environment (SHELL, say).
    QMap<QString, QString> guiEnvironment;
    QProcess gui;
};

// The scripts live beside this file; each runs in a tab, in `dir`.
inline QString script(const char *name)
{
    return QStringLiteral(DT_SCRIPTS_DIR "/") + QLatin1String(name);
}

inline int count(const QByteArray &text, const QByteArray &needle)
{
    return static_cast<int>(text.count(needle));
}

// The JSON lines of `deviceterm events` (or any JSON-lines output).
inline std::vector<Json> jsonLines(const QByteArray &text)
{
    std::vector<Json> out;
    for (const QByteArray &line : text.split('\n'))
        if (!line.isEmpty())
            out.push_back(Json::parse(line.toStdString()));
    return out;
}

} // namespace dt::test::cli
