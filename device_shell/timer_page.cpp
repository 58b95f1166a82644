// The shell's Timer app (see timer_page.h).

#include "device_shell/timer_page.h"

#include "device_shell/shell_controls.h"

#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace dt::shell {


TimerPage::TimerPage(QWidget *parent)
    : QWidget(parent), m_status(shellTitle(QString(), 18, this)), m_elapsed(shellTitle(QStringLiteral("0.00 s"), 40, this)),
      m_startStop(shellButton(QStringLiteral("Start"), this))
{
    auto *column = new QVBoxLayout(this);
    column->setContentsMargins(24, 24, 24, 24);
    column->addWidget(shellTitle(QStringLiteral("Timer"), 20, this));
    column->addWidget(m_status);
    m_elapsed->setAccessibleName(QStringLiteral("Elapsed 0.0"));
    column->addWidget(m_elapsed, 1);
    column->addWidget(m_startStop);
    QPushButton *home = shellButton(QStringLiteral("Home"), this);
    column->addWidget(home);
    connect(home, &QPushButton::clicked, this, &TimerPage::homeRequested);
    connect(m_startStop, &QPushButton::clicked, this, &TimerPage::toggle);

    m_loading.setSingleShot(true);
    connect(&m_loading, &QTimer::timeout, this, [this] {
        m_ready = true;
        m_status->setText(QStringLiteral("Ready"));
        m_status->setAccessibleName(QStringLiteral("Ready"));
        emit statusChanged();
    });
    m_frame.setTimerType(Qt::PreciseTimer);
    connect(&m_frame, &QTimer::timeout, this, &TimerPage::showElapsed);
}

QString TimerPage::status() const
{
    return m_ready ? QStringLiteral("Ready") : QStringLiteral("Loading");
}

void TimerPage::opened()
{
    m_ready = false;
    m_status->setText(QStringLiteral("Loading…"));
    m_status->setAccessibleName(QStringLiteral("Loading"));
    m_loading.start(kLoadingMillis);
    emit statusChanged();
}

void TimerPage::hideEvent(QHideEvent *e)
{
    QWidget::hideEvent(e);
    if (m_frame.isActive())
        toggle();
}

void TimerPage::toggle()
{
    if (m_frame.isActive()) {
        m_frame.stop();
        m_startStop->setText(QStringLiteral("Start"));
        m_startStop->setAccessibleName(QStringLiteral("Start"));
        return;
    }
    m_clock.start();
    m_frame.start(16); // every frame of a 60 Hz screen
    m_startStop->setText(QStringLiteral("Stop"));
    m_startStop->setAccessibleName(QStringLiteral("Stop"));
}

void TimerPage::showElapsed()
{
    const qint64 millis = m_clock.elapsed();
    m_elapsed->setText(QStringLiteral("%1 s").arg(double(millis) / 1000, 0, 'f', 2));
    // Readers hear tenths: a name that changed every frame would flood
    // the accessibility bus.
    if (const qint64 tenths = millis / 100; tenths != m_shownTenths) {
        m_shownTenths = tenths;
        m_elapsed->setAccessibleName(QStringLiteral("Elapsed %1").arg(double(tenths) / 10, 0, 'f', 1));
    }
}

} // namespace dt::shell
