#pragma once
// The tensors that ggml 2023 and ggml 2026 plan differently (issue 20, ggml_version_diff.h): one
// row per difference with its size, both offsets, both in-place parents, the rule that explains
// it in words and, for a `moved` one, the difference it follows from. Rows come in the engine's
// order: 2026's placement order, then what only 2023 places.
#include "alloc/ggml_version_diff.h"

#include <QAbstractTableModel>

#include <array>

namespace planscope::ui {

// Every rule, in the order planscope-cli plan --compare-ggml lists them.
inline constexpr std::array<planscope::version_rule, 9> versionRules{
    planscope::version_rule::leaf_allocated,    planscope::version_rule::leaf_unused_kept,
    planscope::version_rule::input_first,       planscope::version_rule::output_kept,
    planscope::version_rule::inplace_view_parent_refused, planscope::version_rule::inplace_refused_output,
    planscope::version_rule::own_by_pass,       planscope::version_rule::parse_seq_removed,
    planscope::version_rule::moved,
};

class VersionDiffModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        TensorColumn,
        SizeColumn,
        Offset2023Column,
        Offset2026Column,
        InPlace2023Column,
        InPlace2026Column,
        RuleColumn,
        BecauseColumn,
        ColumnCount
    };
    // Sort keys for a QSortFilterProxyModel: numbers for sizes and offsets (an offset a version
    // does not place sorts last), the rule's order above, names as text.
    static constexpr int SortRole = Qt::UserRole + 1;

    struct Row {
        planscope::tensor_id tensor;
        QString name;
        std::uint64_t size = 0;
        planscope::version_placement v2023, v2026;
        QString inplace2023, inplace2026; // the parents' names; empty for none
        planscope::version_rule rule = planscope::version_rule::moved;
        planscope::tensor_id because; // for `moved`: the ruled difference it follows from
        QString becauseName;
    };

    explicit VersionDiffModel(QObject* parent = nullptr);

    // `doc` names the tensors: the document that was diffed.
    void setDiff(const planscope::ggml_version_diff& diff, const planscope::graph_document& doc);
    void clear();
    [[nodiscard]] const Row& row(int r) const { return m_rows[static_cast<std::size_t>(r)]; }

    // "input placed first by 2026" and the like: a rule in a few words, and in a sentence.
    [[nodiscard]] static QString ruleText(planscope::version_rule rule);
    [[nodiscard]] static QString ruleDescription(planscope::version_rule rule);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    [[nodiscard]] QVariant sortKey(const Row& r, int column) const;
    [[nodiscard]] QVariant toolTip(const Row& r, int column) const;

    std::vector<Row> m_rows;
};

} // namespace planscope::ui
