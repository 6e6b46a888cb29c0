#pragma once
// The Peak dock's table: the allocations live in a compute buffer at one step, largest first,
// with their share of the buffer, when and where (which block) they were allocated and freed, and
// the readers they wait for: why the buffer is as big as it is (alloc/live_tensors.h).
#include "alloc/live_tensors.h"
#include "fold/fold_structure.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class LiveTensorModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { RankColumn, NameColumn, OpColumn, BytesColumn, ShareColumn, WaitingColumn, LifetimeColumn, AllocatedColumn, FreedColumn, ColumnCount };
    static constexpr int TensorRole = Qt::UserRole + 1; // the allocation's tensor id (value)
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit LiveTensorModel(QObject* parent = nullptr);

    // `doc` and `fold` must outlive the model's use of them (until the next set or clear);
    // `bufferSize`: what shares are of (the buffer's final high-water mark).
    void setLiveSet(const planscope::graph_document& doc, const planscope::fold_structure& fold, planscope::live_set live,
                    std::uint64_t bufferSize);
    void clear();
    [[nodiscard]] const planscope::live_set& liveSet() const { return m_live; }
    [[nodiscard]] int rowOf(planscope::tensor_id tensor) const; // -1 when not live

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "step 412 · blk 3" / "step 3 · before the graph"; "never" for no step.
    static QString whenText(const planscope::graph_document& doc, const planscope::fold_structure& fold,
                            std::optional<std::size_t> step, planscope::tensor_id node);
    // "5 nodes" from the node that allocated it to the one that freed it; "12 nodes, to the end"
    // for memory never given back (`nodes`: the graph's).
    static QString lifetimeText(const planscope::live_allocation& a, std::size_t nodes);
    // The readers, or why it is live without any.
    static QString waitingText(const planscope::graph_document& doc, const planscope::live_allocation& a);

private:
    const planscope::graph_document* m_doc = nullptr;
    const planscope::fold_structure* m_fold = nullptr;
    planscope::live_set m_live;
    std::uint64_t m_bufferSize = 0;
};

} // namespace planscope::ui
