#include "why_text.h"

#include "model/event_text.h"
#include "model/format.h"

#include <QCoreApplication>
#include <QLocale>

namespace planscope::ui {

namespace ev = planscope::events;

namespace {

struct WhyText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::WhyText)
};

QString tensorName(const planscope::graph_document& doc, planscope::tensor_id t) {
    return doc.ctx.contains(t) ? u'\'' + toQString(doc.ctx[t].name) + u'\'' : QStringLiteral("?");
}

QString bytes(std::uint64_t n) { return QLocale().toString(static_cast<qulonglong>(n)); }

WhyExplanation explainAlloc(const ev::alloc& a, const planscope::graph_document& doc) {
    WhyExplanation out;
    out.title = WhyText::tr("Allocate %1: %2 bytes at offset %3").arg(tensorName(doc, a.tensor), bytes(a.size), bytes(a.offset));
    int fitting = 0; // blocks before the last that fit
    int ties = 0;    // of those, blocks of the chosen size before the chosen one
    for (std::size_t i = 0; i < a.candidates.size(); ++i) {
        const free_block& b = a.candidates[i];
        const bool last = i + 1 == a.candidates.size();
        out.candidates.push_back({b.offset, b.size, b.size >= a.size, i == a.block, last, isUnboundedTail(b)});
        if (last || b.size < a.size) continue;
        ++fitting;
        if (i < a.block && b.size == a.candidates[a.block].size) ++ties;
    }
    if (a.last_block) {
        out.reason = WhyText::tr("No block before the last one is large enough, so the last block, the end of the buffer, "
                        "is used as the last resort.");
    } else if (ties > 0) {
        out.reason = WhyText::tr("Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); %3 earlier "
                                 "block(s) have the same size and the later one wins (the seed compares with <=).",
                                 nullptr, fitting)
                         .arg(a.block)
                         .arg(bytes(a.candidates[a.block].size))
                         .arg(ties);
    } else {
        out.reason = WhyText::tr("Best fit: block %1 (%2 bytes) is the smallest of %n fitting block(s); the last block "
                                 "is kept as the last resort.",
                                 nullptr, fitting)
                         .arg(a.block)
                         .arg(bytes(a.candidates[a.block].size));
    }
    if (a.max_size_after > a.max_size_before)
        out.reason += u' ' + WhyText::tr("The buffer's high-water mark grows from %1 to %2 bytes.")
                                 .arg(bytes(a.max_size_before), bytes(a.max_size_after));
    return out;
}

} // namespace

QString blockSizeText(const WhyCandidate& candidate) {
    return candidate.unbounded ? WhyText::tr("unbounded") : bytes(candidate.size);
}

QString refusalText(planscope::refusal reason, const QString& node, const QString& parent) {
    switch (reason) {
    case planscope::refusal::external:
        return WhyText::tr("%1 is not in this allocator's buffer (a weight, the KV cache or an unallocated tensor), so %2 "
                  "cannot take its memory.")
            .arg(parent, node);
    case planscope::refusal::other_children:
        return WhyText::tr("%1 has other children still to run, which read it after %2.").arg(parent, node);
    case planscope::refusal::has_views:
        return WhyText::tr("Views of %1 are still alive, so its memory cannot go to %2.").arg(parent, node);
    case planscope::refusal::layout_differs:
        return WhyText::tr("The type, shape or strides of %2 differ from those of %1.").arg(parent, node);
    case planscope::refusal::view_source_shared:
        return WhyText::tr("%1 is a view whose source has other views or children.").arg(parent);
    case planscope::refusal::view_offset_nonzero:
        return WhyText::tr("%1 is a view that does not start at its source's first byte.").arg(parent);
    case planscope::refusal::output:
        return WhyText::tr("%1 is a graph output, which ggml 2026 never lets %2 overwrite.").arg(parent, node);
    case planscope::refusal::view_not_own:
        return WhyText::tr("%1 is a view: ggml 2026 takes over only memory this pass allocated itself, never a view's, so "
                           "%2 gets memory of its own.")
            .arg(parent, node);
    }
    return {};
}

WhyExplanation explainEvent(const planscope::alloc_event& e, const planscope::graph_document& doc) {
    if (const auto* a = std::get_if<ev::alloc>(&e)) return explainAlloc(*a, doc);
    WhyExplanation out;
    if (const auto* i = std::get_if<ev::inplace>(&e)) {
        out.title = WhyText::tr("Inplace: %1 reuses %2 at offset %3")
                        .arg(tensorName(doc, i->node), tensorName(doc, i->parent), bytes(i->where.offset));
        out.reason = WhyText::tr("%1 can run in place, and its parent %2 has no other children left to run, no live views "
                        "and the same layout, so the node takes over the parent's memory.")
                         .arg(tensorName(doc, i->node), tensorName(doc, i->parent));
        if (i->source != i->parent)
            out.reason += u' ' + WhyText::tr("The parent is a view: the node aliases its source %1.").arg(tensorName(doc, i->source));
    } else if (const auto* r = std::get_if<ev::refused>(&e)) {
        out.title = WhyText::tr("Not reusing %1 for %2").arg(tensorName(doc, r->parent), tensorName(doc, r->node));
        out.reason = refusalText(r->reason, tensorName(doc, r->node), tensorName(doc, r->parent));
    } else if (const auto* f = std::get_if<ev::free>(&e)) {
        out.title = WhyText::tr("Free %1: %2 bytes at offset %3").arg(tensorName(doc, f->tensor), bytes(f->size), bytes(f->offset));
        // A range that joins a measure allocator's tail has no real end to show.
        out.reason = isUnboundedTail(f->result)
                         ? WhyText::tr("Its last child has run. The range joins the free list (%1) as block %2, the "
                                       "unbounded tail from offset %3.")
                               .arg(mergeText(f->merge))
                               .arg(f->block)
                               .arg(bytes(f->result.offset))
                         : WhyText::tr("Its last child has run. The range joins the free list (%1) as block %2, [%3, %4).")
                               .arg(mergeText(f->merge))
                               .arg(f->block)
                               .arg(bytes(f->result.offset), bytes(f->result.end()));
    } else {
        out.title = eventText(e, doc);
    }
    return out;
}

} // namespace planscope::ui
