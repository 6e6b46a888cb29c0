#pragma once
// The graph planned by the ggml of 2023 and of 2026 (issue 20, View > Compare ggml Versions):
// both buffer sizes, how many differences each rule explains, and the tensors placed differently.
// The diff runs on a worker thread; a newer request or cancel() drops an older one's result, and
// closing the dialog leaves a running worker to finish on its own.
#include "alloc/ggml_version_diff.h"

#include <QDialog>

#include <memory>
#include <optional>
#include <vector>

class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;

namespace planscope::ui {

class VersionDiffModel;

class VersionCompareDialog final : public QDialog {
    Q_OBJECT

public:
    // Keeps its own copy of `doc` (unplanned, as the session holds it); `preallocate` are the
    // tensors 2023 placed before the graph (GraphSession::preallocated). Starts comparing at once.
    VersionCompareDialog(const planscope::graph_document& doc, std::vector<planscope::tensor_id> preallocate,
                         QWidget* parent = nullptr);
    ~VersionCompareDialog() override;

    // Diffs on a worker thread: comparisonFinished or comparisonFailed.
    void compare();
    // Drops the running comparison's result (the engine cannot be interrupted; it is short).
    void cancel();
    [[nodiscard]] bool isBusy() const { return m_pending != 0; }
    [[nodiscard]] const std::optional<planscope::ggml_version_diff>& diff() const { return m_result; }
    [[nodiscard]] VersionDiffModel* model() const { return m_model; }
    [[nodiscard]] QTableView* table() const { return m_table; }
    // "Comparing…", "Tensors placed differently: N" or the error, one line.
    [[nodiscard]] QString statusText() const;
    // Both buffer sizes (2023's max_size, 2026's total and chunks) and the tensors each placed.
    [[nodiscard]] QString sizesText() const;
    // The number of differences per rule, the rules that have any.
    [[nodiscard]] QString rulesText() const;

    // The alignment both versions plan with, as the session's plan does.
    static constexpr std::size_t alignment = 32;

signals:
    void comparisonFinished();
    void comparisonFailed(const QString& message);
    void comparisonCancelled();
    // A row became current: its tensor, an id of the document the dialog was made from.
    void tensorSelected(planscope::tensor_id tensor);

private:
    void setBusy(bool busy);
    void apply(planscope::result<planscope::ggml_version_diff> r);
    void showHeader(const planscope::ggml_version_diff& d);

    std::shared_ptr<const planscope::graph_document> m_doc; // shared with running workers
    std::shared_ptr<const std::vector<planscope::tensor_id>> m_preallocate;
    std::optional<planscope::ggml_version_diff> m_result;
    quint64 m_generation = 0;
    quint64 m_pending = 0; // the generation whose result is awaited; 0 = none

    QLabel* m_status;
    QProgressBar* m_busy;
    QPushButton* m_cancel;
    QPushButton* m_compare;
    QLabel* m_sizes;
    QLabel* m_rules;
    VersionDiffModel* m_model;
    QTableView* m_table;
};

// Opens a non-modal comparison (for the main window's menu); it deletes itself on close.
VersionCompareDialog* showVersionComparison(const planscope::graph_document& doc,
                                            std::vector<planscope::tensor_id> preallocate, QWidget* parent);

} // namespace planscope::ui
