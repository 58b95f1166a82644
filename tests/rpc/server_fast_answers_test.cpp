// What the server's own thread answers without the dispatcher's thread:
// tabs.list and windows.list from a fresh published roster, each caller
// seeing its own view of it; everything else, and the rosters while none
// is fresh, waits for the dispatcher's thread as before.

#include "rpc/server/handlers/all_handlers.h"
#include "rpc/server/handlers/workspace_queries.h"
#include "server_fixture.h"

#include <gtest/gtest.h>

#include <cstring>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

namespace {

using namespace dt::test::server;

// A client on a plain socket that waits for its answer without running
// this thread's event loop: what it gets meanwhile, the dispatcher's
// thread (this one) had no part in.
class BlockingClient {
public:
    explicit BlockingClient(const QString &path) : m_fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0))
    {
        sockaddr_un addr{};
        addr.sun_family = AF_UNIX;
        const QByteArray p = path.toLocal8Bit();
        std::memcpy(addr.sun_path, p.constData(), std::min<size_t>(p.size(), sizeof addr.sun_path - 1));
        m_connected = ::connect(m_fd, reinterpret_cast<sockaddr *>(&addr), sizeof addr) == 0;
    }
    ~BlockingClient() { ::close(m_fd); }
    bool connected() const { return m_connected; }
    void send(const std::string &method, const Json &params = Json::object())
    {
        const std::string frame = encodeFrame(encode(Request{++m_id, method, params}));
        ASSERT_EQ(::send(m_fd, frame.data(), frame.size(), MSG_NOSIGNAL), static_cast<ssize_t>(frame.size()));
    }
    // An answer within `ms` while this thread does nothing else.
    std::optional<Json> receiveBlocking(int ms)
    {
        while (true) {
            if (auto frame = m_decoder.next())
                return Json::parse(*frame);
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, ms) <= 0)
                return std::nullopt;
            if (!readSome())
                return std::nullopt;
        }
    }
    // An answer while this thread's event loop runs (the dispatcher's turn).
    std::optional<Json> receiveSpinning()
    {
        std::optional<std::string> frame;
        waitUntil([&] {
            pollfd p{m_fd, POLLIN, 0};
            if (::poll(&p, 1, 0) > 0)
                readSome();
            frame = m_decoder.next();
            return frame.has_value();
        });
        return frame ? std::optional<Json>(Json::parse(*frame)) : std::nullopt;
    }

private:
    bool readSome()
    {
        char buf[4096];
        const ssize_t n = ::recv(m_fd, buf, sizeof buf, 0);
        if (n <= 0)
            return false;
        m_decoder.feed(buf, static_cast<size_t>(n));
        return true;
    }
    int m_fd;
    bool m_connected = false;
    uint32_t m_id = 0;
    FrameDecoder m_decoder;
};

// The session kS1's terminal "build" is in a private tab (2) beside a
// public one (1), both in one window.
std::shared_ptr<const Roster> twoTabs()
{
    auto roster = std::make_shared<Roster>();
    Roster::Tab open{.id = 1};
    Roster::Terminal shell{.sessionId = "0c0ffee0-8d1b-4c6e-9a37-1b2c3d4e5f60"};
    shell.row.sessionId = shell.sessionId;
    shell.row.shortId = "aaa111";
    open.terminals.push_back(shell);
    open.primaryShortId = "aaa111";
    Roster::Tab secret{.id = 2, .isPrivate = true};
    Roster::Terminal mine{.sessionId = kS1};
    mine.row.sessionId = kS1;
    mine.row.shortId = "bbb222";
    mine.row.name = "build";
    secret.terminals.push_back(mine);
    secret.primaryShortId = "bbb222";
    roster->tabs = {open, secret};
    roster->windows = {Roster::Window{.id = 1, .tabs = {1, 2}, .selectionHistory = {1, 2}}};
    roster->focusHistory = {1};
    return roster;
}

class FastAnswerTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        dispatcher = std::make_unique<Dispatcher>(port);
        dispatcher->setProvenanceCheck([this](pid_t shell, pid_t peer) { return port.provenance(shell, peer); });
        addAllHandlers(*dispatcher, port, port, port, port); // the fake port's rosters are empty
        addRosterAnswers(*dispatcher, board);
        board.publish(twoTabs());
        server = std::make_unique<AutomationServer>(*dispatcher);
        path = dir.filePath(QStringLiteral("test.sock"));
        QString error;
        ASSERT_TRUE(server->listen(path, &error)) << error.toStdString();
    }

    QTemporaryDir dir;
    FakePort port;
    RosterBoard board;
    std::unique_ptr<Dispatcher> dispatcher;
    std::unique_ptr<AutomationServer> server;
    QString path;
};

TEST_F(FastAnswerTest, aFreshRosterIsAnsweredWhileTheDispatchersThreadIsBusy)
{
    BlockingClient c(path);
    ASSERT_TRUE(c.connected());
    c.send("tabs.list");
    const auto rows = c.receiveBlocking(5000);
    ASSERT_TRUE(rows) << "no answer without the dispatcher's thread";
    ASSERT_EQ((*rows)["result"].size(), 1u) << rows->dump(); // the private tab is not there
    EXPECT_EQ((*rows)["result"][0]["shortId"], "aaa111");
    EXPECT_EQ((*rows)["result"][0]["current"], false);

    c.send("windows.list", {{"all", true}});
    const auto windows = c.receiveBlocking(5000);
    ASSERT_TRUE(windows);
    ASSERT_EQ((*windows)["result"].size(), 1u) << windows->dump();
    // The private tab is in front; from outside, the one before it is.
    EXPECT_EQ((*windows)["result"][0]["selectedTabShortId"], "aaa111");
    EXPECT_EQ((*windows)["result"][0]["tabCount"], 1);

    // Any other method waits for the dispatcher's thread, and so does the
    // connection behind it.
    c.send("daemon.capabilities");
    c.send("tabs.list");
    EXPECT_FALSE(c.receiveBlocking(300)) << "answered without the dispatcher's thread";
    const auto capabilities = c.receiveSpinning();
    ASSERT_TRUE(capabilities);
    EXPECT_TRUE((*capabilities)["result"].contains("allowedMethods")) << capabilities->dump();
    const auto afterIt = c.receiveSpinning();
    ASSERT_TRUE(afterIt);
    EXPECT_EQ((*afterIt)["result"].size(), 1u) << "answers stay in order";
}

TEST_F(FastAnswerTest, whileNoRosterIsFreshTheDispatchersThreadAnswers)
{
    BlockingClient c(path);
    board.invalidate();
    c.send("tabs.list");
    EXPECT_FALSE(c.receiveBlocking(300)) << "answered from a roster that is not fresh";
    const auto rows = c.receiveSpinning();
    ASSERT_TRUE(rows);
    EXPECT_EQ((*rows)["result"], Json::array()) << "the port's own (empty) rows";

    // Bad parameters get the same answer on either thread.
    c.send("windows.list", {{"all", "yes"}});
    const auto slow = c.receiveSpinning();
    board.publish(twoTabs());
    c.send("windows.list", {{"all", "yes"}});
    const auto fast = c.receiveBlocking(5000);
    ASSERT_TRUE(slow && fast);
    EXPECT_EQ((*slow)["error"], (*fast)["error"]);
    EXPECT_EQ((*fast)["error"]["code"], code::InvalidParams) << fast->dump();
}

TEST_F(FastAnswerTest, eachCallerSeesItsOwnViewOfTheRoster)
{
    Client me(path);
    ASSERT_EQ(me.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    const Json rows = me.call("tabs.list")["result"];
    ASSERT_EQ(rows.size(), 2u) << rows.dump(); // its own private tab too
    EXPECT_EQ(rows[1]["name"], "build");
    EXPECT_EQ(rows[1]["current"], true);
    EXPECT_EQ(rows[0]["current"], false);
    const Json windows = me.call("windows.list")["result"];
    ASSERT_EQ(windows.size(), 1u) << windows.dump(); // its own window
    EXPECT_EQ(windows[0]["selectedTabShortId"], "bbb222");
    EXPECT_EQ(windows[0]["tabCount"], 2);
}

TEST(FastAnswers, standOnlyForADaemonWideHandlerAlreadyAdded)
{
    FakePort port;
    Dispatcher dispatcher(port);
    const auto answer = [](const CallContext &, const Json &) -> std::optional<std::variant<Json, Error>> { return Json(); };
    EXPECT_THROW(dispatcher.addFastAnswer(method::TabsList, answer), std::logic_error) << "no handler yet";
    addAllHandlers(dispatcher, port, port, port, port);
    EXPECT_THROW(dispatcher.addFastAnswer(method::TabInfo, answer), std::logic_error) << "session scope";
    EXPECT_NO_THROW(dispatcher.addFastAnswer(method::TabsList, answer));
}

} // namespace
