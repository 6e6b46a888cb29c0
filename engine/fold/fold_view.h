#pragma once
// What a folded graph shows for a choice of open blocks: loose tensors, runs of closed instances
// ("blk 1–31 ×31") and open instances, as units with the edges between them.
#include "fold_structure.h"

#include <cstdint>
#include <vector>

namespace planscope {

// Which instances of each group are open (expanded).
class fold_state {
public:
    fold_state() = default;
    explicit fold_state(const fold_structure& s) : m_open(s.groups.size()) {}
    // Instance 0 of the first group open, the rest closed: how a large graph opens.
    static fold_state first_open(const fold_structure& s);

    [[nodiscard]] bool is_open(std::size_t group, std::size_t instance) const;
    void set_open(std::size_t group, std::size_t instance, bool open);
    [[nodiscard]] const std::vector<std::uint32_t>& open(std::size_t group) const { return m_open[group]; }
    [[nodiscard]] std::size_t groups() const { return m_open.size(); }
    friend bool operator==(const fold_state&, const fold_state&) = default;

private:
    std::vector<std::vector<std::uint32_t>> m_open; // by group, ascending
};

enum class unit_kind : std::uint8_t { tensor, run, instance };

struct fold_unit {
    unit_kind kind = unit_kind::tensor;
    tensor_id tensor;        // unit_kind::tensor
    std::uint32_t group = 0; // run, instance
    std::uint32_t first = 0; // instances [first, last]; first == last for an open instance
    std::uint32_t last = 0;
};

// Tensor edges between two units, drawn once: `src -> dst` is the first of `count`.
struct unit_edge {
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    tensor_id src;
    tensor_id dst;
    std::uint32_t count = 0;
};

struct fold_view {
    static constexpr std::uint32_t none = 0xffffffffu;
    std::vector<fold_unit> units;
    std::vector<std::uint32_t> unit_of; // by tensor index; none for tensors not shown
    std::vector<unit_edge> edges;

    [[nodiscard]] std::uint32_t unit(tensor_id t) const { return t.index() < unit_of.size() ? unit_of[t.index()] : none; }
};

// Units in node order (loose leafs first when included); edges from each node's sources.
fold_view make_fold_view(const graph_document& doc, const fold_structure& s, const fold_state& state,
                         bool include_leafs = true);

} // namespace planscope
