#pragma once
// An allocator event as one translated line for the event log's Detail column: what
// planscope::describe says in English for logs, with the document's tensor and buffer names.
// Also the words those lines share with the why-panel. Pure, so tests read it row by row.
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <QString>

namespace planscope::ui {

QString eventText(const planscope::alloc_event& e, const planscope::graph_document& doc);

// "merged with previous", ...; "other children", ...; "out of space", ...
QString mergeText(planscope::merge_kind merge);
QString refusalName(planscope::refusal reason);
QString failureName(planscope::failure_kind kind);

// A measure allocator's last free block reaches measure_capacity (SIZE_MAX / 2): its size is
// no real size, so it is shown as unbounded.
bool isUnboundedTail(const planscope::free_block& block);
// "[64, 1,024)", or "[2,112, ∞)" for the unbounded tail.
QString rangeText(const planscope::free_block& block);

} // namespace planscope::ui
