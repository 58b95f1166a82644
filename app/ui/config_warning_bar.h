#pragma once

// A bar at the top of a window saying what is wrong in the config file
// (unknown keys with a "did you mean", bad values), so that a mistake in
// the file is seen by someone who never reads stderr. Dismissed, it stays
// away until the file's warnings change.

#include <QFrame>
#include <QStringList>

class QLabel;

namespace dt::ui {

class ConfigWarningBar : public QFrame {
    Q_OBJECT
public:
    explicit ConfigWarningBar(QWidget *parent = nullptr);
    // Shows these warnings of the file at `path` (hidden when there are
    // none, or when exactly these were dismissed).
    void setWarnings(const QString &path, const QStringList &warnings);
    QString text() const;

private:
    QLabel *m_label;
    QStringList m_shown;
    QStringList m_dismissed;
};

} // namespace dt::ui
