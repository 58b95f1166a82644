// deviceterm-device-shell: the home screen of a deviceterm virtual device.
// It fills the device's display (there is no window manager there) and
// reads its family (watch, phone, pad, tv) from DEVICETERM_DEVICE_FAMILY.

#include "device_shell/shell_window.h"

#include <QApplication>
#include <QScreen>

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    app.setApplicationName(QStringLiteral("deviceterm-device-shell"));
    dt::shell::ShellWindow window(qEnvironmentVariable("DEVICETERM_DEVICE_FAMILY", QStringLiteral("phone")));
    window.setWindowFlag(Qt::FramelessWindowHint);
    window.setGeometry(app.primaryScreen()->geometry());
    // Follow the display when it changes size (rotation).
    QObject::connect(app.primaryScreen(), &QScreen::geometryChanged, &window,
                     [&window](const QRect &g) {
                         window.setGeometry(g);
                         window.activateWindow();
                     });
    window.show();
    return app.exec();
}
