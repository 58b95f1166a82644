// The Device menu, rebuilt each time it opens: New Device dialog, Boot (or attach) a stored device into the
// current tab, hardware buttons, rotation and Shut Down for the tab's device pane.

#include "app/ui/device_menu.h"

#include "devicepanes/store/device_profile.h"
#include "devicepanes/store/device_store.h"

#include <QComboBox>
#include <QPushButton>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QMessageBox>

namespace dt::ui {

using dt::devices::DeviceRecord;
using dt::devices::DeviceStore;

DeviceMenu::DeviceMenu(dt::app::Workspace &workspace, std::function<dt::app::TabId()> currentTab, QWidget *parent)
    : QMenu(tr("&Device"), parent), m_workspace(workspace), m_currentTab(std::move(currentTab))
{
    // The device set can change from any shell: read it when the menu opens.
    connect(this, &QMenu::aboutToShow, this, &DeviceMenu::rebuild);
    rebuild();
}

dt::app::PaneId DeviceMenu::targetPane() const
{
    const auto *t = m_workspace.tab(m_currentTab());
    if (!t)
        return 0;
    if (const auto *focused = m_workspace.pane(t->focused); focused && focused->isDevice())
        return t->focused;
    for (dt::app::PaneId p : t->layout.panes())
        if (const auto *pane = m_workspace.pane(p); pane && pane->isDevice())
            return p;
    return 0;
}

void DeviceMenu::boot(const DeviceRecord &record)
{
    const auto *t = m_workspace.tab(m_currentTab());
    if (!t)
        return;
    // Owned by the terminal beside it: the focused one, else the tab's first.
    const auto *focused = m_workspace.pane(t->focused);
    const dt::app::PaneId owner = focused && !focused->isDevice() ? t->focused : t->primary;
    // A running device without a pane (detached) is attached here; one
    // whose pane shows it is down comes back up in that pane.
    m_workspace.openDevicePane(owner, record);
}

// The device manager's actions, as the automation server's pane.input.*
// calls them, done for a person (in turn with their other input, and told
// to whoever follows their gestures); a refusal (the device went down
// meanwhile) needs no answer here: the pane shows the device's state.
void DeviceMenu::press(dt::devices::DeviceButton button)
{
    if (const auto *p = m_workspace.pane(targetPane()))
        m_workspace.devices().pressForPerson(p->deviceUdid, button);
}

void DeviceMenu::turn(bool left)
{
    if (const auto *p = m_workspace.pane(targetPane()))
        m_workspace.devices().turnForPerson(p->deviceUdid, left);
}

void DeviceMenu::createDevice()
{
    QDialog dialog(parentWidget());
    dialog.setWindowTitle(tr("New Device"));
    auto *form = new QFormLayout(&dialog);
    auto *name = new QLineEdit(&dialog);
    name->setText(tr("My Phone"));
    auto *profile = new QComboBox(&dialog);
    for (const auto &p : dt::devices::deviceProfiles())
        profile->addItem(QStringLiteral("%1 (%2×%3)").arg(QString::fromStdString(p.family)).arg(p.width).arg(p.height),
                         QString::fromStdString(p.family));
    profile->setCurrentIndex(1); // phone
    form->addRow(tr("Name:"), name);
    form->addRow(tr("Kind:"), profile);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Create and Boot"));
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    DeviceStore store;
    auto created = store.create(name->text().trimmed().toStdString(), profile->currentData().toString().toStdString(), {});
    if (const auto *why = std::get_if<std::string>(&created)) {
        QMessageBox::warning(parentWidget(), tr("New Device"), QString::fromStdString(*why));
        return;
    }
    boot(std::get<DeviceRecord>(created));
}

void DeviceMenu::rebuild()
{
    clear();
    addAction(tr("&New Device…"), this, &DeviceMenu::createDevice);
    // One Boot submenu for the menu's life (clear() keeps submenus alive).
    if (!m_bootMenu)
        m_bootMenu = new QMenu(tr("&Boot"), this);
    m_bootMenu->clear();
    addMenu(m_bootMenu);
    QMenu *bootMenu = m_bootMenu;
    const auto devices = DeviceStore().list();
    for (const DeviceRecord &r : devices) {
        const QString udid = QString::fromStdString(r.udid);
        const auto *sim = m_workspace.devices().device(udid);
        const bool up = sim
            && (sim->state() == dt::devices::DeviceBackend::State::Booting || sim->state() == dt::devices::DeviceBackend::State::Rendering);
        const bool shown = m_workspace.devicePane(udid) != 0;
        // Running without a pane (detached here, or kept by an earlier
        // deviceterm): choosing it attaches it.
        const QString name = QStringLiteral("%1 (%2)").arg(QString::fromStdString(r.name), QString::fromStdString(r.family));
        const QString label = (up && !shown) || dt::devices::readKept(r.udid) ? tr("%1 · running, attach").arg(name)
            : up ? tr("%1 · running").arg(name)
                 : name;
        QAction *a = bootMenu->addAction(label, this, [this, r] { boot(r); });
        a->setObjectName(QStringLiteral("boot-") + udid);
        a->setEnabled(!(up && shown)); // already on screen
    }
    if (devices.empty())
        bootMenu->addAction(tr("No devices yet"))->setEnabled(false);
    addSeparator();
    const bool hasPane = targetPane() != 0;
    using dt::devices::DeviceButton;
    for (const dt::devices::DeviceButtonName &b : dt::devices::deviceButtons()) {
        const QString text = b.button == DeviceButton::Home       ? tr("&Home")
                           : b.button == DeviceButton::Lock       ? tr("&Lock")
                           : b.button == DeviceButton::VolumeUp   ? tr("Volume &Up")
                           : b.button == DeviceButton::VolumeDown ? tr("Volume Do&wn")
                                                                  : tr("Bac&k");
        QAction *a = addAction(text, this, [this, button = b.button] { press(button); });
        a->setObjectName(QStringLiteral("press-") + QLatin1String(b.name.data()));
        a->setEnabled(hasPane);
    }
    addSeparator();
    for (auto [text, left] : {std::pair{tr("Rotate L&eft"), true}, std::pair{tr("Rotate &Right"), false}}) {
        QAction *a = addAction(text, this, [this, left = left] { turn(left); });
        a->setEnabled(hasPane);
    }
    addSeparator();
    QAction *shutdown = addAction(tr("&Shut Down"), this, [this] {
        if (const dt::app::PaneId p = targetPane())
            m_workspace.closePane(p);
    });
    shutdown->setEnabled(hasPane);
}

} // namespace dt::ui
