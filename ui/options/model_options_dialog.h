#pragma once
// Model Options: the prompt's token ids and the llama graph's parameters, the CLI's --tokens,
// --ctx, --batch, --ubatch, --seqs, --flash-attn, --kv-type-k / -v, --n-past, --ngl and
// --worst-case. Shown before a .gguf opens from File > Open and for the current model (Model >
// Options…). A field the document's era does not take is disabled, its tooltip says why
// (optionUnavailable). OK is enabled only for options that build a graph.
#include "model_options.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
class QWidget;

namespace planscope::ui {

class ModelOptionsDialog final : public QDialog {
    Q_OBJECT

public:
    explicit ModelOptionsDialog(QWidget* parent = nullptr);

    // Token ids are checked against [0, nVocab); 0 leaves them unchecked.
    void setVocabSize(int nVocab);
    // The era whose llama.cpp builds the graph (ggml 2023 until set): what it does not take is
    // disabled and left out of options().
    void setEra(planscope::ggml_version era);
    [[nodiscard]] planscope::ggml_version era() const { return m_era; }
    void setOptions(const ModelOptions& options);
    // Valid only when problem() is empty; optionsForEra of the fields.
    [[nodiscard]] ModelOptions options() const;
    // Why OK is disabled, or an empty string.
    [[nodiscard]] QString problem() const { return m_problem; }

    [[nodiscard]] QLineEdit* tokensEdit() const { return m_tokens; }
    [[nodiscard]] QSpinBox* ctxBox() const { return m_ctx; }
    [[nodiscard]] QSpinBox* batchBox() const { return m_batch; }
    [[nodiscard]] QSpinBox* ubatchBox() const { return m_ubatch; }
    [[nodiscard]] QSpinBox* seqsBox() const { return m_seqs; }
    [[nodiscard]] QComboBox* flashAttnBox() const { return m_flashAttn; }
    [[nodiscard]] QSpinBox* pastBox() const { return m_past; }
    [[nodiscard]] QSpinBox* nglBox() const { return m_ngl; }
    // The K cache's type; in 2023 the one type of K and V.
    [[nodiscard]] QComboBox* kvTypeBox() const { return m_kvType; }
    [[nodiscard]] QComboBox* vTypeBox() const { return m_vType; }
    [[nodiscard]] QCheckBox* worstCaseBox() const { return m_worstCase; }

private:
    void tokensEdited();
    void validate();
    void applyEra();

    int m_nVocab = 0;
    planscope::ggml_version m_era = planscope::ggml_version::v2023;
    QString m_problem;
    QLineEdit* m_tokens;
    QComboBox* m_kvType;
    QComboBox* m_vType;
    QComboBox* m_flashAttn;
    QSpinBox* m_ctx;
    QSpinBox* m_batch;
    QSpinBox* m_ubatch;
    QSpinBox* m_seqs;
    QSpinBox* m_past;
    QSpinBox* m_ngl;
    QCheckBox* m_worstCase;
    QLabel* m_eraNote;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
    QFormLayout* m_form;
};

} // namespace planscope::ui
