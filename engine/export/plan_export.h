#pragma once
// The plan export: every tensor's buffer, offset, size, lifetime in steps, view or inplace
// source and backend, and every buffer's size, peak and lower bound. JSON (docs/exports.md,
// docs/plan-schema.json) and CSV hold the same rows.
#include "planned_graph.h"
#include "schedule_view.h"

#include <optional>
#include <string>

namespace planscope {

inline constexpr std::string_view plan_export_format = "planscope-plan";
inline constexpr int plan_export_version = 1;

struct plan_export_tensor {
    tensor_id id;
    std::string name;
    bool is_leaf = false;
    bool is_copy = false; // a scheduler's input copy (sched_plan_export.h)
    std::string op;   // "MUL_MAT", a UNARY node by its unary op ("SILU")
    std::string type; // "f32"
    std::array<std::int64_t, max_dims> ne{};
    std::uint64_t size = 0; // ggml_nbytes
    std::optional<std::string> buffer;
    std::optional<std::uint64_t> offset;
    std::optional<std::uint64_t> first_step, last_step; // inclusive; compute-buffer tensors only
    std::optional<tensor_id> view_of, inplace_of;
    std::optional<std::string> backend, cause;
};

struct plan_export_buffer {
    std::string name;
    std::string backend;
    std::uint64_t size = 0;
    std::uint64_t alignment = 0;
    std::uint64_t peak = 0;                   // the highest end of a tensor placed in it
    std::optional<std::uint64_t> lower_bound; // the compute buffer's: no plan can need less
};

struct plan_export {
    std::string graph;
    std::string planner;
    std::optional<std::string> ggml; // "2026" when ggml 2026 planned it; nothing for 2023
    std::size_t steps = 0;
    std::vector<plan_export_buffer> buffers;
    std::vector<plan_export_tensor> tensors; // nodes in graph order, then leafs
};

// Backends and causes come from `schedule` when given, otherwise from the buffer each tensor lives
// in (cause "buffer").
plan_export make_plan_export(const planned_graph& p, const schedule_view* schedule = nullptr);

std::string plan_export_json(const plan_export& e);
// Header id,name,role,op,type,ne,size,buffer,offset,first_step,last_step,view_of,inplace_of,
// backend,cause; empty fields where the JSON has null; RFC 4180 quoting.
std::string plan_export_csv(const plan_export& e);

} // namespace planscope
