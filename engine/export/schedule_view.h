#pragma once
// What the exports need to know about a schedule, as plain values: which backends, which splits
// (a run of nodes on one backend and the inputs copied to it), per-split timings when the graph
// ran, and why each tensor went where it did. The scheduler's result converts to this; a graph
// without a scheduler is one split on one backend (single_split).
#include "core/document.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace planscope {

// A tensor a split reads from another backend, copied to the split's backend before it runs.
struct split_input {
    tensor_id tensor;
    std::string copy_name; // the copy's name, as the scheduler names it
    std::uint64_t bytes = 0;
    int from_backend = -1; // where the tensor lives; -1 unknown
    std::size_t uses = 1;  // the scheduler copies it once per use (the seed lists it so)
};

struct split_view {
    std::size_t backend = 0;      // index in schedule_view::backends
    std::vector<tensor_id> nodes; // in execution order
    std::vector<split_input> inputs;
};

struct split_timing {
    double copy_us = 0;    // copying every input
    double compute_us = 0; // running the split's nodes
    std::uint64_t bytes_copied = 0;
    std::vector<double> input_us{}; // by input of the split_view, measured (its uses summed); empty: not measured
};

// Why a tensor runs (or lives) on a backend, e.g. "buffer" (its memory is there), "assigned"
// (the user chose it), or the scheduler's own cause.
struct tensor_assignment {
    std::size_t backend = 0;
    std::string cause;
};

struct schedule_view {
    std::vector<std::string> backends; // names, in priority order
    std::vector<bool> remote{};        // by backend: on another machine (backend::remote()); empty: none
    std::vector<split_view> splits;    // in execution order
    std::vector<split_timing> timings; // one per split, or empty when the graph has not run
    std::unordered_map<tensor_id, tensor_assignment> assignment;
};

// The whole graph as one split on `backend`; every node and leaf assigned to it with cause
// "single backend" ("assigned" where doc.backend_of names that backend).
schedule_view single_split(const graph_document& doc, const std::string& backend = "CPU");

// Sum of the split's input bytes.
std::uint64_t bytes_copied(const split_view& s);

} // namespace planscope
