// A screen reader's view of the terminal, over the real AT-SPI bus: the
// real deviceterm-gui runs as a virtual device's app (its own X display,
// session bus and accessibility bus), and the text of its terminal, typed
// characters included, is read back through AT-SPI's Text interface.

#include "devicepanes/accessibility_bridge.h"
#include "devicepanes/simulator.h"
#include "support/ax_nodes.h"
#include "support/wait_until.h"

#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using dt::devices::AxNode;
using dt::devices::Simulator;
using dt::test::waitUntil;
using dt::test::flatten;

class TerminalAccessibilityTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(home.isValid());
        // The app reads and writes its settings and state under these.
        for (const char *name : {"XDG_RUNTIME_DIR", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"}) {
            m_saved.emplace_back(name, qgetenv(name));
            qputenv(name, (home.path() + QLatin1Char('/') + QLatin1String(name)).toLocal8Bit());
        }
    }
    void TearDown() override
    {
        for (const auto &[name, value] : m_saved)
            qputenv(name, value);
    }

    std::unique_ptr<Simulator> bootTerminal(std::vector<std::string> command)
    {
        Simulator::Tools tools;
        tools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
        command.insert(command.begin(), DT_GUI);
        auto sim = std::make_unique<Simulator>(
            dt::devices::DeviceRecord{"0A1B2C3D-0000-4000-8000-0000000000a1", "Reader", "tv", std::move(command), false},
            tools);
        sim->boot();
        return sim;
    }

    // The terminal element of the app's tree, if it is there yet.
    static std::optional<AxNode> terminalIn(dt::devices::AccessibilityBridge &bridge, QList<AxNode> *all = nullptr)
    {
        QString why;
        const std::optional<AxNode> tree = bridge.tree(&why);
        if (!tree)
            return std::nullopt;
        QList<AxNode> nodes;
        flatten(*tree, nodes);
        if (all)
            *all = nodes;
        for (const AxNode &n : nodes)
            if (n.role == QLatin1String("Terminal"))
                return n;
        return std::nullopt;
    }

    QTemporaryDir home;
    std::vector<std::pair<const char *, QByteArray>> m_saved;
};

TEST_F(TerminalAccessibilityTest, aScreenReaderReadsTheOutputAndWhatIsTyped)
{
    auto sim = bootTerminal({"-e", "sh", "-c", "printf 'ready for a reader\\n'; exec cat"});
    ASSERT_TRUE(waitUntil([&] { return sim->state() == Simulator::State::Rendering; }, 25000))
        << sim->failure().toStdString();
    dt::devices::AccessibilityBridge bridge(sim->sessionBus(), sim->display()->size());
    std::optional<AxNode> terminal;
    ASSERT_TRUE(waitUntil([&] {
        terminal = terminalIn(bridge);
        return terminal && terminal->value.contains(QLatin1String("ready for a reader"));
    }, 20000)) << (terminal ? terminal->value.toStdString() : "no terminal in the tree");
    EXPECT_FALSE(terminal->label.isEmpty()) << "the terminal has no name";

    // Typed into the terminal (clicked first: no window manager focuses the
    // window on the device's display): cat's echo and its copy of the line.
    sim->input()->tap(terminal->frame.center());
    ASSERT_TRUE(sim->input()->text(QStringLiteral("typed words\n")));
    ASSERT_TRUE(waitUntil([&] {
        terminal = terminalIn(bridge);
        return terminal && terminal->value.count(QLatin1String("typed words")) == 2;
    }, 15000)) << (terminal ? terminal->value.toStdString() : "no terminal in the tree");
    EXPECT_TRUE(terminal->value.startsWith(QLatin1String("ready for a reader\ntyped words\ntyped words")))
        << terminal->value.toStdString();

    // Every button a screen reader reaches says what it is.
    QList<AxNode> all;
    terminalIn(bridge, &all);
    for (const AxNode &n : all) {
        if (n.role == QLatin1String("Button")) {
            EXPECT_FALSE(n.label.isEmpty()) << "a nameless button";
        }
    }
    sim->shutdown();
}

} // namespace
