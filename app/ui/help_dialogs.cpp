// The Keyboard Shortcuts dialog (menus' keys plus the keys the terminal view and the find bar keep,
// grouped, with a search field) and the About dialog.

#include "app/ui/help_dialogs.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace dt::ui {

namespace {

QString keysOf(const QAction *a)
{
    QStringList keys;
    for (const QKeySequence &k : a->shortcuts())
        keys << k.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

QString plain(QString text)
{
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}

QString key(const char *portable)
{
    return QKeySequence(QString::fromLatin1(portable)).toString(QKeySequence::NativeText);
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QMenuBar *menus, const QList<QAction *> &extra, QWidget *parent)
    : QDialog(parent), m_search(new QLineEdit(this)), m_tree(new QTreeWidget(this))
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    m_search->setObjectName(QStringLiteral("shortcutSearch"));
    m_search->setPlaceholderText(tr("Search actions and keys"));
    m_search->setClearButtonEnabled(true);
    m_search->setAccessibleName(tr("Search"));
    m_tree->setObjectName(QStringLiteral("shortcutTable"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Action"), tr("Keys")});
    m_tree->setRootIsDecorated(false);
    m_tree->setSelectionMode(QAbstractItemView::NoSelection);
    m_tree->setFocusPolicy(Qt::NoFocus); // the search field keeps the keyboard

    QList<const QAction *> listed;
    for (QAction *menuAction : menus->actions()) {
        const QMenu *menu = menuAction->menu();
        if (!menu)
            continue;
        QList<QPair<QString, QString>> rows;
        for (const QAction *a : menu->actions()) {
            if (a->shortcuts().isEmpty() || listed.contains(a))
                continue;
            listed << a;
            rows.append({plain(a->text()), keysOf(a)});
        }
        addGroup(plain(menu->title()), rows);
    }
    QList<QPair<QString, QString>> others;
    for (const QAction *a : extra)
        if (!a->shortcuts().isEmpty() && !listed.contains(a))
            others.append({plain(a->text()), keysOf(a)});
    addGroup(tr("Tabs"), others);
    // Kept by the terminal view and the find bar, not actions of a menu.
    addGroup(tr("Terminal"), {
                                 {tr("Scroll up a page"), key("Shift+PgUp")},
                                 {tr("Scroll down a page"), key("Shift+PgDown")},
                                 {tr("Scroll to the start of the history"), key("Shift+Home")},
                                 {tr("Scroll to the bottom"), key("Shift+End")},
                                 {tr("Paste the primary selection"), key("Shift+Ins") + tr(", middle click")},
                                 {tr("Open a link"), tr("Ctrl+click")},
                                 {tr("Select where the program takes the mouse"), tr("Shift+drag")},
                             });
    addGroup(tr("Find bar"), {
                                 {tr("Next match"), key("Return") + QStringLiteral(", ") + key("Down")},
                                 {tr("Previous match"), key("Shift+Return") + QStringLiteral(", ") + key("Up")},
                                 {tr("Close the find bar"), key("Esc")},
                             });
    m_tree->expandAll();
    m_tree->resizeColumnToContents(0);
    m_tree->header()->setStretchLastSection(true);
    connect(m_search, &QLineEdit::textChanged, this, &ShortcutsDialog::setFilter);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Every other key goes to the program in the terminal."), this));
    layout->addWidget(m_search);
    layout->addWidget(m_tree);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(560, 620);
}

void ShortcutsDialog::addGroup(const QString &title, const QList<QPair<QString, QString>> &rows)
{
    if (rows.isEmpty())
        return;
    auto *group = new QTreeWidgetItem(m_tree, {title});
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    group->setFirstColumnSpanned(true);
    group->setFlags(Qt::ItemIsEnabled);
    for (const auto &[action, keys] : rows)
        new QTreeWidgetItem(group, {action, keys});
}

void ShortcutsDialog::setFilter(const QString &text)
{
    const QString needle = text.trimmed();
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = m_tree->topLevelItem(g);
        // A group's name matching shows all of it ("find" shows the find bar's keys).
        const bool wholeGroup = !needle.isEmpty() && group->text(0).contains(needle, Qt::CaseInsensitive);
        int shown = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *row = group->child(i);
            const bool match = needle.isEmpty() || wholeGroup || row->text(0).contains(needle, Qt::CaseInsensitive)
                || row->text(1).contains(needle, Qt::CaseInsensitive);
            row->setHidden(!match);
            shown += match ? 1 : 0;
        }
        group->setHidden(shown == 0);
    }
}

QStringList ShortcutsDialog::visibleRows() const
{
    QStringList out;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = m_tree->topLevelItem(g);
        if (group->isHidden())
            continue;
        for (int i = 0; i < group->childCount(); ++i)
            if (!group->child(i)->isHidden())
                out << group->text(0) + QStringLiteral(" / ") + group->child(i)->text(0) + QStringLiteral(" / ")
                        + group->child(i)->text(1);
    }
    return out;
}

AboutDialog::AboutDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("About deviceterm"));
    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(QStringLiteral(":/icons/deviceterm.svg")).pixmap(64, 64, QIcon::Normal));
    const QString homepage = QStringLiteral(DEVICETERM_HOMEPAGE);
    auto *text = new QLabel(this);
    text->setObjectName(QStringLiteral("aboutText"));
    text->setTextFormat(Qt::RichText);
    text->setOpenExternalLinks(true);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    text->setText(tr("<h3>deviceterm %1</h3>"
                     "<p>A terminal for people who build software for devices, and for the coding agents that "
                     "work beside them.</p>"
                     "<p>Built with Qt %2 and libvterm.</p>"
                     "<p>Released under the MIT licence.</p>"
                     "<p><a href=\"%3\">%3</a></p>")
                      .arg(QStringLiteral(DEVICETERM_VERSION), QString::fromLatin1(qVersion()), homepage.toHtmlEscaped()));
    auto *row = new QHBoxLayout;
    row->addWidget(icon, 0, Qt::AlignTop);
    row->addWidget(text, 1);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *aboutQt = buttons->addButton(tr("About &Qt"), QDialogButtonBox::HelpRole);
    aboutQt->setObjectName(QStringLiteral("aboutQt"));
    connect(aboutQt, &QPushButton::clicked, this, [] { QApplication::aboutQt(); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
}

} // namespace dt::ui
