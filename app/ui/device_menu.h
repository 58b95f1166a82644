#pragma once

#include "app/core/workspace.h"
#include "devicepanes/device_button.h"

#include <QMenu>

#include <functional>

namespace dt::ui {

// The Device menu: make a device, boot one into the current tab (beside its
// focused terminal), press its hardware buttons, shut it down. The items
// act on the current tab's device pane (the focused one, else its first).
class DeviceMenu : public QMenu {
    Q_OBJECT
public:
    DeviceMenu(dt::app::Workspace &workspace, std::function<dt::app::TabId()> currentTab, QWidget *parent);

    // The device pane the items act on, or 0.
    dt::app::PaneId targetPane() const;
    // Boots the device in the current tab.
    void boot(const dt::devices::DeviceRecord &record);

private:
    void rebuild();
    void createDevice();
    void press(dt::devices::DeviceButton button);
    void turn(bool left);

    dt::app::Workspace &m_workspace;
    std::function<dt::app::TabId()> m_currentTab;
    QMenu *m_bootMenu = nullptr;
};

} // namespace dt::ui
