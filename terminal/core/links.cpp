// Finds the URL under a cell: the logical line around it (rows joined where
// they wrapped, at most a few thousand characters either side), a scheme
// before "://" or "mailto:", the URL's characters after it, and trailing
// punctuation that belongs to the sentence rather than the URL left out.

#include "terminal/core/links.h"

#include "terminal/core/terminal.h"
#include "terminal/core/utf8.h"

#include <algorithm>
#include <array>
#include <vector>

namespace dt::term {

namespace {

constexpr std::array<std::string_view, 7> kSchemes = {"http", "https", "ftp", "file", "ssh", "git", "sftp"};
// What may be handed to the desktop: web pages and mail. A file: link
// from a program's output could run a launcher or a script through its
// default handler, ftp: mounts a remote host.
constexpr std::array<std::string_view, 3> kOpenable = {"http:", "https:", "mailto:"};
constexpr int kReach = 4096; // characters looked at either side of the cell

bool isSchemeChar(char32_t c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '+' || c == '-'
        || c == '.';
}

// Characters a URL runs over: anything printable but blanks, quotes and
// angle brackets (which usually surround one), and characters that look
// like a blank or nothing at all (so what is opened is what is seen).
bool isUrlChar(char32_t c)
{
    if (c <= ' ' || c == 0x7f)
        return false;
    if (c == 0xA0 || c == 0xAD || c == 0x1680 || (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F)
        || (c >= 0x205F && c <= 0x206F) || c == 0x2800 || c == 0x3000 || c == 0xFEFF)
        return false;
    switch (c) {
    case '"': case '\'': case '<': case '>': case '`': case '{': case '}': case '|': case '\\': case '^':
        return false;
    default:
        return c < 0x80 || c > 0x9f;
    }
}

std::string lower(std::u32string_view s)
{
    std::string out;
    for (char32_t c : s)
        out.push_back(c < 0x80 ? static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c) : '?');
    return out;
}

// Drops what ends a sentence rather than a URL: .,;:!? and a closing
// bracket without its opening one inside the URL.
size_t trimEnd(const std::u32string &text, size_t from, size_t to)
{
    // Brackets counted once, then kept up to date while trimming.
    long parens = 0, squares = 0; // closing minus opening
    for (size_t i = from; i < to; ++i) {
        parens += text[i] == ')' ? 1 : text[i] == '(' ? -1 : 0;
        squares += text[i] == ']' ? 1 : text[i] == '[' ? -1 : 0;
    }
    while (to > from) {
        const char32_t c = text[to - 1];
        if (c == '.' || c == ',' || c == ';' || c == ':' || c == '!' || c == '?') {
            --to;
        } else if (c == ')' && parens > 0) {
            --parens;
            --to;
        } else if (c == ']' && squares > 0) {
            --squares;
            --to;
        } else {
            break;
        }
    }
    return to;
}

// The cells around `pos` that carry the same program link (OSC 8) as it,
// over wrapped rows, as far as kReach cells either way.
std::optional<LinkAt> programLinkAt(const Terminal &t, GridPos pos)
{
    const Line *line = t.lineAt(pos.line);
    if (pos.col > 0 && (*line)[pos.col].continuation)
        --pos.col;
    const Cell &cell = (*line)[pos.col];
    const Decoration *link = t.decoration(cell);
    if (!link || link->linkUri.empty() || cell.isBlank())
        return std::nullopt;
    auto same = [&](const Line &l, int col) {
        const Cell &c = l[col];
        if (c.decoration == cell.decoration)
            return !c.isBlank();
        const Decoration *d = t.decoration(c);
        return !c.isBlank() && d && d->linkUri == link->linkUri && d->linkId == link->linkId;
    };
    LinkAt found;
    found.url = link->linkUri;
    found.fromProgram = true;
    found.start = pos;
    for (int n = 0; n < kReach; ++n) { // back to the first cell
        const GridPos p = found.start;
        if (p.col > 0 && same(*t.lineAt(p.line), p.col - 1)) {
            found.start.col = p.col - 1;
            continue;
        }
        const Line *above = p.col == 0 ? t.lineAt(p.line - 1) : nullptr;
        if (!above || !above->wrapped() || above->size() == 0 || !same(*above, above->size() - 1))
            break;
        found.start = {p.line - 1, above->size() - 1};
    }
    GridPos last = pos;
    for (int n = 0; n < kReach; ++n) { // on to the last
        const Line &l = *t.lineAt(last.line);
        if (last.col + 1 < l.size() && same(l, last.col + 1)) {
            ++last.col;
            continue;
        }
        const Line *below = last.col + 1 == l.size() && l.wrapped() ? t.lineAt(last.line + 1) : nullptr;
        if (!below || below->size() == 0 || !same(*below, 0))
            break;
        last = {last.line + 1, 0};
    }
    found.end = {last.line, last.col + 1};
    return found;
}

} // namespace

bool isOpenableScheme(const std::string &url)
{
    std::string head = url.substr(0, 8);
    std::transform(head.begin(), head.end(), head.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return std::any_of(kOpenable.begin(), kOpenable.end(), [&](std::string_view s) { return head.rfind(s, 0) == 0; });
}

std::optional<LinkAt> linkAt(const Terminal &t, GridPos pos)
{
    const Line *at = t.lineAt(pos.line);
    if (!at || pos.col < 0 || pos.col >= at->size())
        return std::nullopt;
    if (std::optional<LinkAt> marked = programLinkAt(t, pos))
        return marked;
    // The logical line around the cell, bounded either side.
    int64_t first = pos.line;
    for (int n = 0; n < kReach / std::max(1, t.columns()) + 1; ++n) {
        const Line *prev = t.lineAt(first - 1);
        if (!prev || !prev->wrapped())
            break;
        --first;
    }
    std::u32string text;
    std::vector<GridPos> where;
    size_t target = std::u32string::npos;
    const int64_t furthest = pos.line + kReach / std::max(1, t.columns()) + 1; // rows looked at below
    for (int64_t l = first; l <= furthest; ++l) {
        const Line *line = t.lineAt(l);
        if (!line)
            break;
        // A wrapped row runs on with all its cells: blanks at its end (a
        // deleted tail) separate, as they show. Only the cell a wide
        // character did not fit in is left out.
        int end = line->size();
        if (line->wrapped() && end > 0 && (*line)[end - 1].isPristine()) {
            const Line *next = t.lineAt(l + 1);
            if (next && next->size() > 1 && (*next)[1].continuation)
                --end;
        }
        for (int col = 0; col < end; ++col) {
            if ((*line)[col].continuation)
                continue;
            if (l == pos.line && (col == pos.col || (col + 1 == pos.col && (*line)[pos.col].continuation)))
                target = text.size();
            const char32_t c = line->baseCodepoint(col);
            text.push_back(c ? c : U' ');
            where.push_back({l, col});
        }
        if (!line->wrapped())
            break;
    }
    if (target == std::u32string::npos || !isUrlChar(text[target]))
        return std::nullopt;

    // The run of URL characters around the cell, then a scheme at its start.
    size_t from = target, to = target + 1;
    while (from > 0 && isUrlChar(text[from - 1]))
        --from;
    while (to < text.size() && isUrlChar(text[to]))
        ++to;
    const std::u32string_view run(text.data() + from, to - from);
    size_t start = std::u32string::npos;
    size_t rest = 0; // where what follows the scheme begins
    bool mailLink = false;
    for (size_t i = 0; i < run.size(); ++i) {
        // A scheme begins where the run does or after a non-scheme character.
        if (i > 0 && isSchemeChar(run[i - 1]))
            continue;
        size_t j = i;
        while (j < run.size() && isSchemeChar(run[j]))
            ++j;
        const std::string scheme = lower(run.substr(i, j - i));
        const bool slashes = run.substr(j, 3) == U"://";
        const bool known = slashes && std::find(kSchemes.begin(), kSchemes.end(), scheme) != kSchemes.end();
        const bool mail = scheme == "mailto" && j < run.size() && run[j] == ':';
        if ((known || mail) && from + i <= target) {
            start = from + i; // the last one that starts before the cell
            rest = from + j + (known ? 3 : 1); // past "://" or ":"
            mailLink = !known;
        }
    }
    if (start == std::u32string::npos)
        return std::nullopt;
    const size_t end = trimEnd(text, start, to);
    // Something must follow the scheme (an address for mailto:).
    if (target >= end || end <= rest)
        return std::nullopt;
    if (mailLink && std::u32string_view(text).substr(rest, end - rest).find(U'@') == std::u32string_view::npos)
        return std::nullopt;
    LinkAt link;
    // mailto: keeps only its address: a query could ask a mail program to
    // attach a file.
    size_t urlEnd = end;
    if (mailLink)
        urlEnd = std::min(end, std::u32string_view(text).substr(0, end).find(U'?', rest));
    for (size_t i = start; i < urlEnd; ++i)
        appendUtf8(link.url, text[i]);
    link.start = where[start];
    const GridPos last = where[end - 1];
    const Line *lastLine = t.lineAt(last.line);
    link.end = {last.line, last.col + (last.col + 1 < lastLine->size() && (*lastLine)[last.col + 1].continuation ? 2 : 1)};
    return link;
}

} // namespace dt::term
