// Picks a tab's title from its sources (user name, program title, working directory, shell) and strips
// control, bidi and invisible characters so a program cannot spoof the tab bar.

#include "app/core/tab_title.h"

#include <QDir>
#include <QFileInfo>
#include <QList>

namespace dt::app {

QString sanitizeTitle(const QString &raw, int maxBytes)
{
    QString out;
    int bytes = 0;
    const QList<uint> codepoints = raw.toUcs4();
    for (uint u : codepoints) {
        const bool bidiControl = (u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069) || u == 0x200E
            || u == 0x200F || u == 0x061C;
        const bool invisible = (u >= 0x200B && u <= 0x200D) || u == 0xFEFF || u == 0x2060 || u == 0x00AD;
        if (QChar::category(static_cast<char32_t>(u)) == QChar::Other_Control || bidiControl || invisible)
            continue;
        // Cut at a character boundary once the UTF-8 form would pass the limit.
        const int len = u < 0x80 ? 1 : u < 0x800 ? 2 : u < 0x10000 ? 3 : 4;
        if (bytes + len > maxBytes)
            break;
        bytes += len;
        const char32_t c = static_cast<char32_t>(u);
        out.append(QString::fromUcs4(&c, 1));
    }
    return out.trimmed();
}

QString tabTitle(const TabTitleSources &s)
{
    const QString manual = sanitizeTitle(s.manual);
    if (!manual.isEmpty())
        return manual;
    const QString program = sanitizeTitle(s.program);
    if (!program.isEmpty())
        return program;
    QString place;
    if (!s.workingDirectory.isEmpty()) {
        const QString base = QFileInfo(s.workingDirectory).fileName();
        place = QDir::cleanPath(s.workingDirectory) == QDir::homePath() ? QStringLiteral("~")
            : base.isEmpty()                                            ? QStringLiteral("/")
                                                                        : sanitizeTitle(base);
    }
    const QString foreground = sanitizeTitle(s.foreground);
    const QString shell = sanitizeTitle(s.shell);
    if (!foreground.isEmpty() && foreground != shell)
        return place.isEmpty() ? foreground : foreground + QStringLiteral(" — ") + place;
    return place.isEmpty() ? shell : place;
}

} // namespace dt::app
