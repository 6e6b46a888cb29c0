#include "sched_debug_log.h"

#include "sched_2026.h"

#include "core/printable.h"

#include <algorithm>

#include <charconv>
#include <cstdio>

namespace planscope::ggml2026 {
namespace {

constexpr std::string_view split_prefix = "## SPLIT #";
constexpr std::string_view node_prefix = "node #";
// " %20.20s (%5.5s) [%5.5s %8.8s]" without its leading space.
constexpr std::size_t tensor_width = 20 + 2 + 5 + 3 + 5 + 1 + 8 + 1;

std::string_view trim_left(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    return s;
}

// %N.Ns: right-aligned in N columns, cut to N.
std::string column(std::string_view s, std::size_t width) {
    s = s.substr(0, width);
    return std::string(width - s.size(), ' ').append(s);
}

// Reads a decimal int at the start of `s` (after spaces when `pad`), advancing it.
std::optional<int> read_int(std::string_view& s, bool pad) {
    if (pad) s = trim_left(s);
    int v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || v < 0) return std::nullopt;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return v;
}

bool eat(std::string_view& s, std::string_view what) {
    if (!s.starts_with(what)) return false;
    s.remove_prefix(what.size());
    return true;
}

// "%20.20s (%5.5s) [%5.5s %8.8s]" at the start of `s`.
std::optional<sched_log_tensor> read_tensor(std::string_view& s) {
    if (s.size() < tensor_width) return std::nullopt;
    const std::string_view f = s.substr(0, tensor_width);
    if (f.substr(20, 2) != " (" || f.substr(27, 3) != ") [" || f[35] != ' ' || f[44] != ']') return std::nullopt;
    s.remove_prefix(tensor_width);
    return sched_log_tensor{std::string(trim_left(f.substr(0, 20))), std::string(trim_left(f.substr(22, 5))),
                            std::string(trim_left(f.substr(30, 5))), std::string(trim_left(f.substr(36, 8)))};
}

std::string write_tensor(const sched_log_tensor& t) {
    std::string out = column(t.name, 20);
    out.append(" (").append(column(t.size, 5)).append(") [").append(column(t.backend, 5)).append(" ");
    return out.append(column(t.cause, 8)).append("]");
}

std::string too_many() {
    return "more than " + std::to_string(max_sched_log_entries) + " node lines and split inputs in one assignment";
}

// `room`: the inputs the assignment may still take.
result<sched_log_split> read_split(std::string_view s, std::size_t room) {
    sched_log_split split;
    const auto index = read_int(s, false);
    if (!index || !eat(s, ": ")) return error{"a SPLIT line is '## SPLIT #N: BACKEND # N inputs'"};
    split.index = *index;
    const std::size_t hash = s.find(" # ");
    if (hash == std::string_view::npos || hash == 0) return error{"a SPLIT line names its backend before ' # '"};
    split.backend = std::string(s.substr(0, hash));
    s.remove_prefix(hash + 3);
    const auto n_inputs = read_int(s, false);
    if (!n_inputs || !eat(s, " inputs")) return error{"a SPLIT line counts its inputs: '# N inputs'"};
    if (*n_inputs > 0 && !eat(s, ": ")) return error{"a SPLIT line with inputs lists them after ': '"};
    while (!s.empty()) {
        // "[NAME (%5.5s)] ": the name may hold anything, the size field is 5 wide.
        const std::size_t end = s.find(")] ");
        if (!s.starts_with('[') || end == std::string_view::npos || end < 8 || s.substr(end - 7, 2) != " (")
            return error{"an input of a SPLIT line is '[NAME (SIZE)] '"};
        if (split.inputs.size() == room) return error{too_many()};
        split.inputs.push_back({std::string(s.substr(1, end - 8)), std::string(trim_left(s.substr(end - 5, 5)))});
        s.remove_prefix(end + 3);
    }
    if (split.inputs.size() != static_cast<std::size_t>(*n_inputs))
        return error{"the SPLIT line counts " + std::to_string(*n_inputs) + " inputs and lists " +
                     std::to_string(split.inputs.size())};
    return split;
}

result<sched_log_node> read_node(std::string_view s) {
    sched_log_node node;
    const auto index = read_int(s, true);
    if (!index || !eat(s, " (") || s.size() < 13 || s.substr(10, 3) != "): ")
        return error{"a node line is 'node #  N (%10s): ' then the node"};
    node.index = *index;
    node.op = std::string(trim_left(s.substr(0, 10)));
    s.remove_prefix(13);
    auto t = read_tensor(s);
    if (!t) return error{"the node is 'NAME (SIZE) [BACKEND CAUSE]' in columns of 20, 5, 5 and 8"};
    node.tensor = std::move(*t);
    const auto use = eat(s, " use=") ? read_int(s, false) : std::nullopt;
    const auto c = use && eat(s, ",c=") ? read_int(s, false) : std::nullopt;
    if (!c || *c > 1 || !eat(s, ":")) return error{"a node line gives 'use=N,c=0|1:' after the node"};
    node.use = *use;
    node.compute = *c == 1;
    while (!s.empty()) {
        auto src = eat(s, " ") ? read_tensor(s) : std::nullopt;
        if (!src) return error{"source " + std::to_string(node.srcs.size()) + " is not ' NAME (SIZE) [BACKEND CAUSE]'"};
        node.srcs.push_back(std::move(*src));
    }
    return node;
}

} // namespace

std::optional<std::uint64_t> sched_log_bytes(std::string_view size) {
    if (size.size() < 2) return std::nullopt;
    const char unit = size.back();
    size.remove_suffix(1);
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(size.data(), size.data() + size.size(), v);
    if (ec != std::errc{} || end != size.data() + size.size()) return std::nullopt;
    if (unit == 'K') return v << 10;
    if (unit == 'M') return v << 20;
    return std::nullopt;
}

result<sched_log> parse_sched_debug_log(std::string_view text) {
    if (text.size() > max_sched_log_bytes)
        return error{"the log is " + std::to_string(text.size()) + " bytes; the limit is " + std::to_string(max_sched_log_bytes)};
    sched_log log;
    std::size_t line_no = 0;
    std::vector<std::string> backends; // of the current assignment
    std::size_t entries = 0;           // its node lines and split inputs
    const auto at = [&](const std::string& message) { return error{"line " + std::to_string(line_no) + ": " + message}; };
    while (!text.empty()) {
        const std::size_t nl = text.find('\n');
        std::string_view line = text.substr(0, nl);
        text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
        ++line_no;
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (line.empty()) continue;
        if (line.starts_with(split_prefix)) {
            // A new assignment starts afresh; read_split stops at the inputs past the limit.
            const bool first = line.substr(split_prefix.size()).starts_with("0:");
            auto split = read_split(line.substr(split_prefix.size()), max_sched_log_entries - (first ? 0 : entries));
            if (!split) return at(split.err().message);
            if (split->index == 0) {
                log.assignments.push_back({{}, line_no});
                backends.clear();
                entries = 0;
            } else if (log.assignments.empty() || split->index != log.assignments.back().splits.back().index + 1) {
                return at("SPLIT #" + std::to_string(split->index) + " does not follow SPLIT #" +
                          (log.assignments.empty() ? std::string("-") : std::to_string(log.assignments.back().splits.back().index)));
            }
            // The limits before the work: a log of 100,000 backends stops at its 17th.
            if (std::find(backends.begin(), backends.end(), split->backend) == backends.end()) {
                if (backends.size() == sched_max_backends)
                    return at("backend '" + printable(split->backend) + "' is the assignment's " + std::to_string(sched_max_backends + 1) +
                              "th, more than the scheduler's " + std::to_string(sched_max_backends));
                backends.push_back(split->backend);
            }
            entries += split->inputs.size();
            log.assignments.back().splits.push_back(std::move(*split));
        } else if (line.starts_with(node_prefix)) {
            auto node = read_node(line.substr(node_prefix.size()));
            if (!node) return at(node.err().message);
            if (log.assignments.empty()) return at("a node line before any SPLIT line");
            if (++entries > max_sched_log_entries) return at(too_many());
            log.assignments.back().splits.back().nodes.push_back(std::move(*node));
        } else {
            ++log.skipped_lines;
        }
    }
    if (log.assignments.empty()) return error{"no '## SPLIT #0' line: not the output of GGML_SCHED_DEBUG"};
    return log;
}

std::string format_sched_debug_log(const sched_log_assignment& a) {
    std::string out;
    char buf[64];
    for (const sched_log_split& s : a.splits) {
        out.append("\n## SPLIT #").append(std::to_string(s.index)).append(": ").append(s.backend);
        out.append(" # ").append(std::to_string(s.inputs.size())).append(" inputs");
        for (std::size_t j = 0; j < s.inputs.size(); ++j)
            out.append(j == 0 ? ": [" : "[").append(s.inputs[j].name).append(" (").append(column(s.inputs[j].size, 5)).append(")] ");
        out += '\n';
        for (const sched_log_node& n : s.nodes) {
            std::snprintf(buf, sizeof buf, "node #%3d (", n.index);
            out.append(buf).append(column(n.op, 10)).append("): ").append(write_tensor(n.tensor));
            std::snprintf(buf, sizeof buf, " use=%d,c=%d:", n.use, n.compute ? 1 : 0);
            out += buf;
            for (const sched_log_tensor& src : n.srcs) out.append(" ").append(write_tensor(src));
            out += '\n';
        }
    }
    return out;
}

std::vector<std::string> sched_log_backends(const sched_log_assignment& a) {
    std::vector<std::string> names;
    for (const sched_log_split& s : a.splits)
        if (std::find(names.begin(), names.end(), s.backend) == names.end()) names.push_back(s.backend);
    std::stable_partition(names.begin(), names.end(), [](const std::string& n) { return n != "CPU"; });
    return names;
}

} // namespace planscope::ggml2026
