// The send-input audit log on a real file: what is written, and that the
// chain exposes edits, removals and reordering.

#include "app/audit/audit_log.h"

#include <nlohmann/json.hpp>

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <QElapsedTimer>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using Json = nlohmann::json;

class AuditLogTest : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(dir.isValid()); }
    std::string path() const { return dir.filePath(QStringLiteral("state/deviceterm/audit.log")).toStdString(); }
    void write(int n)
    {
        for (int i = 0; i < n; ++i) {
            dt::audit::Record r{"2026-11-30T00:00:0" + std::to_string(i) + "Z", "source", "target",
                                "echo secret-" + std::to_string(i) + "\n", i == 1 ? 40 : 0};
            std::string why;
            ASSERT_TRUE(dt::audit::append(path(), r, &why)) << why;
        }
    }
    QList<QByteArray> lines() const
    {
        QFile f(QString::fromStdString(path()));
        f.open(QIODevice::ReadOnly);
        QList<QByteArray> out = f.readAll().split('\n');
        out.removeAll(QByteArray());
        return out;
    }
    void rewrite(const QList<QByteArray> &content)
    {
        QFile f(QString::fromStdString(path()));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        for (const QByteArray &l : content)
            f.write(l + '\n');
    }
    QTemporaryDir dir;
};

TEST_F(AuditLogTest, recordsWhoHowMuchAndADigestButNeverTheText)
{
    write(2);
    const QList<QByteArray> written = lines();
    ASSERT_EQ(written.size(), 2);
    EXPECT_FALSE(written.join().contains("secret"));
    const Json first = Json::parse(written[0].toStdString());
    EXPECT_EQ(first["sourceSession"], "source");
    EXPECT_EQ(first["targetSession"], "target");
    EXPECT_EQ(first["bytes"], 14);
    EXPECT_EQ(first["newline"], true);
    EXPECT_EQ(first["sha256"], dt::audit::sha256Hex("echo secret-0\n"));
    EXPECT_EQ(first["prev"], std::string(dt::audit::kGenesis));
    EXPECT_FALSE(first.contains("typeDelayMillis")); // instant input
    const Json second = Json::parse(written[1].toStdString());
    EXPECT_EQ(second["prev"], first["hash"]);
    EXPECT_EQ(second["typeDelayMillis"], 40);

    struct stat st {};
    ASSERT_EQ(::stat(path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0600u);
    const auto v = dt::audit::verify(path());
    EXPECT_TRUE(v.ok) << v.why;
    EXPECT_EQ(v.entries, 2u);
}

TEST_F(AuditLogTest, aMissingLogIsAnEmptyIntactOne)
{
    const auto v = dt::audit::verify(path());
    EXPECT_TRUE(v.ok);
    EXPECT_EQ(v.entries, 0u);
}

TEST_F(AuditLogTest, anEditedLineBreaksTheChainThere)
{
    write(3);
    QList<QByteArray> content = lines();
    content[1].replace("\"bytes\":14", "\"bytes\":15");
    rewrite(content);
    const auto v = dt::audit::verify(path());
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.badLine, 2u);
    EXPECT_NE(v.why.find("changed"), std::string::npos);
}

TEST_F(AuditLogTest, aRemovedOrReorderedLineBreaksTheChain)
{
    write(3);
    const QList<QByteArray> content = lines();
    rewrite({content[0], content[2]});
    auto v = dt::audit::verify(path());
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.badLine, 2u);

    rewrite({content[1], content[0], content[2]});
    v = dt::audit::verify(path());
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.badLine, 1u);
}

TEST_F(AuditLogTest, nothingIsAppendedBehindADamagedLastLine)
{
    write(1);
    rewrite({lines()[0], "garbage"});
    std::string why;
    EXPECT_FALSE(dt::audit::append(path(), {"t", "s", "t", "x", 0}, &why));
    EXPECT_NE(why.find("damaged"), std::string::npos);
    EXPECT_EQ(lines().size(), 2);
}

TEST_F(AuditLogTest, aCutOffOrBlankLastLineIsDamageToBothReaderAndWriter)
{
    write(2);
    const QList<QByteArray> content = lines();
    {
        QFile f(QString::fromStdString(path()));
        ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(content[0] + '\n' + content[1]); // the last newline never made it
    }
    auto v = dt::audit::verify(path());
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.badLine, 2u);
    std::string why;
    EXPECT_FALSE(dt::audit::append(path(), {"t", "s", "t", "x", 0}, &why));

    rewrite({content[0], content[1], ""});
    v = dt::audit::verify(path());
    EXPECT_FALSE(v.ok);
    EXPECT_EQ(v.badLine, 3u);
    EXPECT_FALSE(dt::audit::append(path(), {"t", "s", "t", "x", 0}, &why));
}

TEST_F(AuditLogTest, aWriterDoesNotWaitLongForALockSomeoneElseHolds)
{
    write(1);
    const int other = ::open(path().c_str(), O_RDONLY);
    ASSERT_GE(other, 0);
    ASSERT_EQ(::flock(other, LOCK_EX), 0);
    QElapsedTimer clock;
    clock.start();
    std::string why;
    EXPECT_FALSE(dt::audit::append(path(), {"t", "s", "t", "x", 0}, &why));
    EXPECT_LT(clock.elapsed(), 2000);
    EXPECT_NE(why.find("lock"), std::string::npos);
    ::close(other); // drops the lock
    EXPECT_TRUE(dt::audit::append(path(), {"t", "s", "t", "x", 0}, &why)) << why;
    EXPECT_EQ(lines().size(), 2);
}

} // namespace
