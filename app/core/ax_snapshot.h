#pragma once

// A device's UI as agents read it: the showing, meaningful elements of its
// accessibility tree in tree order, each with a short ref (@e1, @e2, …),
// a fingerprint that changes when what an agent sees changes, and finders
// that pick elements by label, role or text. Pure functions over a tree
// already read (devicepanes' AccessibilityBridge reads it).

#include "devicepanes/accessibility_bridge.h"

#include <QRegularExpression>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace dt::app {

struct AxEntry {
    QString ref; // "@e1", … in tree order of the full snapshot
    int depth = 0; // among kept elements
    QString role;
    QString label;
    QString value;
    QRectF frame; // fractions of the screen
    bool interactive = false; // something to tap, type into or toggle
};

// Elements worth an agent's tokens: the interactive ones, and any with a
// label or a value. Refs number this list, so the same element has the
// same ref whether or not only interactive ones are shown.
std::vector<AxEntry> flattenAxTree(const dt::devices::AxNode &root);
bool isInteractiveRole(const QString &role);
// Changes when a role, label, value or (to a thousandth) a frame changes.
uint64_t fingerprintOf(const std::vector<AxEntry> &entries);

struct AxFinder {
    enum class Match { Exact, Contains, Regex };
    std::optional<QString> label, role, text; // text: the label or the value
    Match match = Match::Exact;
    bool empty() const { return !label && !role && !text; }
};
// "--label 'Count 3'"-style words for messages.
QString describe(const AxFinder &finder);
// The entries the finder matches, in order; nullopt (with `why`) when a
// regular expression does not compile.
std::optional<std::vector<const AxEntry *>> findAx(const std::vector<AxEntry> &entries, const AxFinder &finder,
                                                   QString *why);

// The element a person's finger at `at` (fractions of the screen) meant,
// and the text that finds it again: the smallest element under the finger
// that is interactive or shows text (containers such as windows and groups
// never: tapping their middle is not what the person did), named by its
// label, else its value, when no other element has that text (any case).
// nullopt when nothing under the finger can be named so.
struct TouchedElement {
    const AxEntry *entry = nullptr;
    QString text; // its label or its value
    QString app; // the name of the application it belongs to, when the tree says
};
std::optional<TouchedElement> touchedElement(const std::vector<AxEntry> &entries, QPointF at);

} // namespace dt::app
