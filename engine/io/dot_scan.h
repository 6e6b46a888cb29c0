#pragma once
// A cheap pass over DOT text before cgraph reads it, as cgraph's costs are not linear in the
// text (Graphviz 2.42, measured): flex rescans a token from its start on every refill, one line
// at a time (a quoted string over 16,000 one-byte lines: 1.2 s; 80 KB of 70-byte lines: 0.4 s,
// growing as the square); `{a b} -> {c d}` and `a, b -> c, d` make an edge of every pair (34 KB
// gave 9 million edges, 4.7 GB); each new attribute name grows the record of every node and
// edge (5,000 names after 5,000 nodes: minutes); a warning per "1a" (2.9 million: 13 s); and a
// node or edge costs 350-400 bytes however short its text (1 million edges from 5 MB: 420 MB).
// The limits hold ggml_graph_dump_dot's output with room to spare (an 80-layer llama is
// 0.9 MB, 2,700 nodes, 730 leafs and 4,300 edges; a line ~250 bytes; 7 attribute names) and keep
// anything under them to a few seconds and under 4 x its size + 200 MB.
#include "core/error.h"

#include <cstddef>
#include <string_view>

namespace planscope {

inline constexpr std::size_t max_dot_bytes = std::size_t{32} << 20;
inline constexpr std::size_t max_dot_line = std::size_t{64} << 10;   // also any quoted or <html> string
inline constexpr std::size_t max_dot_nodes = 100'000;                // ggml's nodes and leafs together
inline constexpr std::size_t max_dot_edges = 200'000;
inline constexpr std::size_t max_dot_attributes = 16;                // distinct names (ggml uses 7)
inline constexpr std::size_t max_dot_tokens = 6'000'000;             // ~19 a node, ~17 an edge in ggml's

// Checks the limits above and refuses what ggml never writes and cgraph pays for out of
// proportion: NUL bytes (cgraph would stop reading there), a quoted string that runs past the
// end of its line, braces other than the graph's own (subgraphs), node lists ("a, b -> c, d"),
// strings joined with '+', numbers run into names ("1a": a warning each). Errors name the line
// and say the limit: "line 3 is 70000 bytes; the limit is 65536". Text that would not parse may
// pass: cgraph's own error says what is wrong with it.
status check_dot_text(std::string_view text);

} // namespace planscope
