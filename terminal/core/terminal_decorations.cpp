// What the pen draws that libvterm does not keep (Terminal's part): the SGR
// attributes it lacks (faint, conceal, overline, dotted and dashed
// underlines, the underline colour) and programs' hyperlinks (OSC 8), with
// the sweep that frees the decoration table's unused entries.

#include "terminal/core/terminal.h"

namespace dt::term {

void Terminal::sgrExtras(const SgrExtras &x)
{
    if (x.faint)
        m_pen.dim = *x.faint ? 1 : 0;
    if (x.conceal)
        m_pen.conceal = *x.conceal ? 1 : 0;
    if (x.overline)
        m_pen.overline = *x.overline ? 1 : 0;
    if (x.underline)
        m_pen.underline = static_cast<uint32_t>(*x.underline);
    if (x.underlineColour && *x.underlineColour != m_penDecoration.underlineColour) {
        Decoration d = m_penDecoration;
        d.underlineColour = *x.underlineColour;
        setPenDecoration(std::move(d));
    }
}

// OSC 8 ; params ; URI: the text written from here on links to URI, until
// one with an empty URI. Among the params (key=value, ':'-separated) only
// id= counts: cells of one id are one link, even apart. A URI of anything
// but printable ASCII (as the protocol has it: no spaces, controls, or
// characters that could make the address shown read otherwise than the
// one opened) or over the table's limit is no link at all.
bool Terminal::takeHyperlink(std::string_view osc)
{
    if (osc.rfind("8;", 0) != 0)
        return false;
    const size_t paramsEnd = osc.find(';', 2);
    if (paramsEnd == std::string_view::npos)
        return true;
    const std::string_view params = osc.substr(2, paramsEnd - 2);
    const std::string_view uri = osc.substr(paramsEnd + 1);
    Decoration d = m_penDecoration;
    d.linkUri.clear();
    d.linkId.clear();
    const bool usable = uri.size() <= CellDecorations::kMaxUriBytes
        && std::none_of(uri.begin(), uri.end(), [](char c) {
               const auto b = static_cast<unsigned char>(c);
               return b <= 0x20 || b >= 0x7f;
           });
    if (usable && !uri.empty()) {
        d.linkUri = uri;
        for (size_t at = 0; at <= params.size();) {
            const size_t end = std::min(params.find(':', at), params.size());
            const std::string_view kv = params.substr(at, end - at);
            if (kv.rfind("id=", 0) == 0 && kv.size() <= 256)
                d.linkId = kv.substr(3);
            at = end + 1;
        }
    }
    setPenDecoration(std::move(d));
    return true;
}

void Terminal::setPenDecoration(Decoration decoration)
{
    m_penDecoration = std::move(decoration);
    if (m_decorations.wantsSweep())
        sweepDecorations();
    m_pen.decoration = m_decorations.intern(m_penDecoration);
}

void Terminal::sweepDecorations()
{
    std::vector<uint8_t> used = m_decorations.startSweep();
    size_t cells = 0;
    auto mark = [&used, &cells](const Line &line) {
        cells += static_cast<size_t>(line.size());
        for (int c = 0; c < line.size(); ++c) {
            if (const uint32_t n = line[c].decoration; n < used.size())
                used[n] = 1;
        }
    };
    for (int r = 0; r < m_primary.rows(); ++r)
        mark(m_primary.row(r));
    if (m_alt) {
        for (int r = 0; r < m_alt->rows(); ++r)
            mark(m_alt->row(r));
    }
    for (int i = 0; i < m_scrollback.size(); ++i)
        mark(m_scrollback.fromOldest(i));
    if (m_pen.decoration < used.size())
        used[m_pen.decoration] = 1;
    m_decorations.finishSweep(used, cells);
}

} // namespace dt::term
