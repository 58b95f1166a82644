#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

// The config file's format and keys, in plain C++ (no Qt): shared by the
// GUI's Config and the CLI's `dump-config`, which must work without the GUI.
namespace dt::config {

struct KeySpec {
    std::string name;
    std::string description; // what it sets, for people (dump-config --reference, the man page)
    std::vector<std::string> allowed; // empty: a number or free text
    std::optional<std::string> defaultValue; // none: absence means "ask"
    std::string unsetNote; // what the app does while an undefaulted key is absent
    int minimum = 0;
    int maximum = -1; // < minimum: free text
};

const std::vector<KeySpec> &keys(); // sorted by name
const KeySpec *find(const std::string &key);
bool validate(const std::string &key, const std::string &value, std::string *why);
// Splits "key = value # comment"; false for lines without a key and '='.
bool parseLine(const std::string &line, std::string &key, std::string &value);

struct Entry {
    std::string key;
    std::string value; // effective; empty when unset
    std::string source; // "default", "file", "unset"
    std::string note; // unset keys only
};

struct Report {
    std::map<std::string, std::string> fileValues; // the valid ones
    std::vector<std::string> warnings;
    std::vector<Entry> entries; // every known key, sorted
};

Report read(const std::string &path);
// $XDG_CONFIG_HOME/deviceterm/config (relative XDG paths ignored), else ~/.config/….
std::string defaultPath();

} // namespace dt::config
