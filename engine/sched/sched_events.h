#pragma once
// Every scheduler decision and execution step as a value, for the UI's split replay, the event
// log and exports: an observer receives them as they happen, a recorder keeps them (the
// counterpart of alloc/alloc_events.h).
#include "core/context.h"
#include "sched_types.h"

#include <string>
#include <variant>
#include <vector>

namespace planscope {
namespace sched_events {

// A tensor got a backend (sched_split_graph's passes, set_node_backend, input copies).
struct assign {
    tensor_id tensor;
    int backend = -1;
    sched_pass pass = sched_pass::buffers;
    std::string cause;
};
// Pass 4 opened split `index` at node i_start on `backend`.
struct split_begin {
    std::size_t index = 0;
    int backend = -1;
    std::size_t i_start = 0;
};
// Pass 4 closed split `index` at i_end.
struct split_end {
    std::size_t index = 0;
    std::size_t i_end = 0;
    std::size_t n_inputs = 0;
};
// Pass 4: a node of split `split` reads `tensor` from another backend, through `copy`.
struct split_input {
    std::size_t split = 0;
    tensor_id node;
    int src = 0;
    tensor_id tensor;
    tensor_id copy;
    bool new_copy = false; // the first use of (tensor, backend): the copy was made now
};
// The seed's sanity check: a source on another backend than its node, or a node with none.
struct warning {
    tensor_id node;
    std::string message;
};
// A measure allocator (measure = true) or, after init_measure, a real buffer of `size` bytes.
struct buffer_created {
    int backend = -1;
    buffer_id id;
    std::size_t size = 0;      // measured bytes
    bool measure = true;
    std::size_t allocated = 0; // the real buffer's size (0 for a measure allocator)
};
// Execution: one input copied onto the split's backend.
struct input_copy {
    std::size_t split = 0;
    tensor_id tensor;
    tensor_id copy;
    int from_backend = -1;
    int to_backend = -1;
    std::size_t bytes = 0;
    std::uint64_t us = 0;
};
struct compute_begin {
    std::size_t split = 0;
    int backend = -1;
};
struct compute_end {
    std::size_t split = 0;
    int backend = -1;
    sched_split_timing timing;
};

} // namespace sched_events

using sched_event =
    std::variant<sched_events::assign, sched_events::split_begin, sched_events::split_end, sched_events::split_input,
                 sched_events::warning, sched_events::buffer_created, sched_events::input_copy,
                 sched_events::compute_begin, sched_events::compute_end>;

class sched_observer {
public:
    virtual ~sched_observer() = default;
    virtual void on_event(const sched_event& e) = 0;
};

class sched_recorder final : public sched_observer {
public:
    void on_event(const sched_event& e) override;
    [[nodiscard]] const std::vector<sched_event>& events() const { return m_events; }
    void clear() { m_events.clear(); }

private:
    std::vector<sched_event> m_events;
};

// "assign", "split_begin", ...
std::string_view kind_name(const sched_event& e);
// One line for logs and the UI's event list; tensors named from `ctx`, backends from `names`.
std::string describe(const sched_event& e, const context& ctx, const std::vector<std::string>& names);

} // namespace planscope
