#pragma once
// The record labels ggml_graph_dump_dot (ggml.c, late 2023; d99724f2 writes the same, a tiny leaf's
// values as "#") writes, one per tensor:
//   node: "NAME (TYPE)|INDEX [NE0, NE1] | <x>SYMBOL"   (three extents unless the tensor has 2 dims;
//         a node with a gradient adds " | <g>SYMBOL")
//   leaf: "<x>NAME (TYPE)|CONST INDEX [NE0, NE1]"       (" | (v, ...)" with the values of tiny leafs)
// An unnamed tensor prints "(TYPE)" alone; SYMBOL is ggml_op_symbol(), e.g. "X*Y" or "rms_norm(x)".
#include "core/error.h"
#include "core/ops.h"
#include "core/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// One field of a Graphviz record label: "<x>text" gives port "x"; escapes (\| \< \> \{ \}) removed.
struct record_field {
    std::string port;
    std::string text;
};

// Flat records only (ggml writes no nested {...}); errors name the problem, not the node.
result<std::vector<record_field>> parse_record_label(std::string_view label);

struct ggml_dot_entry {
    bool leaf = false;
    int index = 0;                // position in the graph's nodes or leafs
    std::string name;             // empty when ggml printed none
    dtype type = dtype::f32;
    std::vector<std::int64_t> ne; // the extents printed: 2 or 3 for a node, 2 for a leaf
    std::string symbol;           // a node's op symbol, unescaped ("x->y" for CPY)
    bool has_grad = false;        // a node with a "<g>" field
};

result<ggml_dot_entry> parse_ggml_label(std::string_view label);

// The op a ggml_op_symbol() stands for, among the ops Planscope models. "x+y" is ADD (ggml
// prints ADD1 the same way) and "X*Y" MUL_MAT (OUT_PROD too).
std::optional<op_kind> op_from_ggml_symbol(std::string_view symbol);

} // namespace planscope
