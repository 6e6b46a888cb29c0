#pragma once
// The what-if tool bar: n_ctx, n_batch, ngl and the KV type of the current model. An edit re-plans
// after a short pause (debounced, so that spinning through values builds one graph, not ten);
// the bar is enabled only while the document is a model that can be re-planned.
#include "model_options.h"

#include <QToolBar>

class QComboBox;
class QSpinBox;
class QTimer;

namespace planscope::ui {

class WhatIfBar final : public QToolBar {
    Q_OBJECT

public:
    static constexpr int debounceMs = 200;

    explicit WhatIfBar(QWidget* parent = nullptr);

    // Shows `options` (without emitting); edits start from them.
    void setOptions(const ModelOptions& options);
    // The shown options; a prompt whose length is no longer n_batch is dropped.
    [[nodiscard]] ModelOptions options() const;

    [[nodiscard]] QSpinBox* ctxBox() const { return m_ctx; }
    [[nodiscard]] QSpinBox* batchBox() const { return m_batch; }
    [[nodiscard]] QSpinBox* nglBox() const { return m_ngl; }
    [[nodiscard]] QComboBox* kvTypeBox() const { return m_kvType; }

signals:
    // debounceMs after the last edit.
    void optionsEdited(const ModelOptions& options);

private:
    void edited();

    ModelOptions m_base;
    QSpinBox* m_ctx;
    QSpinBox* m_batch;
    QSpinBox* m_ngl;
    QComboBox* m_kvType;
    QTimer* m_debounce;
};

} // namespace planscope::ui
