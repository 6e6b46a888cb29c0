#pragma once
// Built-in graphs that need no file: small, hand-checkable shapes of real workloads.
//
// A template is named "NAME" or "NAME?KEY=VALUE&KEY=VALUE...", e.g.
//   llama?n_embd=256&n_layer=4&n_head=8&n_ff=688&n_vocab=1000&n_ctx=512&n_batch=32
// Each template lists its keys (template_info::params); a key it does not have, a key given twice
// or a value out of range is an error, and keys not given keep their defaults.
#include "core/document.h"
#include "core/error.h"
#include "llama_graph.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace planscope {

struct template_param {
    std::string_view key;
    std::string_view default_value;
    std::string_view description;
    std::int64_t min = 1;          // integer values: at least this, at most INT32_MAX
    std::string_view choices = {}; // "f16|f32": one of these words instead of an integer
};

struct template_info {
    std::string_view name;
    std::string_view description;
    std::span<const template_param> params;
};

std::span<const template_info> templates();
const template_info* find_template(std::string_view name); // by NAME, without "?..."

struct template_graph {
    graph_document doc;
    std::vector<tensor_id> inputs; // allocated before the graph, as llama.cpp allocated its inputs
};

// `base` gives the llama template's n_ctx, n_batch, n_past, kv_type and ngl where SPEC does not
// set them (the CLI's --ctx, --batch, ... flags); other templates ignore it.
result<template_graph> build_template(std::string_view spec, const llama_params& base = {});
result<graph_document> make_template(std::string_view spec);

// The llama_params that the llama template's SPEC ("llama?n_embd=32&n_batch=512") builds with:
// `base` under the keys SPEC gives, and those keys ("n_batch"), in llama_params' order.
struct llama_template_params {
    llama_params params;
    std::vector<std::string_view> set;
};
result<llama_template_params> llama_template_keys(std::string_view spec, const llama_params& base = {});
// The hyperparameters the llama template's SPEC builds with (n_ctx_train 0: the template is
// trained for the n_ctx it runs); ggml 2026 builds llama.cpp da46e59c's graph from them.
result<llama_hparams> llama_template_hparams(std::string_view spec);

} // namespace planscope
