// The device's program log: bytes numbered from the start and read by
// number, notices when it grows, characters never cut in two, and the
// bound: past 4 MiB kept, only the last MiB stays, by a hole punched at
// the file's start (nothing written meanwhile is lost), or where holes
// are not to be had by copying it aside and truncating the file (its
// writers, in append mode, carry on at the new end); and no thread to be
// had for a while.

#include "devicepanes/device_log.h"
#include "support/process_limit.h"
#include "support/wait_until.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <functional>
#include <sys/stat.h>
#include <unistd.h>

namespace dt::devices {
namespace {

using dt::test::waitUntil;

// A program of the device: its output opened for appending, as the
// simulator opens it for the app.
struct Writer {
    int fd;
    explicit Writer(const QString &path) : fd(::open(QFile::encodeName(path).constData(), O_WRONLY | O_APPEND)) {}
    ~Writer() { ::close(fd); }
    void write(const QByteArray &bytes) const { ASSERT_EQ(::write(fd, bytes.constData(), size_t(bytes.size())), bytes.size()); }
};

TEST(DeviceLog, readsByNumberAndSaysWhenItGrows)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("D.log"));
    DeviceLog log(path);
    ASSERT_TRUE(QFile::exists(path));
    int notices = 0;
    QObject::connect(&log, &DeviceLog::grew, &log, [&notices] { ++notices; });
    Writer app(path);
    app.write("hello\n");
    ASSERT_TRUE(waitUntil([&] { return notices > 0; }));
    const auto files = log.files();
    const auto all = files->read(std::nullopt, 1024);
    EXPECT_EQ(all.text, "hello\n");
    EXPECT_EQ(all.from, 0);
    EXPECT_EQ(all.next, 6);
    EXPECT_EQ(all.skipped, 0);
    const auto part = files->read(3, 2);
    EXPECT_EQ(part.text, "lo");
    EXPECT_EQ(part.next, 5);
    // Without `since`: the last bytes only.
    EXPECT_EQ(files->read(std::nullopt, 3).text, "lo\n");
    // Past the end: nothing, and the next read starts at the end.
    const auto beyond = files->read(99, 10);
    EXPECT_EQ(beyond.text, "");
    EXPECT_EQ(beyond.next, 6);

    // "é" is two bytes: a read that would end between them stops before.
    app.write("a\xc3\xa9z");
    ASSERT_TRUE(waitUntil([&] { return files->total() == 10; }));
    const auto cut = files->read(6, 2);
    EXPECT_EQ(cut.text, "a");
    EXPECT_EQ(cut.next, 7);
    EXPECT_EQ(files->read(7, 10).text, "\xc3\xa9z");
    // The last bytes, from the next whole character.
    const auto tail = files->read(std::nullopt, 2);
    EXPECT_EQ(tail.text, "z");
    EXPECT_EQ(tail.from, 9);
}

QByteArray numbered(qint64 n)
{
    return QByteArray::number(n).rightJustified(63, '.') + '\n';
}

// Lines of 64 bytes numbered from `first`, 1024 at a time: the line
// numbered n is bytes [64 n, 64 n + 64) of the log.
void writeLines(const Writer &app, qint64 first, int blocks, const std::function<void()> &afterEach = {})
{
    QByteArray chunk;
    for (int block = 0; block < blocks; ++block) {
        chunk.clear();
        for (int i = 0; i < 1024; ++i)
            chunk += numbered(first++);
        app.write(chunk);
        if (afterEach)
            afterEach();
    }
}

qint64 bytesOnDisk(const QString &path)
{
    struct stat st {};
    return ::stat(QFile::encodeName(path).constData(), &st) == 0 ? qint64(st.st_blocks) * 512 : -1;
}

void expectNumberedFrom(const LogFiles &files, qint64 lines)
{
    // From the start: what was dropped is reported, the rest read in
    // order from the oldest kept line.
    const auto fromStart = files.read(0, 128);
    EXPECT_GT(fromStart.skipped, 0);
    EXPECT_EQ(fromStart.from, fromStart.skipped);
    const qint64 firstKept = (fromStart.from + 63) / 64;
    EXPECT_EQ(files.read(firstKept * 64, 64).text, numbered(firstKept));
    EXPECT_EQ(files.read(std::nullopt, 64).text, numbered(lines - 1));
    for (qint64 n : {firstKept, firstKept + 1, lines - 5000, lines - 100, lines - 1})
        EXPECT_EQ(files.read(n * 64, 64).text, numbered(n)) << n;
}

TEST(DeviceLog, staysBoundedByAHoleAndLosesNothingWrittenMeanwhile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("D.log"));
    DeviceLog log(path);
    const auto files = log.files();
    Writer app(path);
    // 12 MiB as fast as it can be written: the watcher bounds it as it goes.
    const qint64 lines = 192 * 1024;
    writeLines(app, 0, 192);
    const qint64 written = lines * 64;
    ASSERT_TRUE(waitUntil([&] { return files->total() == written; }, 10000)) << files->total();
    ASSERT_TRUE(waitUntil([&] { return bytesOnDisk(path) <= LogFiles::kRotateBytes + 64 * 1024; }, 10000))
        << bytesOnDisk(path);
    EXPECT_FALSE(QFile::exists(path + QStringLiteral(".1")));
    expectNumberedFrom(*files, lines);

    // The writer carries on, numbered after what it wrote.
    app.write("after\n");
    ASSERT_TRUE(waitUntil([&] { return files->total() == written + 6; }));
    EXPECT_EQ(files->read(written, 64).text, "after\n");
    // Read again later (the device booted again): from the hole's end.
    DeviceLog again(path);
    EXPECT_EQ(again.files()->read(std::nullopt, 6).text, "after\n");
    EXPECT_GT(again.files()->read(0, 64).skipped, 0);
}

TEST(DeviceLog, withoutHolesTheOlderPartIsCopiedAsideAndTheFileStartsAgain)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("D.log"));
    DeviceLog log(path, nullptr, false);
    const auto files = log.files();
    Writer app(path);
    // Written a block at a time, each bounded by the watcher before the
    // next (copying aside loses what is written while it copies).
    qint64 lines = 0;
    writeLines(app, 0, 96, [&] {
        lines += 1024;
        ASSERT_TRUE(waitUntil([&] { return files->total() == lines * 64 && QFile(path).size() <= LogFiles::kRotateBytes; },
                              10000));
    });
    EXPECT_EQ(QFile(path + QStringLiteral(".1")).size(), LogFiles::kKeptOnRotate);

    // Across the two files, by number, as if they were one.
    expectNumberedFrom(*files, lines);
    // The writer carries on at the file's new end, numbered after it.
    app.write("after\n");
    ASSERT_TRUE(waitUntil([&] { return files->total() == lines * 64 + 6; }));
    EXPECT_EQ(files->read(lines * 64, 64).text, "after\n");
}

TEST(DeviceLog, aLogFromAnEarlierRunIsReadFromItsOlderPart)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("D.log"));
    {
        QFile older(path + QStringLiteral(".1"));
        ASSERT_TRUE(older.open(QIODevice::WriteOnly));
        older.write("old\n");
        QFile current(path);
        ASSERT_TRUE(current.open(QIODevice::WriteOnly));
        current.write("new\n");
    }
    DeviceLog log(path);
    const auto all = log.files()->read(std::nullopt, 1024);
    EXPECT_EQ(all.text, "old\nnew\n");
    EXPECT_EQ(all.from, 0);
    EXPECT_EQ(all.next, 8);
}

// Made with no thread to be had (a process limit reached), the log has no
// watcher until one can be had; then it says the log grew, with what was
// written meanwhile. Runs in a child process of its own (ProcessLimit).
int logMadeWithNoThreadToBeHad()
{
    dt::test::ProcessLimit limit;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("D.log"));
    limit.reach();
    DeviceLog log(path);
    int notices = 0;
    QObject::connect(&log, &DeviceLog::grew, &log, [&notices] { ++notices; });
    Writer(path).write("written meanwhile\n");
    limit.lift();
    if (!waitUntil([&] { return notices > 0; }, 20000)) { // a retry a second, on a loaded machine
        std::fprintf(stderr, "no notice once a thread could be had\n");
        return 1;
    }
    if (log.files()->read(std::nullopt, 1024).text != "written meanwhile\n") {
        std::fprintf(stderr, "what was written meanwhile is not read\n");
        return 2;
    }
    return 0;
}

TEST(DeviceLog, madeWithNoThreadToBeHadItWatchesOnceOneCanBeHad)
{
    EXPECT_EXIT(std::exit(logMadeWithNoThreadToBeHad()), ::testing::ExitedWithCode(0), "");
}

} // namespace
} // namespace dt::devices
