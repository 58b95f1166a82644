#pragma once

// What the verbs that act on an element share: the finder options
// (--label, --role, --text, with --contains or --regex) and turning a ref
// (@e3) or a finder into the one element it names, through pane.ax.find.

#include "app/cli/cli.h"

#include <optional>
#include <string>
#include <vector>

namespace dt::cli {

const std::vector<std::string> &finderOptions(); // valued
const std::vector<std::string> &finderSwitches();
bool hasFinder(const Context &c);
bool isRef(const std::string &word);

// The pane.ax.find parameters from the options (and `ref`, if given); false
// (with a message) when they make no sense.
bool readFinder(Context &c, dt::rpc::AxFindParams &p, const std::optional<std::string> &ref = std::nullopt);

// The one element a ref or the finder options name: its answer entry
// (with normalizedCenter). nullopt when there is none, several, or the
// ref is stale; the error is printed.
std::optional<Json> resolveElement(Context &c, const std::string &pane, const std::optional<std::string> &ref);

// A duration option: "5", "5s", "2.5s" or "300ms"; nullopt (with a message
// naming `option`) when malformed or outside 1 ms … 10 min.
std::optional<int64_t> durationMillis(Context &c, const std::string &word, const char *option);

// Waits until the pane's screen has been still for 150 ms (after input,
// for --then-wait-idle); false when it did not settle within 5 s (printed).
bool waitUntilIdle(Context &c, const std::string &pane);

} // namespace dt::cli
