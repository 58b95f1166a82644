// Asks whether to keep running devices or shut them down when panes close or the app quits, unless the
// config already answers; "Don't ask again" saves the choice.

#include "app/ui/running_devices_question.h"

#include "app/core/config.h"
#include "app/core/workspace.h"
#include "app/ui/nested_loop.h"

#include <QCheckBox>
#include <QMessageBox>
#include <QPushButton>

namespace dt::ui {

using dt::devices::DeviceBackend;

namespace {

struct Wording {
    QString question, keep, shutdown, configKey, keepValue;
};

// One question: keep the devices running, shut them down, or cancel.
DevicesOnClose ask(QWidget *parent, dt::app::Config *config, const QStringList &running, const Wording &w, int &nestedLoops)
{
    DevicesOnClose decision;
    if (running.isEmpty())
        return decision;
    const QString preset = config ? config->value(w.configKey) : QString();
    if (preset == w.keepValue || preset == QLatin1String("shutdown")) {
        decision.keepDevices = preset == w.keepValue;
        return decision;
    }
    QMessageBox box(QMessageBox::Question, QObject::tr("deviceterm"), w.question, QMessageBox::NoButton, parent);
    box.setInformativeText(QObject::tr("Running: %1. Kept devices run on without a pane; attach them again from "
                                       "Device ▸ Boot or with deviceterm device attach.")
                               .arg(running.join(QStringLiteral(", "))));
    QPushButton *keep = box.addButton(w.keep, QMessageBox::AcceptRole);
    QPushButton *shutdown = box.addButton(w.shutdown, QMessageBox::DestructiveRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(keep);
    auto *never = new QCheckBox(QObject::tr("Don't ask again"), &box);
    box.setCheckBox(never);
    {
        NestedLoop loop(nestedLoops);
        box.exec();
    }
    decision.asked = true;
    if (box.clickedButton() != keep && box.clickedButton() != shutdown) {
        decision.proceed = false;
        return decision;
    }
    decision.keepDevices = box.clickedButton() == keep;
    if (never->isChecked() && config)
        config->set(w.configKey, decision.keepDevices ? w.keepValue : QStringLiteral("shutdown"));
    return decision;
}

} // namespace

DevicesOnClose askAboutRunningDevices(QWidget *parent, dt::app::Workspace &workspace, dt::app::Config *config,
                                      const QList<dt::app::PaneId> &panes, int &nestedLoops)
{
    QStringList running;
    for (dt::app::PaneId p : panes) {
        const auto *pane = workspace.pane(p);
        const DeviceBackend *sim = pane && pane->isDevice() ? workspace.devices().device(pane->deviceUdid) : nullptr;
        if (sim && sim->isUp())
            running << QString::fromStdString(sim->record().name);
    }
    return ask(parent, config, running,
               {QObject::tr("Keep the devices running after closing?"), QObject::tr("Keep Devices Running"), QObject::tr("Shut Down"),
                QStringLiteral("tab-close-default"), QStringLiteral("detach")},
               nestedLoops);
}

DevicesOnClose askAboutQuitting(QWidget *parent, dt::app::Workspace &workspace, dt::app::Config *config, int &nestedLoops)
{
    return ask(parent, config, workspace.devices().runningNames(),
               {QObject::tr("Keep the devices running after deviceterm quits?"), QObject::tr("Keep Devices Running"),
                QObject::tr("Shut Down All && Quit"), QStringLiteral("quit-with-sims-default"), QStringLiteral("keep")},
               nestedLoops);
}

} // namespace dt::ui
