#pragma once
// The what-if tool bar: n_ctx, n_batch, n_ubatch, sequences, flash attention, the K and V cache
// types and ngl of the current model. An edit re-plans after a short pause (debounced, so that
// spinning through values builds one graph, not ten); the bar is enabled only while the document
// is a model that can be re-planned, and a field its era does not take is disabled, its tooltip
// saying why (optionUnavailable).
#include "model_options.h"

#include <QToolBar>

class QComboBox;
class QLabel;
class QSpinBox;
class QTimer;

namespace planscope::ui {

class WhatIfBar final : public QToolBar {
    Q_OBJECT

public:
    static constexpr int debounceMs = 200;

    explicit WhatIfBar(QWidget* parent = nullptr);

    // The era whose llama.cpp builds the document's graph (ggml 2023 until set).
    void setEra(planscope::ggml_version era);
    [[nodiscard]] planscope::ggml_version era() const { return m_era; }
    // Shows `options` (without emitting); edits start from them.
    void setOptions(const ModelOptions& options);
    // The shown options (optionsForEra); a prompt whose length is no longer n_batch is dropped.
    [[nodiscard]] ModelOptions options() const;

    [[nodiscard]] QSpinBox* ctxBox() const { return m_ctx; }
    [[nodiscard]] QSpinBox* batchBox() const { return m_batch; }
    [[nodiscard]] QSpinBox* ubatchBox() const { return m_ubatch; }
    [[nodiscard]] QSpinBox* seqsBox() const { return m_seqs; }
    [[nodiscard]] QComboBox* flashAttnBox() const { return m_flashAttn; }
    [[nodiscard]] QSpinBox* nglBox() const { return m_ngl; }
    // The K cache's type; in 2023 the one type of K and V.
    [[nodiscard]] QComboBox* kvTypeBox() const { return m_kvType; }
    [[nodiscard]] QComboBox* vTypeBox() const { return m_vType; }

signals:
    // debounceMs after the last edit.
    void optionsEdited(const ModelOptions& options);

private:
    void edited();
    void applyEra();
    QLabel* addField(const QString& label, QWidget* field);

    ModelOptions m_base;
    planscope::ggml_version m_era = planscope::ggml_version::v2023;
    QSpinBox* m_ctx;
    QSpinBox* m_batch;
    QSpinBox* m_ubatch;
    QSpinBox* m_seqs;
    QComboBox* m_flashAttn;
    QComboBox* m_kvType;
    QComboBox* m_vType;
    QSpinBox* m_ngl;
    QLabel* m_ubatchLabel;
    QLabel* m_seqsLabel;
    QLabel* m_flashAttnLabel;
    QLabel* m_vTypeLabel;
    QLabel* m_nglLabel;
    QTimer* m_debounce;
};

} // namespace planscope::ui
