#pragma once

// A terminal view, offscreen, with a real bash behind it whose prompt is
// "$ ": the fixture of the view's tests.

#include "support/wait_until.h"
#include "terminal/terminal_session.h"
#include "app/ui/terminal_view.h"

#include <QImage>
#include <QTest>

#include <gtest/gtest.h>

#include <string>

namespace dt::test {

using dt::terminal::TerminalSession;
using dt::ui::TerminalView;

class TerminalViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        qputenv("SHELL", "/bin/sh");
        qputenv("PS1", "$ ");
        session = new TerminalSession(24, 80, 1000);
        view = new TerminalView(session);
        session->setParent(view);
        view->resize(700, 420);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view));
        TerminalSession::Launch l;
        l.program = QStringLiteral("/bin/bash");
        l.arguments = {QStringLiteral("--norc"), QStringLiteral("--noprofile")};
        ASSERT_TRUE(session->start(l, nullptr));
        view->setFocus();
        ASSERT_TRUE(waitUntil([&] { return screen().find("$") != std::string::npos; })) << screen();
    }
    void TearDown() override { delete view; }

    std::string screen() const { return session->terminal().screenText(); }
    bool shows(const std::string &s) { return waitUntil([&] { return screen().find(s) != std::string::npos; }); }
    void run(const QString &command)
    {
        QTest::keyClicks(view, command);
        QTest::keyClick(view, Qt::Key_Return);
    }
    QPoint cellCenter(int row, int col) const
    {
        return view->cellOrigin(row, col) + QPoint(view->cellSize().width() / 2, view->cellSize().height() / 2);
    }
    QImage grab() { return view->viewport()->grab().toImage(); }
    // Waits for a row that starts with `text` (program output, not the
    // command line that echoes it) and returns its number.
    int outputRow(const std::string &text, int timeoutMs = 5000)
    {
        int found = -1;
        waitUntil([&] {
            for (int r = 0; r < session->terminal().rows(); ++r)
                if (session->terminal().screenLine(r).text().rfind(text, 0) == 0)
                    found = r;
            return found >= 0;
        }, timeoutMs);
        return found;
    }

    TerminalSession *session = nullptr;
    TerminalView *view = nullptr;
};

} // namespace dt::test
