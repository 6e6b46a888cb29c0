#include "model_options_dialog.h"

#include "model_fields.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

#include <climits>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QSpinBox* spinBox(const QString& objectName, int min, int max, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(min, max);
    return box;
}

} // namespace

ModelOptionsDialog::ModelOptionsDialog(QWidget* parent)
    : QDialog(parent), m_tokens(new QLineEdit(this)), m_kvType(kvTypeCombo(u"kvType"_s, this)),
      m_vType(kvTypeCombo(u"vType"_s, this)), m_flashAttn(flashAttnCombo(u"flashAttn"_s, this)),
      m_ctx(spinBox(u"ctx"_s, 1, INT_MAX, this)), m_batch(spinBox(u"batch"_s, 1, INT_MAX, this)),
      m_ubatch(spinBox(u"ubatch"_s, 0, INT_MAX, this)), m_seqs(spinBox(u"seqs"_s, 1, 256, this)),
      m_past(spinBox(u"nPast"_s, 0, INT_MAX, this)), m_ngl(spinBox(u"ngl"_s, 0, INT_MAX, this)),
      m_worstCase(new QCheckBox(tr("Worst case (--worst-case)"), this)), m_eraNote(new QLabel(this)),
      m_message(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)), m_form(new QFormLayout) {
    setObjectName(u"modelOptionsDialog"_s);
    setWindowTitle(tr("Model Options"));
    m_tokens->setObjectName(u"tokens"_s);
    // Room for the default 8-token prompt without scrolling.
    m_tokens->setMinimumWidth(m_tokens->fontMetrics().horizontalAdvance(u"1,403,407,261,378,432,383,286"_s) + 24);
    m_tokens->setPlaceholderText(tr("e.g. 1,403,407,261,378"));
    m_tokens->setToolTip(tr("The prompt's token ids, comma-separated (--tokens). No BOS is added: start with 1 "
                            "for llama's <s>."));
    m_ubatch->setSpecialValueText(tr("as the batch"));
    m_worstCase->setObjectName(u"worstCase"_s);
    m_eraNote->setObjectName(u"eraNote"_s);
    m_eraNote->setWordWrap(true);
    m_message->setObjectName(u"problem"_s);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: #b00020"_s);

    auto* form = m_form;
    form->addRow(tr("Prompt token ids:"), m_tokens);
    form->addRow(tr("Context (KV cache cells, --ctx):"), m_ctx);
    form->addRow(tr("Tokens in the batch (--batch):"), m_batch);
    form->addRow(tr("Tokens in a ubatch (--ubatch):"), m_ubatch);
    form->addRow(tr("Sequences (--seqs):"), m_seqs);
    form->addRow(tr("Flash attention (--flash-attn):"), m_flashAttn);
    form->addRow(tr("K cache type (--kv-type-k):"), m_kvType);
    form->addRow(tr("V cache type (--kv-type-v):"), m_vType);
    form->addRow(tr("Cells already filled (--n-past):"), m_past);
    form->addRow(tr("Offloaded layers (--ngl):"), m_ngl);
    form->addRow(QString(), m_worstCase);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_eraNote);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_tokens, &QLineEdit::textEdited, this, &ModelOptionsDialog::tokensEdited);
    for (QSpinBox* box : {m_ctx, m_batch, m_ubatch, m_seqs, m_past, m_ngl})
        connect(box, &QSpinBox::valueChanged, this, &ModelOptionsDialog::validate);
    for (QComboBox* box : {m_vType, m_flashAttn})
        connect(box, &QComboBox::currentIndexChanged, this, &ModelOptionsDialog::validate);
    connect(m_kvType, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_vType->isEnabled()) setKvType(m_vType, kvTypeOf(m_kvType)); // 2023: one type
        validate();
    });
    connect(m_worstCase, &QCheckBox::toggled, this, [this] {
        applyEra();
        validate();
    });
    setOptions(ModelOptions{});
}

void ModelOptionsDialog::setVocabSize(int nVocab) {
    m_nVocab = nVocab;
    validate();
}

void ModelOptionsDialog::setEra(planscope::ggml_version era) {
    m_era = era;
    setOptions(options()); // what the era does not take back at its defaults
}

void ModelOptionsDialog::applyEra() {
    const auto label = [this](QWidget* field) { return m_form->labelForField(field); };
    offerField(m_ubatch, label(m_ubatch), ModelField::Ubatch, m_era,
               tr("Tokens in the graph llama.cpp reserves its compute buffer with, n_ubatch"));
    offerField(m_seqs, label(m_seqs), ModelField::Seqs, m_era, tr("Sequences the context holds, n_seq_max (1 to 256)"));
    offerField(m_flashAttn, label(m_flashAttn), ModelField::FlashAttn, m_era,
               tr("FLASH_ATTN_EXT in every layer; auto is on, as on the CPU"));
    m_kvType->setToolTip(m_era == planscope::ggml_version::v2023 ? tr("The K and V caches' one type (--kv-type)")
                                                                   : tr("The K cache's type"));
    offerQuantizedKv(m_kvType, m_era);
    offerQuantizedKv(m_vType, m_era);
    offerField(m_vType, label(m_vType), ModelField::TypeV, m_era, tr("The V cache's type; a quantized one needs flash attention"));
    offerField(m_ngl, label(m_ngl), ModelField::Ngl, m_era, tr("Layers i >= n_layer - ngl on the second backend"));
    offerField(m_worstCase, nullptr, ModelField::WorstCase, m_era,
               tr("The graph llama.cpp sized its compute buffer with: the KV cache full (n_past = n_ctx - n_batch) "
                  "and the K-shift of every layer. The prompt still runs from cell 0."));
    offerField(m_past, label(m_past), ModelField::NPast, m_era, tr("Cells of the KV cache filled before these tokens"));
    if (m_worstCase->isChecked() && m_past->isEnabled()) { // the worst case fixes n_past
        m_past->setEnabled(false);
        label(m_past)->setEnabled(false);
    }
    m_eraNote->setText(m_era == planscope::ggml_version::v2026
                           ? tr("The graph llama.cpp da46e59c (ggml 2026) reserves its compute buffer with.")
                           : tr("The llama graph of llama.cpp of late 2023 (ggml 2023)."));
}

void ModelOptionsDialog::setOptions(const ModelOptions& given) {
    const ModelOptions o = optionsForEra(given, m_era);
    {
        const QSignalBlocker b1(m_ctx), b2(m_batch), b3(m_past), b4(m_ngl), b5(m_kvType), b6(m_worstCase), b7(m_vType),
            b8(m_ubatch), b9(m_seqs), b10(m_flashAttn);
        m_tokens->setText(formatTokenIds(o.tokens));
        m_ctx->setValue(o.params.n_ctx);
        m_batch->setValue(o.params.n_batch);
        m_ubatch->setValue(o.params.n_ubatch);
        m_seqs->setValue(o.params.n_seq_max);
        setFlashAttn(m_flashAttn, o.params.flash_attn);
        setKvType(m_kvType, planscope::kv_type_k(o.params));
        setKvType(m_vType, planscope::kv_type_v(o.params));
        m_past->setValue(o.params.n_past);
        m_ngl->setValue(o.params.ngl);
        m_worstCase->setChecked(o.params.worst_case);
    }
    applyEra();
    validate();
}

ModelOptions ModelOptionsDialog::options() const {
    ModelOptions o;
    o.tokens = parseTokenIds(m_tokens->text(), m_nVocab).tokens;
    planscope::llama_params& p = o.params;
    p.n_ctx = m_ctx->value();
    p.n_batch = m_batch->value();
    p.n_ubatch = m_ubatch->value();
    p.n_seq_max = m_seqs->value();
    p.flash_attn = flashAttnOf(m_flashAttn);
    p.kv_type = kvTypeOf(m_kvType);
    if (const planscope::dtype v = kvTypeOf(m_vType); v != p.kv_type) p.type_v = v;
    p.n_past = m_past->value();
    p.ngl = m_ngl->value();
    p.worst_case = m_worstCase->isChecked();
    return optionsForEra(std::move(o), m_era);
}

void ModelOptionsDialog::tokensEdited() {
    // The graph holds the prompt: a valid prompt sets n_batch to its length.
    const TokenParse parsed = parseTokenIds(m_tokens->text(), m_nVocab);
    if (parsed.error.isEmpty() && !parsed.tokens.empty()) {
        const QSignalBlocker block(m_batch);
        m_batch->setValue(static_cast<int>(parsed.tokens.size()));
    }
    validate();
}

void ModelOptionsDialog::validate() {
    const TokenParse parsed = parseTokenIds(m_tokens->text(), m_nVocab);
    m_problem = parsed.error.isEmpty() ? checkModelOptions(options(), m_era) : tr("Prompt: %1").arg(parsed.error);
    m_message->setText(m_problem);
    m_message->setVisible(!m_problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace planscope::ui
