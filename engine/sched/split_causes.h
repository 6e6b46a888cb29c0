#pragma once
// Why there are so many splits, grouped: every split boundary by what started the split (the
// starting node's op, the scheduler's cause and the source it names, layer numbers folded to
// "N", and the backends on both sides), and every input copy by the tensor copied (folded the
// same way) and its direction, each group with its count and bytes. The 161 splits of a 32-layer
// model with 16 layers offloaded become ten boundary groups of 16 (plan --causes, the Splits dock).
#include "sched_types.h"

#include "core/context.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

struct boundary_group {
    std::string op;        // of the node whose backend started the split ("ROPE")
    std::string code;      // the scheduler's cause of that backend ("1.src1")
    std::string source;    // the source the cause names (srcN), or the viewed tensor (1.vsrc), layer
                           // numbers as N ("inp_pos"); "" if none
    int from_backend = -1; // the previous split's backend
    int to_backend = -1;
    std::vector<std::size_t> splits; // the splits it starts, in order
};

struct copy_group {
    std::string tensor;    // the tensor copied, layer numbers as N ("norm-N")
    int from_backend = -1; // where it lives
    int to_backend = -1;   // the split that reads the copy
    std::size_t copies = 0;
    std::uint64_t bytes = 0;
    std::vector<std::size_t> splits; // that read such a copy, in order
};

struct split_causes {
    std::vector<boundary_group> boundaries; // most splits first
    std::vector<copy_group> copies;         // most bytes first
};

// `ctx` is the scheduled context (copies appended), `g` the graph the splits index.
split_causes group_split_causes(const context& ctx, const graph& g, const sched_plan& plan);

// The source slot a scheduler cause names: "1.src1", "2.src0", "1.wgt1" -> 1, 0, 1; none for
// "1.dst", "usr", "2.sup", ...
std::optional<int> cause_slot(std::string_view code);

// "blk.N.attn_norm.weight" for "blk.17.attn_norm.weight": every run of digits as N.
std::string fold_numbers(const std::string& name);

// "16 boundaries CPU -> OpenCL: ROPE, 1.src1 inp_pos" and "16 copies CPU -> OpenCL of norm-N,
// 128.00 MiB" lines (plan --causes), backends by `names`.
std::string format_split_causes(const split_causes& c, const std::vector<std::string>& names);

} // namespace planscope
