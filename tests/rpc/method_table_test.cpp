// The contract's method table is the one list of methods: the server
// registers exactly it, daemon.capabilities offers exactly it to a fully
// granted session (and its daemon-wide part to anyone), and the CLI's verbs
// send exactly its CLI part.

#include "server_fixture.h"

#include "app/cli/cli.h"
#include "rpc/contract/methods.h"
#include "rpc/server/handlers/all_handlers.h"

#include <set>

namespace dt::test::server {
namespace {

std::vector<std::string> namesWhere(const std::function<bool(const MethodSpec &)> &keep)
{
    std::set<std::string> names;
    for (const MethodSpec &m : allMethods())
        if (keep(m))
            names.insert(std::string(m.name));
    return {names.begin(), names.end()};
}

TEST(MethodTable, namesAreUniqueAndFindable)
{
    std::set<std::string_view> seen;
    for (const MethodSpec &m : allMethods()) {
        EXPECT_TRUE(seen.insert(m.name).second) << m.name;
        ASSERT_NE(findMethod(m.name), nullptr) << m.name;
        EXPECT_EQ(findMethod(m.name)->scope, m.scope) << m.name;
    }
    EXPECT_EQ(findMethod("tabs.lst"), nullptr);
}

TEST(MethodTable, theServerRegistersExactlyTheTable)
{
    FakePort port;
    Dispatcher dispatcher(port);
    addAllHandlers(dispatcher, port, port, port, port);
    EXPECT_EQ(dispatcher.registeredMethods(), namesWhere([](const MethodSpec &) { return true; }));
}

TEST(MethodTable, aHandlerUnderAContractNameKeepsTheContractsScope)
{
    FakePort port;
    Dispatcher dispatcher(port);
    const auto handler = [](CallContext &, const Json &) -> HandlerResult { return Json::object(); };
    EXPECT_THROW(dispatcher.add(MethodSpec{"tab.sendInput", Scope::Session}, handler), std::logic_error);
    EXPECT_NO_THROW(dispatcher.add(MethodSpec{"test.extra", Scope::Session}, handler));
}

TEST(MethodTable, theCliSendsExactlyTheTablesCliMethods)
{
    std::set<std::string> sent{std::string(dt::cli::kConnectionSends.name)};
    for (const dt::cli::Verb &verb : dt::cli::verbs())
        for (const MethodSpec &m : verb.sends) {
            ASSERT_NE(findMethod(m.name), nullptr) << m.name;
            sent.insert(std::string(m.name));
        }
    EXPECT_EQ(std::vector<std::string>(sent.begin(), sent.end()),
              namesWhere([](const MethodSpec &m) { return m.sender == Sender::Cli; }));
}

// Capabilities over a real socket, with every handler registered.
class CapabilitiesTest : public ServerTest {
protected:
    void SetUp() override
    {
        ServerTest::SetUp();
        server.reset(); // it points at the fixture's dispatcher
        dispatcher = std::make_unique<Dispatcher>(port);
        dispatcher->setProvenanceCheck([this](pid_t shell, pid_t peer) { return port.provenance(shell, peer); });
        addAllHandlers(*dispatcher, port, port, port, port);
        server = std::make_unique<AutomationServer>(*dispatcher, limits);
        path = dir.filePath(QStringLiteral("all.sock"));
        QString error;
        ASSERT_TRUE(server->listen(path, &error)) << error.toStdString();
    }
};

TEST_F(CapabilitiesTest, offerTheDaemonWideMethodsToAnyoneAndTheWholeTableToAGrantedSession)
{
    Client c(path);
    ASSERT_TRUE(c.connected());
    EXPECT_EQ(c.call("daemon.capabilities")["result"]["allowedMethods"],
              Json(namesWhere([](const MethodSpec &m) { return m.scope == Scope::DaemonWide; })));
    ASSERT_EQ(c.call("session.authenticate", {{"sessionId", kS1}, {"cap", "good"}})["result"]["ok"], true);
    EXPECT_EQ(c.call("daemon.capabilities")["result"]["allowedMethods"],
              Json(namesWhere([](const MethodSpec &m) { return m.scope != Scope::Orchestration; })));
    port.granted = true;
    EXPECT_EQ(c.call("daemon.capabilities")["result"]["allowedMethods"],
              Json(namesWhere([](const MethodSpec &) { return true; })));
}

} // namespace
} // namespace dt::test::server
