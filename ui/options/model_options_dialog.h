#pragma once
// Model Options: the prompt's token ids and the llama graph's parameters, the CLI's --tokens,
// --ctx, --batch, --n-past, --kv-type and --ngl. Shown before a .gguf opens from File > Open and
// for the current model (Model > Options…). OK is enabled only for options that build a graph.
#include "model_options.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace planscope::ui {

class ModelOptionsDialog final : public QDialog {
    Q_OBJECT

public:
    explicit ModelOptionsDialog(QWidget* parent = nullptr);

    // Token ids are checked against [0, nVocab); 0 leaves them unchecked.
    void setVocabSize(int nVocab);
    void setOptions(const ModelOptions& options);
    // Valid only when problem() is empty.
    [[nodiscard]] ModelOptions options() const;
    // Why OK is disabled, or an empty string.
    [[nodiscard]] QString problem() const { return m_problem; }

    [[nodiscard]] QLineEdit* tokensEdit() const { return m_tokens; }
    [[nodiscard]] QSpinBox* ctxBox() const { return m_ctx; }
    [[nodiscard]] QSpinBox* batchBox() const { return m_batch; }
    [[nodiscard]] QSpinBox* pastBox() const { return m_past; }
    [[nodiscard]] QSpinBox* nglBox() const { return m_ngl; }
    [[nodiscard]] QComboBox* kvTypeBox() const { return m_kvType; }
    [[nodiscard]] QCheckBox* worstCaseBox() const { return m_worstCase; }

private:
    void tokensEdited();
    void validate();

    int m_nVocab = 0;
    QString m_problem;
    QLineEdit* m_tokens;
    QComboBox* m_kvType;
    QSpinBox* m_ctx;
    QSpinBox* m_batch;
    QSpinBox* m_past;
    QSpinBox* m_ngl;
    QCheckBox* m_worstCase;
    QLabel* m_message;
    QDialogButtonBox* m_buttons;
};

} // namespace planscope::ui
