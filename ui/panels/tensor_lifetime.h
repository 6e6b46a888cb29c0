#pragma once
// A tensor in a recorded allocation, for the Inspector: where its memory comes from (its own
// allocation, or the one of the tensor whose memory a view or inplace node lives in) with the
// steps and nodes that allocated and freed it, and the nodes that read it with the step each one
// runs at. Pure functions over the recording (live_tensors.h).
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <optional>
#include <span>
#include <vector>

namespace planscope::ui {

struct TensorLifetime {
    enum class Kind {
        Allocated,    // the recording allocated the memory while allocating a node
        Preallocated, // ... before the first node (an input allocated ahead of the graph)
        OtherBuffer,  // placed outside the recording (weights, a file's inputs): `buffer` holds it
        NotAllocated, // nowhere (the plan failed before it, or the tensor is in no graph)
    };
    Kind kind = Kind::NotAllocated;
    // The tensor whose memory it is: itself, or where its chain of views and inplace nodes ends.
    planscope::tensor_id owner;
    planscope::buffer_id buffer;
    // Allocated and Preallocated: the steps (events applied) and the nodes being allocated then.
    std::size_t allocStep = 0;
    std::optional<std::size_t> freeStep; // none: never freed
    planscope::tensor_id allocBy;        // invalid when Preallocated
    planscope::tensor_id freeBy;
    friend bool operator==(const TensorLifetime&, const TensorLifetime&) = default;
};

// `doc` is the recording's document (PlanTrace::document()).
TensorLifetime tensorLifetime(const planscope::graph_document& doc, std::span<const planscope::alloc_event> events,
                              planscope::tensor_id tensor);

struct TensorReader {
    planscope::tensor_id node;
    std::optional<std::size_t> step; // the step of its node event; none: it did not run
    planscope::tensor_id through;    // the view of the tensor it reads; invalid: the tensor itself
    friend bool operator==(const TensorReader&, const TensorReader&) = default;
};

// The nodes reading `tensor` directly or through views of it (RESHAPE, VIEW, PERMUTE, TRANSPOSE:
// the same data; an inplace node's result is other data), in the order they run, those that did
// not run last in graph order.
std::vector<TensorReader> tensorReaders(const planscope::graph_document& doc,
                                        std::span<const planscope::alloc_event> events, planscope::tensor_id tensor);

} // namespace planscope::ui
