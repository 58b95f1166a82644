// The device shell's window: home, counter, form, list, photo, timer and lock pages with distinct colours and
// accessible names, hardware keys and the watch crown, edge swipe home, and a title that reports state.

#include "device_shell/shell_window.h"

#include "device_shell/photo_view.h"
#include "device_shell/shell_controls.h"
#include "device_shell/timer_page.h"

#include <QApplication>
#include <QCheckBox>
#include <QMouseEvent>
#include <QDateTime>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QScroller>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>

namespace dt::shell {

namespace {

// Backgrounds per page (also what tests look for).
const char *const kColours[] = {"#1e3a5f", "#1f6f43", "#6b3f1d", "#4a2f6b", "#20262e", "#5f1e3a", "#000000"};

QWidget *page(const char *colour, const QString &accessibleName)
{
    auto *w = new QWidget;
    w->setAutoFillBackground(true);
    QPalette p = w->palette();
    p.setColor(QPalette::Window, QColor(QLatin1String(colour)));
    p.setColor(QPalette::WindowText, Qt::white);
    w->setPalette(p);
    w->setAccessibleName(accessibleName);
    return w;
}

} // namespace

ShellWindow::ShellWindow(const QString &family, QWidget *parent)
    : QWidget(parent), m_family(family), m_pages(new QStackedWidget(this))
{
    setAccessibleName(QStringLiteral("Device Shell"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_pages);
    m_pages->addWidget(makeHome());
    m_pages->addWidget(makeCounter());
    m_pages->addWidget(makeForm());
    m_pages->addWidget(makeList());
    m_pages->addWidget(makePhoto());
    m_pages->addWidget(makeTimer());
    m_pages->addWidget(makeLocked());
    auto *tick = new QTimer(this);
    connect(tick, &QTimer::timeout, this, [this] {
        m_clock->setText(QTime::currentTime().toString(QStringLiteral("HH:mm")));
    });
    tick->start(10'000);
    updateTitle();
    qApp->installEventFilter(this);
}

bool ShellWindow::eventFilter(QObject *watched, QEvent *e)
{
    if (e->type() == QEvent::MouseButtonPress || e->type() == QEvent::MouseButtonRelease) {
        const QPoint at = mapFromGlobal(static_cast<QMouseEvent *>(e)->globalPosition().toPoint());
        if (e->type() == QEvent::MouseButtonPress)
            m_edgeSwipe = at.y() >= height() * 95 / 100;
        else if (m_edgeSwipe && at.y() < height() * 80 / 100 && m_pages->currentIndex() != Locked) {
            m_edgeSwipe = false;
            showPage(Home);
            return true;
        } else {
            m_edgeSwipe = false;
        }
    }
    return QWidget::eventFilter(watched, e);
}

QWidget *ShellWindow::makeHome()
{
    QWidget *w = page(kColours[Home], QStringLiteral("Home"));
    auto *column = new QVBoxLayout(w);
    column->setContentsMargins(24, 24, 24, 24);
    m_clock = shellTitle(QTime::currentTime().toString(QStringLiteral("HH:mm")), 36, w);
    m_clock->setAccessibleName(QStringLiteral("Clock"));
    column->addWidget(m_clock);
    column->addStretch(1);
    for (auto [text, target] :
         {std::pair{"Counter", Counter}, std::pair{"Form", Form}, std::pair{"List", List}, std::pair{"Photo", Photo},
          std::pair{"Timer", Timer}}) {
        QPushButton *b = shellButton(QLatin1String(text), w);
        connect(b, &QPushButton::clicked, this, [this, target] { showPage(target); });
        column->addWidget(b);
    }
    column->addStretch(1);
    return w;
}

QWidget *ShellWindow::makeCounter()
{
    QWidget *w = page(kColours[Counter], QStringLiteral("Counter"));
    auto *column = new QVBoxLayout(w);
    column->setContentsMargins(24, 24, 24, 24);
    column->addWidget(shellTitle(QStringLiteral("Counter"), 20, w));
    m_countLabel = shellTitle(QStringLiteral("0"), 48, w);
    column->addWidget(m_countLabel, 1);
    QPushButton *plus = shellButton(QStringLiteral("+1"), w);
    QPushButton *minus = shellButton(QStringLiteral("-1"), w);
    QPushButton *reset = shellButton(QStringLiteral("Reset"), w);
    QPushButton *home = shellButton(QStringLiteral("Home"), w);
    connect(plus, &QPushButton::clicked, this, [this] { setCount(m_count + 1); });
    connect(minus, &QPushButton::clicked, this, [this] { setCount(m_count - 1); });
    connect(reset, &QPushButton::clicked, this, [this] { setCount(0); });
    connect(home, &QPushButton::clicked, this, [this] { showPage(Home); });
    for (QPushButton *b : {plus, minus, reset, home})
        column->addWidget(b);
    return w;
}

QWidget *ShellWindow::makeForm()
{
    QWidget *w = page(kColours[Form], QStringLiteral("Form"));
    auto *column = new QVBoxLayout(w);
    column->setContentsMargins(24, 24, 24, 24);
    column->addWidget(shellTitle(QStringLiteral("Form"), 20, w));
    m_name = new QLineEdit(w);
    m_name->setPlaceholderText(QStringLiteral("Your name"));
    m_name->setAccessibleName(QStringLiteral("Name"));
    m_name->setMinimumHeight(48);
    QFont f = m_name->font();
    f.setPointSize(16);
    m_name->setFont(f);
    column->addWidget(m_name);
    auto *notify = new QCheckBox(QStringLiteral("Notifications"), w);
    notify->setAccessibleName(QStringLiteral("Notifications"));
    notify->setFont(f);
    column->addWidget(notify);
    m_greeting = shellTitle(QString(), 18, w);
    m_greeting->setAccessibleName(QStringLiteral("Greeting"));
    column->addWidget(m_greeting);
    connect(m_name, &QLineEdit::textChanged, this, [this](const QString &name) {
        m_greeting->setText(name.isEmpty() ? QString() : QStringLiteral("Hello, %1").arg(name));
        // Read as what it shows (an empty greeting keeps its role's name).
        m_greeting->setAccessibleName(name.isEmpty() ? QStringLiteral("Greeting") : m_greeting->text());
        updateTitle();
    });
    column->addStretch(1);
    QPushButton *home = shellButton(QStringLiteral("Home"), w);
    connect(home, &QPushButton::clicked, this, [this] { showPage(Home); });
    column->addWidget(home);
    return w;
}

QWidget *ShellWindow::makeList()
{
    QWidget *w = page(kColours[List], QStringLiteral("List"));
    auto *column = new QVBoxLayout(w);
    column->setContentsMargins(12, 12, 12, 12);
    auto *list = new QListWidget(w);
    list->setAccessibleName(QStringLiteral("Items"));
    for (int i = 1; i <= 100; ++i)
        list->addItem(QStringLiteral("Item %1").arg(i));
    QFont f = list->font();
    f.setPointSize(16);
    list->setFont(f);
    // A finger drags the list (and flings it), as on a phone.
    list->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    QScroller::grabGesture(list->viewport(), QScroller::LeftMouseButtonGesture);
    m_list = list;
    connect(list->verticalScrollBar(), &QScrollBar::valueChanged, this, [this] { updateTitle(); });
    column->addWidget(list, 1);
    QPushButton *home = shellButton(QStringLiteral("Home"), w);
    connect(home, &QPushButton::clicked, this, [this] { showPage(Home); });
    column->addWidget(home);
    return w;
}

QWidget *ShellWindow::makePhoto()
{
    QWidget *w = page(kColours[Photo], QStringLiteral("Photo"));
    auto *column = new QVBoxLayout(w);
    column->setContentsMargins(12, 12, 12, 12);
    m_photo = new PhotoView(w);
    column->addWidget(m_photo, 1);
    connect(m_photo, &PhotoView::zoomChanged, this, [this] { updateTitle(); });
    QPushButton *fit = shellButton(QStringLiteral("Fit"), w);
    connect(fit, &QPushButton::clicked, this, [this] { m_photo->setZoom(1.0); });
    column->addWidget(fit);
    QPushButton *home = shellButton(QStringLiteral("Home"), w);
    connect(home, &QPushButton::clicked, this, [this] { showPage(Home); });
    column->addWidget(home);
    return w;
}

QWidget *ShellWindow::makeTimer()
{
    QWidget *w = page(kColours[Timer], QStringLiteral("Timer"));
    auto *column = new QVBoxLayout(w);
    column->setContentsMargins(0, 0, 0, 0);
    m_timer = new TimerPage(w);
    column->addWidget(m_timer);
    connect(m_timer, &TimerPage::statusChanged, this, [this] { updateTitle(); });
    connect(m_timer, &TimerPage::homeRequested, this, [this] { showPage(Home); });
    return w;
}

QWidget *ShellWindow::makeLocked()
{
    QWidget *w = page(kColours[Locked], QStringLiteral("Locked"));
    auto *column = new QVBoxLayout(w);
    column->addStretch(1);
    column->addWidget(shellTitle(QStringLiteral("Locked"), 24, w));
    QPushButton *unlock = shellButton(QStringLiteral("Unlock"), w);
    connect(unlock, &QPushButton::clicked, this, [this] { showPage(m_beforeLock); });
    column->addWidget(unlock);
    column->addStretch(1);
    return w;
}

void ShellWindow::showPage(Page p)
{
    if (p == Locked && m_pages->currentIndex() != Locked)
        m_beforeLock = static_cast<Page>(m_pages->currentIndex());
    m_pages->setCurrentIndex(p);
    if (p == Form)
        m_name->setFocus();
    if (p == Timer)
        m_timer->opened();
    updateTitle();
}

void ShellWindow::updateTitle()
{
    static const char *const names[] = {"Home", "Counter", "Form", "List", "Photo", "Timer", "Locked"};
    const int page = m_pages->currentIndex();
    QString title = QLatin1String(names[page]);
    if (page == Counter)
        title += QStringLiteral(": %1").arg(m_count);
    else if (page == Form && !m_greeting->text().isEmpty())
        title += QStringLiteral(": ") + m_greeting->text();
    else if (page == List)
        title += QStringLiteral(": Item %1").arg(m_list->indexAt(QPoint(4, 4)).row() + 1); // the top one
    else if (page == Photo)
        title += QStringLiteral(": %1%").arg(std::lround(m_photo->zoom() * 100));
    else if (page == Timer)
        title += QStringLiteral(": ") + m_timer->status();
    setWindowTitle(title);
}

void ShellWindow::setCount(int count)
{
    m_count = count;
    m_countLabel->setText(QString::number(count));
    m_countLabel->setAccessibleName(QStringLiteral("Count %1").arg(count));
    updateTitle();
}

// There is no window manager on a device to give the app the keyboard: it
// takes the input focus itself once it is on screen.
void ShellWindow::showEvent(QShowEvent *e)
{
    QWidget::showEvent(e);
    QTimer::singleShot(0, this, [this] { activateWindow(); });
}

// Hardware buttons arrive as the XF86 keys a device's buttons send.
void ShellWindow::keyPressEvent(QKeyEvent *e)
{
    switch (e->key()) {
    case Qt::Key_HomePage:
        showPage(Home);
        return;
    case Qt::Key_PowerOff:
    case Qt::Key_ScreenSaver:
    case Qt::Key_Sleep:
        showPage(m_pages->currentIndex() == Locked ? m_beforeLock : Locked);
        return;
    case Qt::Key_VolumeUp:
        setCount(m_count + 1);
        return;
    case Qt::Key_VolumeDown:
        setCount(m_count - 1);
        return;
    default:
        QWidget::keyPressEvent(e);
    }
}

// On a watch the wheel is the crown: one click counts one.
void ShellWindow::wheelEvent(QWheelEvent *e)
{
    if (m_family != QLatin1String("watch") || m_pages->currentIndex() != Counter) {
        QWidget::wheelEvent(e);
        return;
    }
    m_crown += e->angleDelta().y() / 120.0;
    while (m_crown >= 1) {
        setCount(m_count + 1);
        m_crown -= 1;
    }
    while (m_crown <= -1) {
        setCount(m_count - 1);
        m_crown += 1;
    }
}

} // namespace dt::shell
