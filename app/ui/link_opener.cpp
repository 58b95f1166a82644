// Decides which links reach the desktop and opens them (link_opener.h).

#include "app/ui/link_opener.h"

#include <QCoreApplication>
#include <QDir>
#include <QMimeDatabase>
#include <QDesktopServices>
#include <QFileInfo>
#include <QSysInfo>
#include <QThreadPool>
#include <QUrl>

namespace dt::ui {

namespace {

QUrl urlOf(const dt::term::LinkAt &link)
{
    return QUrl(QString::fromStdString(link.url), QUrl::TolerantMode);
}

// The path of a file: URL naming this machine (no host, localhost or its
// own name, as ls --hyperlink writes it), or nothing.
QString localPath(const QUrl &url)
{
    if (url.scheme().compare(QLatin1String("file"), Qt::CaseInsensitive) != 0)
        return {};
    const QString host = url.host();
    if (!host.isEmpty() && host.compare(QLatin1String("localhost"), Qt::CaseInsensitive) != 0
        && host.compare(QSysInfo::machineHostName(), Qt::CaseInsensitive) != 0)
        return {};
    const QString path = url.path();
    return QDir::isAbsolutePath(path) ? QDir::cleanPath(path) : QString();
}

// Kinds of file whose handlers only show them: text, images and PDF by
// their own names (launchers and scripts are application/ types that
// merely inherit text/plain).
bool onlyViewed(const QMimeType &type)
{
    const QString name = type.name();
    return name.startsWith(QLatin1String("text/")) || name.startsWith(QLatin1String("image/"))
        || name == QLatin1String("application/pdf");
}

} // namespace

bool linkMayOpen(const dt::term::LinkAt &link)
{
    if (dt::term::isOpenableScheme(link.url))
        return true;
    return link.fromProgram && !localPath(urlOf(link)).isEmpty();
}

void openLinkSafely(const dt::term::LinkAt &link)
{
    QUrl url = urlOf(link);
    if (dt::term::isOpenableScheme(link.url)) {
        // mailto: without its query, which could ask a mail program to
        // attach a file.
        if (url.scheme().compare(QLatin1String("mailto"), Qt::CaseInsensitive) == 0)
            url.setQuery(QString());
        QDesktopServices::openUrl(url);
        return;
    }
    const QString path = link.fromProgram ? localPath(url) : QString();
    if (path.isEmpty())
        return;
    // A stat can hang on a network file system: not on the GUI thread.
    QThreadPool::globalInstance()->start([path] {
        const QFileInfo info(path);
        const bool viewable = info.isDir()
            || (info.isFile() && !info.isExecutable() && onlyViewed(QMimeDatabase().mimeTypeForFile(info)));
        if (!viewable)
            return;
        QMetaObject::invokeMethod(
            QCoreApplication::instance(), [path] { QDesktopServices::openUrl(QUrl::fromLocalFile(path)); },
            Qt::QueuedConnection);
    });
}

} // namespace dt::ui
