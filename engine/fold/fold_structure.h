#pragma once
// Repeated blocks of a graph (docs/folding.md): runs of the node order that repeat with the same
// ops, types, shapes and wiring after renaming, such as the layers of a llama graph, found from
// the structure alone (a DOT dump or a JSON file has no layer metadata). Long stretches that do
// not repeat are cut into segments, so that no part of a huge graph is laid out in one piece.
#include "core/document.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace planscope {

enum class fold_kind : std::uint8_t {
    repeat,  // `count` instances of the same block, one after another in node order
    segment, // one stretch of nodes that does not repeat
};

struct fold_group {
    fold_kind kind = fold_kind::repeat;
    std::size_t first = 0;  // position in graph::nodes of instance 0's first node
    std::size_t period = 0; // nodes per instance
    std::size_t count = 0;  // instances
    // By instance: the leafs that only its nodes read (weights of a layer), aligned across
    // instances (entry i of every instance plays the same role); invalid where an instance has
    // no leaf in that role.
    std::vector<std::vector<tensor_id>> leafs;
    // Instance i is shown as "blk <label_base + i>": the layer number in the tensor names
    // ("Kcur-17") when every instance agrees with it, else the instance index.
    std::int64_t label_base = 0;

    [[nodiscard]] std::size_t node_position(std::size_t instance, std::size_t local) const {
        return first + instance * period + local;
    }
    [[nodiscard]] std::size_t end() const { return first + period * count; } // one past the last node
    // Locals [0, period) are nodes, [period, period + leafs) leafs.
    [[nodiscard]] std::size_t locals() const { return period + (leafs.empty() ? 0 : leafs.front().size()); }
};

// Where a tensor sits in a fold structure.
struct fold_place {
    std::int32_t group = -1; // -1: not in any group (a loose tensor)
    std::uint32_t instance = 0;
    std::uint32_t local = 0;
    [[nodiscard]] bool folded() const { return group >= 0; }
};

struct fold_structure {
    std::vector<fold_group> groups; // in node order
    std::vector<fold_place> place;  // by tensor index of the document

    [[nodiscard]] fold_place place_of(tensor_id t) const {
        return t.index() < place.size() ? place[t.index()] : fold_place{};
    }
    // The tensor of `instance` of `group` at `local` (invalid for a missing leaf).
    [[nodiscard]] tensor_id tensor_at(const graph& g, std::size_t group, std::size_t instance, std::size_t local) const;
    [[nodiscard]] std::size_t folded_nodes() const; // nodes inside repeat groups
};

struct fold_options {
    std::size_t min_nodes = 16;   // a repeat must cover at least this many nodes (fewer: noise)
    std::size_t max_period = 600; // longer blocks are not looked for (segments cover them)
    std::size_t segment = 300;    // loose stretches longer than this are cut into segments this long
    // An extra key per tensor that must match for two nodes to repeat (the scheduler's backend,
    // so that a split graph's CPU and GPU layers are different blocks); none when empty.
    std::function<std::uint64_t(tensor_id)> key;
};

// Finds the repeats: for candidate periods (the distances at which node signatures recur most
// often), the longest stretches where every node matches the node one period later in op, type,
// shape, strides, flags, parameters (a view's offset excepted) and wiring (each source is the
// same tensor, the node one period later, or a leaf of the same kind). The stretch that folds the
// most nodes wins, its phase cutting the fewest edges; the rest of the graph is searched again.
// Returns nullopt when `cancel` is set.
std::optional<fold_structure> detect_blocks(const graph_document& doc, const fold_options& options = {},
                                            const std::atomic<bool>* cancel = nullptr);

// The layer a llama tensor belongs to: the number after its name's last '-' ("Kcur-12" -> 12),
// views' suffixes ignored ("Kcur-3 (reshaped)" -> 3).
std::optional<int> layer_of(const std::string& name);
// "blk 17", "blk 1–31", "nodes 300–599" (node positions for segments).
std::string instance_label(const fold_group& g, std::size_t first, std::size_t last);

} // namespace planscope
