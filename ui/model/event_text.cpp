#include "event_text.h"

#include "alloc/tensor_allocator.h"
#include "format.h"

#include <QCoreApplication>
#include <QLocale>

namespace planscope::ui {

using namespace Qt::StringLiterals;
namespace ev = planscope::events;

namespace {

struct EventText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::EventText)
};

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};

QString number(std::uint64_t n) { return QLocale().toString(static_cast<qulonglong>(n)); }

QString tensorName(const planscope::graph_document& doc, planscope::tensor_id t) {
    return doc.ctx.contains(t) ? u'\'' + toQString(doc.ctx[t].name) + u'\'' : u"?"_s;
}

QString bufferName(const planscope::graph_document& doc, planscope::buffer_id b) {
    if (b.valid() && b.index() < doc.buffers.size()) return toQString(doc.buffers[b.index()].name);
    return EventText::tr("buffer %1").arg(b.value);
}

// "compute +2,048": a buffer and an offset in it.
QString at(const planscope::graph_document& doc, planscope::placement where) {
    return bufferName(doc, where.buffer) + u" +"_s + number(where.offset);
}

QString failureText(const ev::failure& f, const planscope::graph_document& doc) {
    switch (f.kind) {
    case planscope::failure_kind::out_of_space:
        return EventText::tr("failed (%1): %2 does not fit in %3, it needs %4 bytes and the largest free block has %5")
            .arg(failureName(f.kind), tensorName(doc, f.tensor), bufferName(doc, f.buffer), number(f.bytes),
                 number(f.largest_free));
    case planscope::failure_kind::too_many_free_blocks:
        return EventText::tr("failed (%1): freeing %2 (%3 bytes) in %4 would need more than %5 free blocks")
            .arg(failureName(f.kind), tensorName(doc, f.tensor), number(f.bytes), bufferName(doc, f.buffer),
                 number(planscope::max_free_blocks));
    case planscope::failure_kind::invalid_graph:
        // What is wrong with the graph has no fields of its own: the engine's message says it.
        return EventText::tr("failed (%1): %2").arg(failureName(f.kind), toQString(f.message));
    }
    return {};
}

} // namespace

QString mergeText(planscope::merge_kind merge) {
    switch (merge) {
    case planscope::merge_kind::new_block: return EventText::tr("new block");
    case planscope::merge_kind::previous: return EventText::tr("merged with previous");
    case planscope::merge_kind::next: return EventText::tr("merged with next");
    case planscope::merge_kind::both: return EventText::tr("merged with both");
    }
    return {};
}

QString refusalName(planscope::refusal reason) {
    switch (reason) {
    case planscope::refusal::external: return EventText::tr("external");
    case planscope::refusal::other_children: return EventText::tr("other children");
    case planscope::refusal::has_views: return EventText::tr("has views");
    case planscope::refusal::layout_differs: return EventText::tr("layout differs");
    case planscope::refusal::view_source_shared: return EventText::tr("view source shared");
    case planscope::refusal::view_offset_nonzero: return EventText::tr("view offset not 0");
    case planscope::refusal::output: return EventText::tr("output");
    case planscope::refusal::view_not_own: return EventText::tr("view, not own");
    }
    return {};
}

QString failureName(planscope::failure_kind kind) {
    switch (kind) {
    case planscope::failure_kind::out_of_space: return EventText::tr("out of space");
    case planscope::failure_kind::too_many_free_blocks: return EventText::tr("too many free blocks");
    case planscope::failure_kind::invalid_graph: return EventText::tr("invalid graph");
    }
    return {};
}

bool isUnboundedTail(const planscope::free_block& block) { return block.end() >= planscope::measure_capacity; }

QString rangeText(const planscope::free_block& block) {
    const QString end = isUnboundedTail(block) ? u"∞"_s : number(block.end());
    return u'[' + number(block.offset) + u", "_s + end + u')';
}

QString eventText(const planscope::alloc_event& e, const planscope::graph_document& doc) {
    return std::visit(
        Overloaded{
            [&](const ev::attach& a) {
                const int blocks = static_cast<int>(a.blocks.size());
                return (a.is_measure ? EventText::tr("%1 (measure): alignment %2, %n free block(s)", nullptr, blocks)
                                     : EventText::tr("%1: alignment %2, %n free block(s)", nullptr, blocks))
                    .arg(bufferName(doc, a.buffer), number(a.alignment));
            },
            [&](const ev::alloc& a) {
                const QString text = a.last_block ? EventText::tr("alloc %1: %2 bytes at %3 from block %4 of %5 (the last block)")
                                                  : EventText::tr("alloc %1: %2 bytes at %3 from block %4 of %5");
                return text.arg(tensorName(doc, a.tensor), number(a.size), at(doc, {a.buffer, a.offset}),
                                QString::number(a.block), QString::number(a.candidates.size()));
            },
            [&](const ev::free& f) {
                return EventText::tr("free %1: %2 bytes at %3, %4 → %5")
                    .arg(tensorName(doc, f.tensor), number(f.size), at(doc, {f.buffer, f.offset}), mergeText(f.merge),
                         rangeText(f.result));
            },
            [&](const ev::failure& f) { return failureText(f, doc); },
            [&](const ev::reset& r) {
                return EventText::tr("reset %1 → %2").arg(bufferName(doc, r.buffer), rangeText(r.initial));
            },
            [&](const ev::node& n) {
                const planscope::op_kind op = doc.ctx.contains(n.tensor) ? doc.ctx[n.tensor].op : planscope::op_kind::none;
                return EventText::tr("node %1 %2 (%3)")
                    .arg(QString::number(n.index), tensorName(doc, n.tensor), toQString(planscope::info(op).name));
            },
            [&](const ev::barrier& b) { return EventText::tr("barrier at parse_seq[%1]").arg(b.position); },
            [&](const ev::view& v) {
                const QString text = v.up_front ? EventText::tr("view %1 of %2 at %3 (pre-allocated source)")
                                                : EventText::tr("view %1 of %2 at %3");
                return text.arg(tensorName(doc, v.tensor), tensorName(doc, v.source), at(doc, v.where));
            },
            [&](const ev::inplace& i) {
                return EventText::tr("inplace %1 reuses %2 at %3")
                    .arg(tensorName(doc, i.node), tensorName(doc, i.parent), at(doc, i.where));
            },
            [&](const ev::refused& r) {
                return EventText::tr("not reusing %1 for %2: %3")
                    .arg(tensorName(doc, r.parent), tensorName(doc, r.node), refusalName(r.reason));
            },
            [&](const ev::measure& m) {
                return EventText::tr("max_size of %1: %2 bytes").arg(bufferName(doc, m.buffer), number(m.max_size));
            },
        },
        e);
}

} // namespace planscope::ui
