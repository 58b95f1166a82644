#include "tab_title.h"

#include <QDir>
#include <QFileInfo>

namespace dt::ui {

QString sanitizeTitle(const QString &raw, int maxLength)
{
    QString out;
    out.reserve(std::min<qsizetype>(raw.size(), maxLength));
    for (const QChar c : raw) {
        const ushort u = c.unicode();
        const bool bidiControl = (u >= 0x202A && u <= 0x202E) || (u >= 0x2066 && u <= 0x2069) || u == 0x200E
            || u == 0x200F || u == 0x061C;
        const bool invisible = (u >= 0x200B && u <= 0x200D) || u == 0xFEFF || u == 0x2060;
        if (c.category() == QChar::Other_Control || bidiControl || invisible)
            continue;
        out.append(c);
        if (out.size() >= maxLength)
            break;
    }
    return out.simplified();
}

QString tabTitle(const TabTitleSources &s)
{
    const QString manual = sanitizeTitle(s.manual);
    if (!manual.isEmpty())
        return manual;
    const QString program = sanitizeTitle(s.program);
    if (!program.isEmpty())
        return program;
    if (!s.workingDirectory.isEmpty()) {
        if (QDir::cleanPath(s.workingDirectory) == QDir::homePath())
            return QStringLiteral("~");
        const QString base = QFileInfo(s.workingDirectory).fileName();
        return base.isEmpty() ? QStringLiteral("/") : sanitizeTitle(base);
    }
    return sanitizeTitle(s.shell);
}

} // namespace dt::ui
