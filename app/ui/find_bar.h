#pragma once

#include "terminal/core/search.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QLineEdit;
class QCheckBox;

namespace dt::ui {

class TerminalView;

// Incremental search through a terminal's screen and scrollback: every hit
// highlighted, the current one scrolled into view, Enter / Shift+Enter (or
// the arrows) for next / previous, Escape to close.
class FindBar : public QWidget {
    Q_OBJECT
public:
    explicit FindBar(QWidget *parent = nullptr);

    // Opens the bar on `view` (the focused terminal) with the text selected.
    void openFor(TerminalView *view);
    void close();
    void findNext() { step(+1); }
    void findPrevious() { step(-1); }

    QString text() const;
    int matchCount() const { return static_cast<int>(m_matches.size()); }
    int currentMatch() const { return m_current; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void search();
    void step(int direction);
    void show(int current);

    QLineEdit *m_edit; // children of this widget
    QCheckBox *m_caseSensitive;
    QLabel *m_count;
    QPointer<TerminalView> m_view;
    // The view's size changed: its text was laid out again (reflow), so
    // the matches are found again.
    QMetaObject::Connection m_gridChanged;
    std::vector<dt::term::SearchMatch> m_matches;
    int m_current = -1;
};

} // namespace dt::ui
