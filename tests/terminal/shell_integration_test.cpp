// Shell integration with the real bash, zsh and fish: each starts with our
// scripts beside the user's own configuration (a custom prompt and a
// prompt hook, which keep working), and reports what it runs: the command
// line, its output, its exit status (130 after Ctrl+C) and the directory.

#include "support/wait_until.h"
#include "terminal/shell_integration.h"
#include "terminal/terminal_session.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using dt::terminal::TerminalSession;
using dt::test::waitUntil;

struct Shell {
    const char *name;
    const char *rcPath; // relative to the fake home
    const char *rc; // the user's own prompt and hook
};

const Shell kShells[] = {
    {"bash", ".bashrc", "PS1='mine> '\nPROMPT_COMMAND='printf \"[pc]\"'\n"},
    {"zsh", ".zshrc", "PS1='mine> '\nprecmd() { print '[pc]' }\nunsetopt PROMPT_SP\n"},
    {"fish", ".config/fish/config.fish",
     "set -g fish_greeting ''\nset -g fish_autosuggestion_enabled 0\nfunction fish_prompt; printf '[pc]mine> '; end\n"},
};

// Test names say the shell, not the struct's bytes.
void PrintTo(const Shell &shell, std::ostream *os)
{
    *os << shell.name;
}

class ShellIntegration : public ::testing::TestWithParam<Shell> {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(home.isValid());
        const QString shell = QStandardPaths::findExecutable(QString::fromLatin1(GetParam().name));
        ASSERT_FALSE(shell.isEmpty()) << GetParam().name << " is not installed (the README's test command installs it)";
        const QString rc = home.filePath(QString::fromLatin1(GetParam().rcPath));
        ASSERT_TRUE(QDir().mkpath(QFileInfo(rc).path()));
        QFile f(rc);
        ASSERT_TRUE(f.open(QIODevice::WriteOnly));
        f.write(GetParam().rc);
        f.close();
        QString why;
        ASSERT_TRUE(dt::terminal::writeIntegrationScripts(home.filePath(QStringLiteral("scripts")), &why)) << why.toStdString();
        qputenv("HOME", home.path().toLocal8Bit());
        qputenv("SHELL", shell.toLocal8Bit());
        qputenv("XDG_CONFIG_HOME", home.filePath(QStringLiteral(".config")).toLocal8Bit());
        qputenv("XDG_DATA_HOME", home.filePath(QStringLiteral(".local/share")).toLocal8Bit());
        qunsetenv("ZDOTDIR");
        qunsetenv("PROMPT_COMMAND");
        session = std::make_unique<TerminalSession>(24, 80, 1000);
        TerminalSession::Launch l; // no program: the user's shell
        l.workingDirectory = home.path();
        l.shellIntegrationDirectory = home.filePath(QStringLiteral("scripts"));
        ASSERT_TRUE(session->start(l, &why)) << why.toStdString();
        ASSERT_TRUE(session->startedIntegrated());
    }

    const dt::term::CommandLog &log() { return session->terminal().commands(); }
    std::string screen() { return session->terminal().screenText(); }
    // Types a line and waits for its record to finish.
    const dt::term::CommandRecord *run(const std::string &line)
    {
        const size_t before = log().records().size();
        session->sendBytes(QByteArray::fromStdString(line + "\r"));
        if (!waitUntil([&] { return log().records().size() > before && log().records().back().finished; }, 10000))
            return nullptr;
        return &log().records().back();
    }

    QTemporaryDir home;
    std::unique_ptr<TerminalSession> session;
};

TEST_P(ShellIntegration, reportsCommandsBesideTheUsersOwnPromptAndHooks)
{
    ASSERT_TRUE(waitUntil([&] { return log().integrated() && screen().find("mine>") != std::string::npos; }, 10000)) << screen();
    EXPECT_NE(screen().find("[pc]"), std::string::npos) << "the user's prompt hook no longer runs:\n" << screen();

    const auto *failing = run("echo hi; false");
    ASSERT_NE(failing, nullptr) << screen();
    EXPECT_EQ(failing->commandLine, "echo hi; false");
    EXPECT_EQ(failing->exitStatus, 1);
    EXPECT_EQ(session->terminal().commandOutput(*failing), "hi");

    const auto *ok = run("printf 'a\\nb\\n'");
    ASSERT_NE(ok, nullptr) << screen();
    EXPECT_EQ(ok->exitStatus, 0);
    EXPECT_EQ(session->terminal().commandOutput(*ok), "a\nb");
    EXPECT_EQ(ok->id, failing->id + 1);

    // The directory, spaces and all, as the next prompt reports it.
    const QString spaced = home.filePath(QStringLiteral("my dir"));
    ASSERT_TRUE(QDir().mkpath(spaced));
    ASSERT_NE(run("cd 'my dir'"), nullptr) << screen();
    EXPECT_TRUE(waitUntil([&] { return log().workingDirectory() == spaced.toStdString(); }, 5000))
        << log().workingDirectory() << " != " << spaced.toStdString();

    // Interrupted: 130, as the shell itself reports it.
    const size_t before = log().records().size();
    session->sendBytes("sleep 30\r");
    ASSERT_TRUE(waitUntil([&] { return log().records().size() > before && log().running(); }, 10000)) << screen();
    // Ctrl+C once sleep has the terminal (before that it would reach the shell).
    ASSERT_TRUE(waitUntil([&] { return session->foregroundProgram() == QStringLiteral("sleep"); }, 10000));
    session->sendBytes("\x03");
    ASSERT_TRUE(waitUntil([&] { return !log().running(); }, 10000)) << screen();
    EXPECT_EQ(log().records().back().commandLine, "sleep 30");
    EXPECT_EQ(log().records().back().exitStatus, 130);
}

INSTANTIATE_TEST_SUITE_P(Shells, ShellIntegration, ::testing::ValuesIn(kShells),
                         [](const ::testing::TestParamInfo<Shell> &info) { return std::string(info.param.name); });

TEST(ShellIntegrationStart, otherShellsAndOffStartUntouched)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    QString why;
    ASSERT_TRUE(dt::terminal::writeIntegrationScripts(dir.filePath(QStringLiteral("x")), &why)) << why.toStdString();
    const QString x = dir.filePath(QStringLiteral("x"));
    const auto dash = dt::terminal::integratedShell(QStringLiteral("/bin/dash"), x);
    EXPECT_FALSE(dash.integrated);
    EXPECT_TRUE(dash.arguments.isEmpty());
    EXPECT_TRUE(dash.why.contains(QStringLiteral("dash")));
    const auto off = dt::terminal::integratedShell(QStringLiteral("/bin/bash"), QString());
    EXPECT_FALSE(off.integrated);
    EXPECT_TRUE(off.why.contains(QStringLiteral("off")));
    // zsh hands the user's ZDOTDIR back; fish keeps the user's data dirs.
    QProcessEnvironment env;
    env.insert(QStringLiteral("ZDOTDIR"), QStringLiteral("/home/me/.zsh"));
    env.insert(QStringLiteral("XDG_DATA_DIRS"), QStringLiteral("/opt/share"));
    const auto zsh = dt::terminal::integratedShell(QStringLiteral("/usr/bin/zsh"), x, env);
    EXPECT_EQ(zsh.environment.value(QStringLiteral("ZDOTDIR")), x + QStringLiteral("/zsh"));
    EXPECT_EQ(zsh.environment.value(QStringLiteral("DEVICETERM_ZDOTDIR")), QStringLiteral("/home/me/.zsh"));
    const auto fish = dt::terminal::integratedShell(QStringLiteral("/usr/bin/fish"), x, env);
    EXPECT_EQ(fish.environment.value(QStringLiteral("XDG_DATA_DIRS")), x + QStringLiteral("/fish:/opt/share"));
    EXPECT_EQ(fish.environment.value(QStringLiteral("DEVICETERM_XDG_DATA_DIRS")), QStringLiteral("/opt/share"));
    // Scripts that went missing (a /tmp cleaner): bash starts plain rather
    // than skipping the user's own rc file.
    QFile::remove(x + QStringLiteral("/bash/deviceterm.bashrc"));
    const auto gone = dt::terminal::integratedShell(QStringLiteral("/bin/bash"), x);
    EXPECT_FALSE(gone.integrated);
    EXPECT_TRUE(gone.arguments.isEmpty());
}

} // namespace
