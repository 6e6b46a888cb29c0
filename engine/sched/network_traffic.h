#pragma once
// What a schedule sends over a network: every split input copied from or to a remote backend
// (backend::remote(), an rpc-server's device), grouped by boundary (the split that made the tensor
// -> the split that reads the copy) and in total, and per token where the graph has a token count.
// A copy between this host and a server crosses the network once; between two servers it goes
// through host memory (ggml's RPC backend copies directly only within one server), so twice.
// Inputs count once per use, as the scheduler lists and copies them (the seed's n_inputs).
#include "sched_types.h"

#include "core/context.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace planscope {

struct network_boundary {
    int from_split = -1;   // the split whose nodes made the tensor; -1: a leaf or a pre-allocated
                           // tensor (weights, KV cache, inputs)
    std::size_t to_split = 0;
    int from_backend = -1; // where the tensor lives
    int to_backend = -1;   // the reading split's
    std::size_t copies = 0;
    std::uint64_t bytes = 0; // on the network: each copy's bytes once per remote end
};

struct network_traffic {
    bool remote = false;                     // some backend is remote: the plan has network traffic to show
    std::vector<network_boundary> boundaries; // by to_split, then from_split, then from_backend
    std::uint64_t bytes = 0;
    std::size_t n_tokens = 0;                // 0: the graph does not say
    [[nodiscard]] std::optional<double> bytes_per_token() const {
        if (n_tokens == 0) return std::nullopt;
        return static_cast<double>(bytes) / static_cast<double>(n_tokens);
    }
};

// The bytes a copy of `bytes` from backend `from` to `to` puts on the network.
std::uint64_t network_bytes(const sched_plan& plan, int from, int to, std::uint64_t bytes);

// `g` the graph the splits index (node ranges), `ctx` its context: for the token count.
network_traffic count_network(const context& ctx, const graph& g, const sched_plan& plan);

// The batch's tokens: ne[0] of the leaf "inp_tokens" (llama.cpp's graphs, 2023 and 2026); none
// without one.
std::optional<std::size_t> graph_tokens(const context& ctx, const graph& g);

// One line per boundary, "network\tsplit 1 -> 2\tCPU -> RPC0[127.0.0.1:50052]\t2 copies\t512 bytes"
// (split "-" for a leaf), then "network total\t1234 bytes\t5 tokens\t246.8 bytes per token"
// ("-" tokens when unknown). Empty when nothing is remote.
std::string format_network(const network_traffic& n, const std::vector<std::string>& names);

} // namespace planscope
