#pragma once
// Imports the DOT file ggml_graph_dump_dot (ggml.c, late 2023 to d99724f2) writes for a forward
// graph: its nodes and leafs from the record labels (name, type, index, shape, op symbol; see
// ggml_dot_label.h) and each node's sources from the edges labelled "src N".
//
// The dump is lossy, so the import infers what it lacks and says so in `warnings`:
// - strides: recomputed from the op as ggml does (contiguous results, PERMUTE/TRANSPOSE/RESHAPE
//   views of their source); a VIEW's strides and offset are not recoverable and are assumed
//   contiguous and 0;
// - ne[3] of a node (ggml prints three extents): from the op and its sources, 1 for a VIEW;
//   ne[2] and ne[3] of a leaf (two printed): 1; leafs have no data and no buffer;
// - op params: PERMUTE axes from the shapes, the UNARY function from the name (else SILU), the GLU
//   function likewise (else SWIGLU), a node named "... (view)" of an op that can work in place is
//   taken as in place; others stay zero (FLASH_ATTN_EXT's scale among them).
// Ops are those of op_kind: the 2023 set and SET_ROWS, GLU, FLASH_ATTN_EXT, ADD_ID of d99724f2.
// A shape or type that contradicts what the op gives from its sources is an error.
#include "core/document.h"
#include "core/error.h"

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

struct dot_import {
    graph_document doc;
    // e.g. "node 12 'Kcur-0 (view)': VIEW strides assumed contiguous, offset assumed 0"
    std::vector<std::string> warnings;
};

// Errors name the DOT node or the tensor: "node 3 'kq-0': op symbol 'alibi(x)' is not ...", the
// file's text in them escaped by printable(). Text past the limits of io/dot_scan.h is refused
// before Graphviz reads it; a shape whose element count overflows is an error.
result<dot_import> import_ggml_dot(std::string_view text);
// As above, errors prefixed "FILE: "; the document is named after the file. A file over
// max_dot_bytes is refused unread (a device, read to one byte past the limit).
result<dot_import> import_ggml_dot_file(const std::filesystem::path& path);

} // namespace planscope
