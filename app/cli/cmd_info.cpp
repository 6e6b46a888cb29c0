// planscope-cli info FILE: counts per op, bytes of leafs and nodes, buffers.
#include "commands.h"

#include "core/summary.h"
#include "io/graph_source.h"

#include <iomanip>
#include <iostream>

namespace planscope::cli {

int run_info(std::span<const std::string> args) {
    const command& self = commands()[0];
    if (args.size() != 1) return usage_error(self, "info takes exactly one FILE");
    auto doc = open_graph_source(args[0]);
    if (!doc) {
        std::cerr << "error: " << doc.err().message << '\n';
        return exit_bad_input;
    }
    const graph_summary s = summarize(*doc);
    std::cout << "graph: " << (doc->name.empty() ? args[0] : doc->name) << '\n'
              << "nodes: " << s.n_nodes << " (" << s.n_views << " views)\n"
              << "leafs: " << s.n_leafs << '\n'
              << "leaf bytes: " << s.leaf_bytes << " (" << human_bytes(s.leaf_bytes) << ")\n"
              << "node bytes: " << s.node_bytes << " (" << human_bytes(s.node_bytes) << ")\n"
              << "pre-allocated bytes: " << s.preallocated_bytes << " (" << human_bytes(s.preallocated_bytes)
              << ")\n";
    std::cout << "nodes per op:\n";
    for (const auto& [op, n] : s.nodes_per_op)
        std::cout << "  " << std::left << std::setw(16) << info(op).name << std::right << std::setw(8) << n << '\n';
    std::cout << "leafs per type:\n";
    for (const auto& [t, n] : s.leafs_per_type)
        std::cout << "  " << std::left << std::setw(16) << type_name(t) << std::right << std::setw(8) << n << '\n';
    if (!doc->buffers.empty()) {
        std::cout << "buffers:\n";
        for (const auto& b : doc->buffers)
            std::cout << "  " << b.name << " (" << b.backend << "): " << b.size << " bytes, alignment " << b.alignment
                      << '\n';
    }
    return exit_ok;
}

} // namespace planscope::cli
