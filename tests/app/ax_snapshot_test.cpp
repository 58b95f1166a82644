// Snapshots of a device's UI and finders, on trees built by hand: which
// elements are kept and how they are numbered, what changes a
// fingerprint, and how each finder matches.

#include "app/core/ax_snapshot.h"

#include <gtest/gtest.h>

namespace {

using dt::app::AxFinder;
using dt::devices::AxNode;

AxNode node(const char *role, const char *label, QRectF frame = {0, 0, 1, 1}, QList<AxNode> children = {})
{
    AxNode n;
    n.role = QLatin1String(role);
    n.label = QLatin1String(label);
    n.frame = frame;
    n.children = std::move(children);
    return n;
}

AxNode screen()
{
    AxNode field = node("TextField", "", {0.1, 0.3, 0.8, 0.1});
    field.value = QStringLiteral("Ada");
    return node("Application", "Shell", {0, 0, 1, 1},
                {node("Group", "", {0, 0, 1, 1},
                      {node("StaticText", "Count 3", {0.1, 0.1, 0.8, 0.1}), node("Button", "+1", {0.1, 0.5, 0.8, 0.1}),
                       node("Button", "-1", {0.1, 0.6, 0.8, 0.1}), field})});
}

TEST(AxSnapshot, keepsWhatAnAgentCanUseNumberedInTreeOrder)
{
    const auto entries = dt::app::flattenAxTree(screen());
    ASSERT_EQ(entries.size(), 5u) << "the unnamed group is left out";
    QStringList refs, labels;
    for (const auto &e : entries)
        refs << e.ref;
    EXPECT_EQ(refs, (QStringList{"@e1", "@e2", "@e3", "@e4", "@e5"}));
    EXPECT_EQ(entries[1].label, QStringLiteral("Count 3"));
    EXPECT_EQ(entries[1].depth, 1) << "the dropped group adds no depth";
    EXPECT_FALSE(entries[1].interactive);
    EXPECT_TRUE(entries[2].interactive);
    EXPECT_TRUE(entries[4].interactive) << "a text field without a label is kept";
}

TEST(AxSnapshot, theFingerprintFollowsWhatIsShown)
{
    const auto base = dt::app::fingerprintOf(dt::app::flattenAxTree(screen()));
    EXPECT_EQ(base, dt::app::fingerprintOf(dt::app::flattenAxTree(screen())));
    AxNode changed = screen();
    changed.children[0].children[0].label = QStringLiteral("Count 4");
    EXPECT_NE(base, dt::app::fingerprintOf(dt::app::flattenAxTree(changed)));
    AxNode moved = screen();
    moved.children[0].children[1].frame.moveTop(0.51);
    EXPECT_NE(base, dt::app::fingerprintOf(dt::app::flattenAxTree(moved)));
}

TEST(AxSnapshot, findersMatchExactlyByPartOrByExpression)
{
    const auto entries = dt::app::flattenAxTree(screen());
    QString why;
    const auto labels = [&](const AxFinder &f) {
        QStringList out;
        const auto found = dt::app::findAx(entries, f, &why);
        for (const auto *e : found.value())
            out << e->label;
        return out;
    };
    const auto finder = [](std::optional<QString> label, std::optional<QString> role, std::optional<QString> text,
                           AxFinder::Match match = AxFinder::Match::Exact) {
        AxFinder f;
        f.label = std::move(label);
        f.role = std::move(role);
        f.text = std::move(text);
        f.match = match;
        return f;
    };
    EXPECT_EQ(labels(finder(QStringLiteral("+1"), {}, {})), QStringList{"+1"});
    EXPECT_EQ(labels(finder({}, QStringLiteral("Button"), {})), (QStringList{"+1", "-1"}));
    EXPECT_EQ(labels(finder({}, {}, QStringLiteral("count"), AxFinder::Match::Contains)), QStringList{"Count 3"})
        << "case-blind part";
    EXPECT_EQ(labels(finder({}, {}, QStringLiteral("Ada"))), QStringList{""}) << "text matches a value too";
    AxFinder f = finder(QStringLiteral("^[+-]1$"), {}, {}, AxFinder::Match::Regex);
    EXPECT_EQ(labels(f), (QStringList{"+1", "-1"}));
    EXPECT_EQ(dt::app::describe(f), QStringLiteral("--label '^[+-]1$' --regex"));
    f.label = QStringLiteral("(");
    EXPECT_FALSE(dt::app::findAx(entries, f, &why));
    EXPECT_TRUE(why.startsWith(QStringLiteral("not a regular expression")));
}

} // namespace
