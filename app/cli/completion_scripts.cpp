// Completion scripts from the verb table (completion_scripts.h): each usage
// line read for flags and values, then written as bash, zsh and fish.

#include "app/cli/completion_scripts.h"

#include "app/cli/verb_lookup.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace dt::cli {

namespace {

std::vector<std::string> split(const std::string &text, char by)
{
    std::vector<std::string> out;
    size_t from = 0;
    while (from <= text.size()) {
        const size_t to = std::min(text.find(by, from), text.size());
        if (to > from)
            out.push_back(text.substr(from, to - from));
        from = to + 1;
    }
    return out;
}

// "[--mode" → "--mode", "detach|shutdown]" → "detach|shutdown", "TEXT…" → "TEXT".
std::string bare(std::string token)
{
    const std::string junk = "[]()…";
    while (!token.empty() && (junk.find(token.front()) != std::string::npos || token.front() == '.'))
        token.erase(0, 1);
    while (!token.empty()) {
        if (token.size() >= 3 && token.compare(token.size() - 3, 3, "…") == 0)
            token.erase(token.size() - 3);
        else if (junk.find(token.back()) != std::string::npos)
            token.pop_back();
        else
            break;
    }
    return token;
}

bool isPlaceholder(const std::string &token)
{
    return !token.empty() && std::isupper(static_cast<unsigned char>(token.front()));
}

bool isWordList(const std::string &token)
{
    if (token.empty() || token.front() == '-' || token.front() == '@')
        return false;
    return std::all_of(token.begin(), token.end(),
                       [](unsigned char c) { return std::islower(c) || std::isdigit(c) || c == '-' || c == '|'; });
}

void addOnce(std::vector<std::string> &to, const std::string &word)
{
    if (std::find(to.begin(), to.end(), word) == to.end())
        to.push_back(word);
}

std::vector<VerbCompletion> allCompletions()
{
    std::vector<VerbCompletion> out;
    for (const Verb &v : verbs())
        out.push_back(completionOf(v));
    return out;
}

// First words that lead to subcommands ("tab" → info, run, …).
std::map<std::string, std::vector<std::string>> groups()
{
    std::map<std::string, std::vector<std::string>> out;
    for (const Verb &v : verbs())
        if (v.words.size() > 1)
            addOnce(out[v.words.front()], v.words[1]);
    return out;
}

std::vector<std::string> firstWords()
{
    std::vector<std::string> out;
    for (const Verb &v : verbs())
        addOnce(out, v.words.front());
    std::sort(out.begin(), out.end());
    return out;
}

std::string shellQuoted(const std::string &text)
{
    std::string out = "'";
    for (char c : text)
        out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

} // namespace

VerbCompletion completionOf(const Verb &verb)
{
    VerbCompletion c;
    c.key = joinWords(verb.words, " ");
    c.summary = verb.summary;
    const std::vector<std::string> tokens = split(verb.usage, ' ');
    for (size_t i = 0; i < tokens.size(); ++i) {
        const std::string token = bare(tokens[i]);
        if (token.empty() || token == "|" || token == "--" || std::find(verb.words.begin(), verb.words.end(), token) != verb.words.end())
            continue;
        if (token[0] == '-' && token.find('|') != std::string::npos) {
            for (const std::string &alternative : split(token, '|')) // --contains|--regex
                addOnce(c.flags, alternative);
            continue;
        }
        if (token[0] == '-' && token.size() > 1) {
            const std::string flag = token.substr(0, token.find('='));
            addOnce(c.flags, flag);
            const std::string next = i + 1 < tokens.size() ? bare(tokens[i + 1]) : std::string();
            if (isWordList(next) && next.find('|') != std::string::npos) {
                c.flagValues[flag] = split(next, '|');
                ++i;
            } else if (flag == "--tab" && next == "REF") {
                addOnce(c.tabFlags, flag);
                ++i;
            } else if (next == "DIR") {
                addOnce(c.directoryFlags, flag);
                ++i;
            } else if (next.rfind("FILE", 0) == 0 || next.rfind("FLOW", 0) == 0) {
                addOnce(c.fileFlags, flag);
                ++i;
            } else if (isPlaceholder(next) || (!next.empty() && std::isdigit(static_cast<unsigned char>(next[0])))) {
                ++i; // a free value: nothing to offer
            }
            continue;
        }
        if (isWordList(token))
            for (const std::string &w : split(token, '|'))
                addOnce(c.words, w);
        if (token == "DEVICE" || token == "UDID|NAME")
            c.takesDevice = true;
    }
    addOnce(c.flags, "--json");
    return c;
}

std::string bashScript()
{
    std::string groupCases, verbCases;
    for (const auto &[first, subs] : groups())
        groupCases += "        " + first + ")\n            if [ \"$COMP_CWORD\" -eq 2 ]; then\n                COMPREPLY=($(compgen -W \""
            + joinWords(subs, " ") + "\" -- \"$cur\"))\n                return\n            fi\n            key=\"$1 ${COMP_WORDS[2]}\" ;;\n";
    for (const VerbCompletion &c : allCompletions()) {
        std::string prevCases;
        for (const auto &[flag, values] : c.flagValues)
            prevCases += "            " + flag + ") COMPREPLY=($(compgen -W \"" + joinWords(values, " ") + "\" -- \"$cur\")); return ;;\n";
        for (const std::string &flag : c.directoryFlags)
            prevCases += "            " + flag + ") COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n";
        for (const std::string &flag : c.fileFlags)
            prevCases += "            " + flag + ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
        for (const std::string &flag : c.tabFlags)
            prevCases += "            " + flag + ") _deviceterm_values tabs; return ;;\n";
        verbCases += "        \"" + c.key + "\")\n";
        if (!prevCases.empty())
            verbCases += "            case \"$prev\" in\n" + prevCases + "            esac\n";
        if (c.takesDevice)
            verbCases += "            [[ $cur != -* ]] && { _deviceterm_values devices; return; }\n";
        verbCases += "            words=\"" + joinWords(c.words, " ") + (c.words.empty() ? "" : " ") + joinWords(c.flags, " ") + "\" ;;\n";
    }
    return "# deviceterm completion for bash, generated from `deviceterm completions print bash`\n"
           "# Devices and tabs, one per line from deviceterm itself (names may hold spaces).\n"
           "_deviceterm_values() {\n"
           "    local IFS=$'\\n'\n"
           "    COMPREPLY=($(compgen -W \"$(deviceterm completions values \"$1\" 2>/dev/null)\" -- \"$cur\"))\n"
           "}\n"
           "_deviceterm() {\n"
           "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} key words=\"--json\"\n"
           "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
           "        COMPREPLY=($(compgen -W \""
        + joinWords(firstWords(), " ")
        + " --help --version\" -- \"$cur\"))\n"
          "        return\n"
          "    fi\n"
          "    set -- \"${COMP_WORDS[1]}\"\n"
          "    case $1 in\n"
        + groupCases + "        *) key=$1 ;;\n    esac\n    case \"$key\" in\n" + verbCases
        + "    esac\n"
          "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
          "}\n"
          "complete -o default -F _deviceterm deviceterm\n";
}

std::string zshScript()
{
    std::string groupCases, verbCases;
    for (const auto &[first, subs] : groups())
        groupCases += "    (" + first + ") (( CURRENT == 3 )) && { compadd -- " + joinWords(subs, " ") + "; return }\n"
            + "        key=\"$words[2] $words[3]\" ;;\n";
    for (const VerbCompletion &c : allCompletions()) {
        std::string prevCases;
        for (const auto &[flag, values] : c.flagValues)
            prevCases += "        (" + flag + ") compadd -- " + joinWords(values, " ") + "; return ;;\n";
        for (const std::string &flag : c.directoryFlags)
            prevCases += "        (" + flag + ") _files -/; return ;;\n";
        for (const std::string &flag : c.fileFlags)
            prevCases += "        (" + flag + ") _files; return ;;\n";
        for (const std::string &flag : c.tabFlags)
            prevCases += "        (" + flag + ") compadd -- ${(f)\"$(deviceterm completions values tabs 2>/dev/null)\"}; return ;;\n";
        verbCases += "    (" + shellQuoted(c.key) + ")\n";
        if (!prevCases.empty())
            verbCases += "        case $words[CURRENT-1] in\n" + prevCases + "        esac\n";
        if (c.takesDevice)
            verbCases += "        [[ $PREFIX != -* ]] && { compadd -- ${(f)\"$(deviceterm completions values devices 2>/dev/null)\"}; return }\n";
        verbCases += "        compadd -- " + joinWords(c.words, " ") + (c.words.empty() ? "" : " ") + joinWords(c.flags, " ") + " ;;\n";
    }
    return "#compdef deviceterm\n# generated from `deviceterm completions print zsh`\n"
           "local key\n"
           "if (( CURRENT == 2 )); then\n  compadd -- "
        + joinWords(firstWords(), " ")
        + " --help --version\n  return\nfi\ncase $words[2] in\n" + groupCases + "    (*) key=$words[2] ;;\nesac\ncase $key in\n"
        + verbCases + "    (*) compadd -- --json ;;\nesac\n";
}

std::string fishScript()
{
    std::string out = "# deviceterm completion for fish, generated from `deviceterm completions print fish`\n"
                      "# True when the command line so far names the verb given (\"tab close\").\n"
                      "function __deviceterm_verb_is\n"
                      "    set -l typed (commandline -opc)\n"
                      "    set -l verb (string split ' ' -- $argv[1])\n"
                      "    test (count $typed) -gt (count $verb); or return 1\n"
                      "    set -l last (math (count $verb) + 1)\n"
                      "    test \"$typed[2..$last]\" = \"$argv[1]\"\n"
                      "end\n"
                      "complete -c deviceterm -f\n"
                      "complete -c deviceterm -l json -d 'machine-readable output'\n";
    const auto subcommands = groups();
    std::set<std::string> offered;
    for (const VerbCompletion &c : allCompletions()) {
        const std::vector<std::string> words = split(c.key, ' ');
        const std::string summary = shellQuoted(c.summary.substr(0, c.summary.find(';')));
        if (offered.insert(words[0]).second)
            out += "complete -c deviceterm -n __fish_use_subcommand -a " + words[0]
                + (subcommands.count(words[0]) ? std::string() : " -d " + summary) + "\n";
        if (words.size() == 2)
            out += "complete -c deviceterm -n '__fish_seen_subcommand_from " + words[0]
                + "; and test (count (commandline -opc)) -eq 2' -a " + words[1] + " -d " + summary + "\n";
        const std::string when = "complete -c deviceterm -n \"__deviceterm_verb_is '" + c.key + "'\" ";
        for (const std::string &w : c.words)
            out += when + "-a " + w + "\n";
        if (c.takesDevice)
            out += when + "-a '(deviceterm completions values devices 2>/dev/null)'\n";
        for (const std::string &flag : c.flags) {
            if (flag == "--json")
                continue;
            std::string line = when + (flag.rfind("--", 0) == 0 ? "-l " + flag.substr(2) : "-s " + flag.substr(1));
            if (auto it = c.flagValues.find(flag); it != c.flagValues.end())
                line += " -x -a " + shellQuoted(joinWords(it->second, " "));
            else if (std::find(c.directoryFlags.begin(), c.directoryFlags.end(), flag) != c.directoryFlags.end())
                line += " -x -a '(__fish_complete_directories)'";
            else if (std::find(c.fileFlags.begin(), c.fileFlags.end(), flag) != c.fileFlags.end())
                line += " -r -F";
            else if (std::find(c.tabFlags.begin(), c.tabFlags.end(), flag) != c.tabFlags.end())
                line += " -x -a '(deviceterm completions values tabs 2>/dev/null)'";
            out += line + "\n";
        }
    }
    return out;
}

} // namespace dt::cli
