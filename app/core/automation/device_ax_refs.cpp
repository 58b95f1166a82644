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
    if (!m_workspace.pane(pane))
        return done(Error{code::InvalidParams, "the pane closed"});
    const std::vector<AxEntry> entries = flattenAxTree(*tree);
    AxGeneration &generation = m_axGenerations[pane];
    const uint64_t fingerprint = fingerprintOf(entries);
    if (generation.number == 0 || fingerprint != generation.fingerprint) {
        generation.number += 1;
        generation.fingerprint = fingerprint;
    }
    const auto number = static_cast<int64_t>(generation.number);

    // Refs number the elements of one UI. A snapshot hands out that UI's
    // numbering; a finder's answer carries refs only when it is the same
    // UI as the last numbering handed out (or there was none), so no
    // answer re-aims refs someone already holds. A ref resolves only
    // while the UI is still the one its numbering was for.
    const bool sameUi = generation.refsGeneration != 0 && generation.refsFingerprint == fingerprint;
    const auto handOut = [&] {
        generation.refsGeneration = generation.number;
        generation.refsFingerprint = fingerprint;
    };
    if (q.kind == AxQuery::Kind::Snapshot) {
        handOut();
        Json nodes = Json::array();
        for (const AxEntry &e : entries)
            if (!q.interactiveOnly || e.interactive)
                nodes.push_back(entryJson(e));
        return done(Json{{"generation", number}, {"nodes", std::move(nodes)}});
    }

    if (q.ref) {
        const size_t index = std::stoul(q.ref->substr(2)) - 1;
        if (generation.refsGeneration == 0)
            return done(dt::rpc::intentError(intent::NotFound, "no refs were handed out yet; run deviceterm ax snapshot"));
        if (!sameUi)
            return done(dt::rpc::intentError(
                intent::StaleRef, "the UI changed since " + *q.ref + " was handed out (generation "
                                      + std::to_string(generation.refsGeneration) + ", now " + std::to_string(number)
                                      + "): take a new snapshot, or find the element by --label or --text"));
        if (index >= entries.size())
            return done(dt::rpc::intentError(intent::NotFound, "no " + *q.ref + " in generation " + std::to_string(number)));
        return done(Json{{"generation", number}, {"matches", Json::array({entryJson(entries[index])})}});
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
    const bool withRefs = generation.refsGeneration == 0 || sameUi;
    if (withRefs && !found->empty())
        handOut();
    Json matches = Json::array();
    for (const AxEntry *e : *found) {
        Json match = entryJson(*e);
        if (!withRefs)
            match.erase("ref"); // another UI's numbering is out there: take a snapshot for refs
        matches.push_back(std::move(match));
    }
    done(Json{{"generation", number}, {"matches", std::move(matches)}});
}

} // namespace dt::app
