#pragma once
// Why the allocator did what an event records, as text for the why-panel: for an allocation the
// free blocks it chose from and why the chosen one won (ggml-alloc's best fit), for an inplace
// node the parent it reused, for a refused reuse the reason. Pure, so tests read it directly.
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <QString>

#include <vector>

namespace planscope::ui {

struct WhyCandidate {
    std::uint64_t offset = 0;
    std::size_t size = 0;
    bool fits = false;   // large enough for the allocation
    bool chosen = false;
    bool last = false;   // the last block: only a last resort
    bool unbounded = false; // a measure allocator's tail (isUnboundedTail): its size means nothing
};

struct WhyExplanation {
    QString title;  // what happened, one line
    QString reason; // why, one or two sentences
    std::vector<WhyCandidate> candidates; // an allocation's free list before it; empty otherwise
};

WhyExplanation explainEvent(const planscope::alloc_event& e, const planscope::graph_document& doc);
// A candidate's size for the table: its bytes, or "unbounded" for a measure allocator's tail.
QString blockSizeText(const WhyCandidate& candidate);
// The refusal as a sentence naming the node and parent.
QString refusalText(planscope::refusal reason, const QString& node, const QString& parent);

} // namespace planscope::ui
