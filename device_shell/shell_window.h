#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QStackedWidget;

namespace dt::shell {

// The device shell: a home screen with a clock and five small apps
// (a counter, a form, a long list, a photo to pinch, a timer that loads
// late and ticks every frame), plus a lock screen. Every page has its
// own background colour, so a test (or a person) sees at a glance where the
// device is; every control has an accessible name.
class ShellWindow : public QWidget {
    Q_OBJECT
public:
    explicit ShellWindow(const QString &family, QWidget *parent = nullptr);

    enum Page { Home, Counter, Form, List, Photo, Timer, Locked };
    void showPage(Page page);
    int count() const { return m_count; }

protected:
    void keyPressEvent(QKeyEvent *e) override;
    void showEvent(QShowEvent *e) override;
    // A swipe up from the bottom edge goes home, whatever is under it.
    bool eventFilter(QObject *watched, QEvent *e) override;
    void wheelEvent(QWheelEvent *e) override;

private:
    QWidget *makeHome();
    QWidget *makeCounter();
    QWidget *makeForm();
    QWidget *makeList();
    QWidget *makePhoto();
    QWidget *makeTimer();
    QWidget *makeLocked();
    void setCount(int count);
    // The window title says where the shell is and what it shows (a page,
    // the count, the greeting): what tools outside the device can read.
    void updateTitle();

    QString m_family;
    QStackedWidget *m_pages;
    QLabel *m_clock = nullptr;
    QLabel *m_countLabel = nullptr;
    QLabel *m_greeting = nullptr;
    QLineEdit *m_name = nullptr;
    class PhotoView *m_photo = nullptr;
    class TimerPage *m_timer = nullptr;
    QListWidget *m_list = nullptr;
    int m_count = 0;
    double m_crown = 0; // wheel steps not yet a whole click
    Page m_beforeLock = Home;
    bool m_edgeSwipe = false; // a press began at the bottom edge
};

} // namespace dt::shell
