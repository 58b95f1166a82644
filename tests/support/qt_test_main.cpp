// main() for gtest suites that need a Qt application object. Widget suites
// default to the offscreen platform so they run without a display.

#ifdef DT_TEST_WIDGETS
#include <QApplication>
#endif
#include <QCoreApplication>

#include <gtest/gtest.h>

#include <csignal>
#include <cstdlib>

int main(int argc, char **argv)
{
    // As deviceterm-gui does first (dt::app::ignoreBrokenPipes): a peer
    // that goes away costs a write its EPIPE, not the process.
    struct sigaction ignore {};
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    ::sigaction(SIGPIPE, &ignore, nullptr);
    ::testing::InitGoogleTest(&argc, argv);
    // The test programs run threads (Qt's, the PTY readers'): a death test
    // runs its statement in a fresh copy of the program, not in a fork of
    // one whose other threads are gone.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
#ifdef DT_TEST_WIDGETS
    if (!std::getenv("QT_QPA_PLATFORM"))
        setenv("QT_QPA_PLATFORM", "offscreen", 1);
    QApplication app(argc, argv);
#else
    QCoreApplication app(argc, argv);
#endif
    return RUN_ALL_TESTS();
}
