// Snapshots with refs and finders for a device pane (DeviceAdaptor's part,
// on the GUI thread): the tree a worker read becomes numbered entries, the
// pane's generation moves on whenever what they show changed, and a ref
// from an older generation is refused rather than pointing at whatever
// sits there now.

#include "app/core/ax_snapshot.h"
#include "app/core/automation/device_adaptor.h"

namespace dt::app {

using dt::rpc::Error;
using dt::rpc::Json;
namespace code = dt::rpc::code;
namespace intent = dt::rpc::intent;

namespace {

Json entryJson(const AxEntry &e)
{
    Json j{{"ref", e.ref.toStdString()},
           {"role", e.role.toStdString()},
           {"depth", e.depth},
           {"frame", {{"x", e.frame.x()}, {"y", e.frame.y()}, {"w", e.frame.width()}, {"h", e.frame.height()}}},
           {"normalizedCenter", {{"x", e.frame.center().x()}, {"y", e.frame.center().y()}}}};
    if (!e.label.isEmpty())
        j["label"] = e.label.toStdString();
    if (!e.value.isEmpty())
        j["value"] = e.value.toStdString();
    if (e.interactive)
        j["interactive"] = true;
    return j;
}

// "@e3 Button 'Counter'" for messages.
std::string shortly(const AxEntry &e)
{
    std::string s = e.ref.toStdString() + " " + e.role.toStdString();
    if (!e.label.isEmpty())
        s += " '" + e.label.toStdString() + "'";
    else if (!e.value.isEmpty())
        s += " value '" + e.value.toStdString() + "'";
    return s;
}

AxFinder finderOf(const dt::rpc::DevicePort::AxQuery &q)
{
    AxFinder f;
    const auto qt = [](const std::optional<std::string> &s) {
        return s ? std::optional<QString>(QString::fromStdString(*s)) : std::nullopt;
    };
    f.label = qt(q.label);
    f.role = qt(q.role);
    f.text = qt(q.text);
    f.match = q.match == "contains" ? AxFinder::Match::Contains
              : q.match == "regex"  ? AxFinder::Match::Regex
                                    : AxFinder::Match::Exact;
    return f;
}

// What a ref stands for: the element's role, label and place (not its
// value, which typing into it changes).
QString identityOf(const AxEntry &e)
{
    return e.role + QLatin1Char('|') + e.label + QLatin1Char('|') + QString::number(qRound(e.frame.x() * 1000))
        + QLatin1Char(',') + QString::number(qRound(e.frame.y() * 1000)) + QLatin1Char(',')
        + QString::number(qRound(e.frame.width() * 1000)) + QLatin1Char(',') + QString::number(qRound(e.frame.height() * 1000));
}

int indexOf(const QString &ref)
{
    return ref.mid(2).toInt() - 1;
}

} // namespace

std::string DeviceAdaptor::describeQuery(const AxQuery &q)
{
    return q.ref ? *q.ref : describe(finderOf(q)).toStdString();
}

void DeviceAdaptor::answerFromTree(Handle pane, const AxQuery &q, std::optional<dt::devices::AxNode> tree,
                                   const QString &why, AxAnswer done)
{
    if (!tree)
        return done(Error{code::BridgeFailed, why.toStdString()});
    const std::vector<AxEntry> entries = flattenAxTree(*tree);
    AxGeneration &generation = m_axGenerations[pane];
    const uint64_t fingerprint = fingerprintOf(entries);
    if (generation.number == 0 || fingerprint != generation.fingerprint) {
        generation.number += 1;
        generation.fingerprint = fingerprint;
    }
    const auto number = static_cast<int64_t>(generation.number);

    const auto give = [&](const AxEntry &e) { generation.given[indexOf(e.ref)] = {identityOf(e), generation.number}; };
    if (q.kind == AxQuery::Kind::Snapshot) {
        Json nodes = Json::array();
        for (const AxEntry &e : entries)
            if (!q.interactiveOnly || e.interactive) {
                give(e);
                nodes.push_back(entryJson(e));
            }
        return done(Json{{"generation", number}, {"nodes", std::move(nodes)}});
    }

    if (q.ref) {
        // A ref means what it meant when it was handed out: if the UI
        // changed so that another element (or none) is there now, it is
        // refused rather than pointing at whatever sits there.
        const int index = indexOf(QString::fromStdString(*q.ref));
        const auto was = generation.given.constFind(index);
        if (was == generation.given.cend())
            return done(dt::rpc::intentError(intent::NotFound, *q.ref + " was not handed out (generation "
                                                                   + std::to_string(number)
                                                                   + "); run deviceterm ax snapshot for refs"));
        if (index >= static_cast<int>(entries.size()) || identityOf(entries[size_t(index)]) != was->identity)
            return done(dt::rpc::intentError(
                intent::StaleRef, "the UI changed since " + *q.ref + " was handed out (generation "
                                      + std::to_string(was->generation) + ", now " + std::to_string(number)
                                      + "): take a new snapshot, or find the element by --label or --text"));
        return done(Json{{"generation", number}, {"matches", Json::array({entryJson(entries[size_t(index)])})}});
    }

    const AxFinder finder = finderOf(q);
    QString bad;
    const auto found = findAx(entries, finder, &bad);
    if (!found)
        return done(Error{code::InvalidParams, bad.toStdString()});
    if (q.single && found->empty())
        return done(dt::rpc::intentError(intent::NotFound, "no element matches " + describe(finder).toStdString()
                                                               + " (generation " + std::to_string(number) + ")"));
    if (q.single && found->size() > 1) {
        std::string candidates;
        for (size_t i = 0; i < found->size() && i < 10; ++i)
            candidates += (i ? "; " : "") + shortly(*(*found)[i]);
        if (found->size() > 10)
            candidates += "; …";
        return done(dt::rpc::intentError(intent::Ambiguous, std::to_string(found->size()) + " elements match "
                                                                + describe(finder).toStdString() + ": " + candidates
                                                                + " (use one of these refs, or narrow the finder)"));
    }
    Json matches = Json::array();
    for (const AxEntry *e : *found) {
        give(*e); // its refs are as good as a snapshot's
        matches.push_back(entryJson(*e));
    }
    done(Json{{"generation", number}, {"matches", std::move(matches)}});
}

} // namespace dt::app
