#pragma once

// What the tests of real virtual devices share: a fixture that boots a
// device in a private runtime directory, and ways to read what the device
// shell shows (its window title, its buttons in the accessibility tree) and
// to wait until its picture settles.

#include "devicepanes/accessibility_bridge.h"
#include "devicepanes/simulator.h"
#include "support/ax_nodes.h"
#include "support/wait_until.h"

#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace dt::test {

class SimulatorTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(runtime.isValid());
        m_oldRuntime = qgetenv("XDG_RUNTIME_DIR");
        qputenv("XDG_RUNTIME_DIR", runtime.path().toLocal8Bit());
    }
    void TearDown() override { qputenv("XDG_RUNTIME_DIR", m_oldRuntime); }

    // `app`: the device's own app (empty: the device shell, the default).
    std::unique_ptr<dt::devices::Simulator> boot(const std::string &family, std::vector<std::string> app = {}, bool qtTouch = false)
    {
        dt::devices::Simulator::Tools tools;
        tools.deviceShell = QStringLiteral(DT_DEVICE_SHELL);
        auto sim = std::make_unique<dt::devices::Simulator>(
            dt::devices::DeviceRecord{"0A1B2C3D-0000-4000-8000-00000000000" + std::to_string(++m_count), "Test " + family, family,
                                      std::move(app), qtTouch},
            tools);
        sim->boot();
        return sim;
    }
    static QColor pixel(const dt::devices::Simulator &sim, int x, int y) { return sim.display()->frame().pixelColor(x, y); }
    static bool rendered(const dt::devices::Simulator &sim) { return sim.state() == dt::devices::Simulator::State::Rendering; }

    // The device shell's page colours.
    const QColor home{0x1e, 0x3a, 0x5f};
    const QColor counter{0x1f, 0x6f, 0x43};

    QTemporaryDir runtime;
    QByteArray m_oldRuntime;
    int m_count = 0;
};

// The device shell's window title, read on the device's display (with the
// device's cookie, or `xauthority`; `asUser`: as that uid, when we are root).
inline QString titleOn(const dt::devices::Simulator &sim, std::optional<QString> xauthority, std::optional<int> asUser)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("DISPLAY"), sim.displayName());
    env.insert(QStringLiteral("XAUTHORITY"), xauthority.value_or(sim.xauthorityPath()));
    p.setProcessEnvironment(env);
    QStringList command{QStringLiteral("xdotool"), QStringLiteral("search"), QStringLiteral("--onlyvisible"), QStringLiteral("--classname"),
                        QStringLiteral("deviceterm-device-shell"), QStringLiteral("getwindowname")};
    if (asUser)
        command = QStringList{QStringLiteral("setpriv"), QStringLiteral("--reuid=%1").arg(*asUser), QStringLiteral("--regid=%1").arg(*asUser),
                              QStringLiteral("--clear-groups"), QStringLiteral("--")} + command;
    p.start(command.first(), command.mid(1));
    p.waitForFinished(3000);
    return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
}

inline QString titleOn(const dt::devices::Simulator &sim)
{
    return titleOn(sim, std::nullopt, std::nullopt);
}

// Until the device's picture has not changed for a moment: the page the
// title already names has finished drawing.
inline void settle(const dt::devices::Simulator &sim)
{
    waitUntilStill<QImage>([&] { return sim.display() ? sim.display()->frame() : QImage(); }, 100, 3000);
}

// The shell's home button named `label`, found in its accessibility tree.
inline std::optional<QPointF> buttonCentre(const dt::devices::Simulator &sim, const QString &label)
{
    dt::devices::AccessibilityBridge bridge(sim.sessionBus(), sim.display()->size());
    std::optional<QPointF> centre;
    waitUntil([&] {
        QString why;
        const auto tree = bridge.tree(&why);
        if (!tree)
            return false;
        QList<dt::devices::AxNode> nodes;
        flatten(*tree, nodes);
        for (const auto &n : nodes)
            if (n.role == QLatin1String("Button") && n.label == label)
                centre = n.frame.center();
        return centre.has_value();
    }, 10000);
    return centre;
}

} // namespace dt::test
