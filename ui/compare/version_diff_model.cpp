#include "version_diff_model.h"

#include "buffers/block_style.h"
#include "model/format.h"

#include <QLocale>

#include <limits>

namespace planscope::ui {

using planscope::version_rule;

namespace {

QString parentName(const planscope::graph_document& doc, const std::optional<planscope::tensor_id>& parent) {
    return parent && parent->valid() ? tensorName(doc, *parent) : QString();
}

QString offsetText(const planscope::version_placement& p) {
    return p.offset ? QLocale().toString(static_cast<qulonglong>(*p.offset)) : QString();
}

QVariant offsetKey(const planscope::version_placement& p) {
    return QVariant::fromValue<qulonglong>(p.offset ? *p.offset : std::numeric_limits<qulonglong>::max());
}

} // namespace

VersionDiffModel::VersionDiffModel(QObject* parent) : QAbstractTableModel(parent) {}

void VersionDiffModel::setDiff(const planscope::ggml_version_diff& diff, const planscope::graph_document& doc) {
    beginResetModel();
    m_rows.clear();
    m_rows.reserve(diff.differences.size());
    for (const planscope::tensor_version_diff& d : diff.differences) {
        m_rows.push_back({d.tensor, tensorName(doc, d.tensor), d.size, d.v2023, d.v2026, parentName(doc, d.v2023.inplace_of),
                          parentName(doc, d.v2026.inplace_of), d.rule, d.because,
                          d.because.valid() ? tensorName(doc, d.because) : QString()});
    }
    endResetModel();
}

void VersionDiffModel::clear() {
    beginResetModel();
    m_rows.clear();
    endResetModel();
}

QString VersionDiffModel::ruleText(version_rule rule) {
    switch (rule) {
    case version_rule::leaf_allocated: return tr("leaf allocated by 2026");
    case version_rule::leaf_unused_kept: return tr("unused leaf kept by 2026");
    case version_rule::input_first: return tr("input placed first by 2026");
    case version_rule::output_kept: return tr("output kept by 2026");
    case version_rule::inplace_view_parent_refused: return tr("in-place refused: parent is a view");
    case version_rule::inplace_refused_output: return tr("in-place refused: parent is an output");
    case version_rule::own_by_pass: return tr("in-place over a parent 2023 did not own");
    case version_rule::parse_seq_removed: return tr("parse_seq ignored by 2026");
    case version_rule::moved: return tr("moved");
    }
    return {};
}

QString VersionDiffModel::ruleDescription(version_rule rule) {
    switch (rule) {
    case version_rule::leaf_allocated:
        return tr("ggml 2026 places every leaf without data before the first node; 2023 placed it when a node first read it.");
    case version_rule::leaf_unused_kept:
        return tr("A leaf that no node reads: only ggml 2026 places it, and keeps it to the end.");
    case version_rule::input_first:
        return tr("ggml 2026 places the INPUT tensors before the nodes, in leaf then node order.");
    case version_rule::output_kept: return tr("ggml 2026 never frees an OUTPUT; 2023 did after its last reader.");
    case version_rule::inplace_view_parent_refused:
        return tr("ggml 2023 computed it in place over a view; a view is never ggml 2026's own to take over.");
    case version_rule::inplace_refused_output: return tr("ggml 2026 refuses to overwrite an OUTPUT in place; 2023 did.");
    case version_rule::own_by_pass:
        return tr("ggml 2026 computed it in place over a parent that was not ggml 2023's own to take over.");
    case version_rule::parse_seq_removed:
        return tr("ggml 2023 frees at the document's parse_seq barriers; ggml 2026 has no parse_seq.");
    case version_rule::moved:
        return tr("No rule of its own: an earlier difference left ggml 2026 another free list.");
    }
    return {};
}

int VersionDiffModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int VersionDiffModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant VersionDiffModel::sortKey(const Row& r, int column) const {
    switch (column) {
    case TensorColumn: return r.name;
    case SizeColumn: return QVariant::fromValue<qulonglong>(r.size);
    case Offset2023Column: return offsetKey(r.v2023);
    case Offset2026Column: return offsetKey(r.v2026);
    case InPlace2023Column: return r.inplace2023;
    case InPlace2026Column: return r.inplace2026;
    case RuleColumn: return static_cast<int>(std::find(versionRules.begin(), versionRules.end(), r.rule) - versionRules.begin());
    case BecauseColumn: return r.becauseName;
    default: return {};
    }
}

QVariant VersionDiffModel::toolTip(const Row& r, int column) const {
    const auto lifetime = [](const planscope::version_placement& p, int year) {
        if (!p.offset) return tr("Not placed by ggml %1").arg(year);
        return p.freed ? tr("Freed by ggml %1 before the end of the graph").arg(year)
                       : tr("Kept by ggml %1 to the end of the graph").arg(year);
    };
    switch (column) {
    case SizeColumn: return formatBytesExact(r.size);
    case Offset2023Column: return lifetime(r.v2023, 2023);
    case Offset2026Column: return lifetime(r.v2026, 2026);
    case RuleColumn:
    case BecauseColumn:
        if (r.rule == version_rule::moved && r.because.valid())
            return tr("No rule of its own: the difference of %1 before it left ggml 2026 another free list.").arg(r.becauseName);
        return ruleDescription(r.rule);
    default: return {};
    }
}

QVariant VersionDiffModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& r = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    if (role == SortRole) return sortKey(r, column);
    if (role == Qt::ToolTipRole) return toolTip(r, column);
    const bool numeric = column == SizeColumn || column == Offset2023Column || column == Offset2026Column;
    if (role == Qt::TextAlignmentRole && numeric) return alignRight();
    if (role != Qt::DisplayRole) return {};
    switch (column) {
    case TensorColumn: return r.name;
    case SizeColumn: return formatBytes(r.size);
    case Offset2023Column: return offsetText(r.v2023);
    case Offset2026Column: return offsetText(r.v2026);
    case InPlace2023Column: return r.inplace2023;
    case InPlace2026Column: return r.inplace2026;
    case RuleColumn: return ruleText(r.rule);
    case BecauseColumn: return r.becauseName;
    default: return {};
    }
}

QVariant VersionDiffModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case TensorColumn: return tr("Tensor");
    case SizeColumn: return tr("Size");
    case Offset2023Column: return tr("Offset (2023)");
    case Offset2026Column: return tr("Offset (2026)");
    case InPlace2023Column: return tr("In place of (2023)");
    case InPlace2026Column: return tr("In place of (2026)");
    case RuleColumn: return tr("Rule");
    case BecauseColumn: return tr("Because of");
    default: return {};
    }
}

} // namespace planscope::ui
