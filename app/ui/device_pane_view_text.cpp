// DevicePaneView's words: its title row, what shows in place of a screen
// that is not rendering, and what screen readers are told of both.

#include "app/ui/device_pane_view.h"

#include "app/core/workspace.h"
#include "devicepanes/device_backend.h"

namespace dt::ui {

using dt::devices::DeviceBackend;

QString DevicePaneView::titleText() const
{
    // The device's name, its kind and what it is doing.
    const DeviceBackend *sim = m_followed;
    const auto *pane = m_workspace.pane(m_pane);
    const QString state = !sim ? tr("shut down")
        : sim->state() == DeviceBackend::State::Booting ? tr("booting")
        : sim->state() == DeviceBackend::State::Rendering ? QString()
        : sim->state() == DeviceBackend::State::Failed ? tr("failed") : tr("shut down");
    QString title = pane ? pane->name : QString();
    if (sim)
        title += QStringLiteral(" · ") + QString::fromStdString(sim->profile().family);
    if (!state.isEmpty())
        title += QStringLiteral(" · ") + state;
    return title;
}

QString DevicePaneView::screenMessage() const
{
    const DeviceBackend *sim = m_followed;
    if (sim && sim->state() == DeviceBackend::State::Rendering)
        return {};
    if (sim && sim->state() == DeviceBackend::State::Failed)
        return tr("Failed: %1").arg(sim->failure());
    return sim && sim->state() == DeviceBackend::State::Booting ? tr("Booting…") : tr("Shut down");
}

void DevicePaneView::describeForScreenReaders()
{
    // A screen reader hears the title row as the pane's name, and what the
    // screen says (or that it is being recorded) as its description.
    setAccessibleName(tr("Device %1").arg(titleText()));
    const QString file = m_workspace.devices().recordingOf(udid());
    QStringList about{screenMessage()};
    if (!file.isEmpty())
        about << tr("The screen is being recorded into %1").arg(file);
    about.removeAll(QString());
    setAccessibleDescription(about.join(QStringLiteral(". ")));
    setToolTip(file.isEmpty() ? QString() : about.constLast());
}

} // namespace dt::ui
