#pragma once

// The Help menu's two dialogs: every key the app keeps from programs,
// grouped and searchable, and About.

#include <QDialog>

class QLineEdit;
class QMenuBar;
class QTreeWidget;

namespace dt::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    // One group per menu of `menus` (the actions with keys, as the menus
    // name them), then `extra` (actions in no menu), then the keys the
    // terminal and the find bar keep for themselves.
    ShortcutsDialog(const QMenuBar *menus, const QList<QAction *> &extra, QWidget *parent = nullptr);

    // Shows the rows whose action or keys contain `text` (any case).
    void setFilter(const QString &text);
    // What is shown: "group / action / keys" per visible row.
    QStringList visibleRows() const;

private:
    void addGroup(const QString &title, const QList<QPair<QString, QString>> &rows);

    QLineEdit *m_search; // child widget
    QTreeWidget *m_tree; // child widget
};

// Version, what deviceterm is, its licence and homepage, and About Qt.
class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget *parent = nullptr);
};

} // namespace dt::ui
