#include "what_if_bar.h"

#include "model_fields.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>

#include <climits>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QSpinBox* spinBox(const QString& objectName, int min, int max, const QString& toolTip, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(min, max);
    box->setToolTip(toolTip);
    box->setKeyboardTracking(false); // typing "4096" is one edit, not four
    // Room for seven digits, not INT_MAX's ten: the bar shares its row with the stepping tool bar.
    box->setMaximumWidth(box->fontMetrics().horizontalAdvance(u"0000000"_s) + 40);
    return box;
}

} // namespace

WhatIfBar::WhatIfBar(QWidget* parent)
    : QToolBar(tr("What If"), parent),
      m_ctx(spinBox(u"whatIfCtx"_s, 1, INT_MAX, tr("KV cache cells, n_ctx (--ctx)"), this)),
      m_batch(spinBox(u"whatIfBatch"_s, 1, INT_MAX, tr("Tokens in the graph, n_batch (--batch)"), this)),
      m_ubatch(spinBox(u"whatIfUbatch"_s, 0, INT_MAX, {}, this)), m_seqs(spinBox(u"whatIfSeqs"_s, 1, 256, {}, this)),
      m_flashAttn(flashAttnCombo(u"whatIfFlashAttn"_s, this)), m_kvType(kvTypeCombo(u"whatIfKvType"_s, this)),
      m_vType(kvTypeCombo(u"whatIfVType"_s, this)), m_ngl(spinBox(u"whatIfNgl"_s, 0, INT_MAX, {}, this)),
      m_debounce(new QTimer(this)) {
    setObjectName(u"whatIfToolBar"_s);
    m_ubatch->setSpecialValueText(tr("= batch"));
    addWidget(new QLabel(tr("What if: ctx "), this));
    addWidget(m_ctx);
    addField(tr(" batch "), m_batch);
    m_ubatchLabel = addField(tr(" ubatch "), m_ubatch);
    m_seqsLabel = addField(tr(" seqs "), m_seqs);
    m_flashAttnLabel = addField(tr(" FA "), m_flashAttn);
    addField(tr(" K "), m_kvType);
    m_vTypeLabel = addField(tr(" V "), m_vType);
    m_nglLabel = addField(tr(" ngl "), m_ngl);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(debounceMs);
    connect(m_debounce, &QTimer::timeout, this, [this] { emit optionsEdited(options()); });
    for (QSpinBox* box : {m_ctx, m_batch, m_ubatch, m_seqs, m_ngl})
        connect(box, &QSpinBox::valueChanged, this, &WhatIfBar::edited);
    for (QComboBox* box : {m_flashAttn, m_vType})
        connect(box, &QComboBox::currentIndexChanged, this, &WhatIfBar::edited);
    connect(m_kvType, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_vType->isEnabled()) { // 2023: one type
            const QSignalBlocker block(m_vType);
            setKvType(m_vType, kvTypeOf(m_kvType));
        }
        edited();
    });
    applyEra();
    setOptions(ModelOptions{});
}

QLabel* WhatIfBar::addField(const QString& label, QWidget* field) {
    auto* text = new QLabel(label, this);
    addWidget(text);
    addWidget(field);
    return text;
}

void WhatIfBar::setEra(planscope::ggml_version era) {
    if (era == m_era) return;
    m_era = era;
    applyEra();
}

void WhatIfBar::applyEra() {
    offerField(m_ubatch, m_ubatchLabel, ModelField::Ubatch, m_era, tr("Tokens in the reserve graph, n_ubatch (--ubatch)"));
    offerField(m_seqs, m_seqsLabel, ModelField::Seqs, m_era, tr("Sequences, n_seq_max (--seqs)"));
    offerField(m_flashAttn, m_flashAttnLabel, ModelField::FlashAttn, m_era, tr("Flash attention (--flash-attn)"));
    m_kvType->setToolTip(m_era == planscope::ggml_version::v2023 ? tr("KV cache type (--kv-type)")
                                                                   : tr("K cache type (--kv-type-k)"));
    offerQuantizedKv(m_kvType, m_era);
    offerQuantizedKv(m_vType, m_era);
    offerField(m_vType, m_vTypeLabel, ModelField::TypeV, m_era, tr("V cache type (--kv-type-v)"));
    offerField(m_ngl, m_nglLabel, ModelField::Ngl, m_era, tr("Layers on the second backend (--ngl)"));
}

void WhatIfBar::setOptions(const ModelOptions& given) {
    m_debounce->stop();
    const ModelOptions options = optionsForEra(given, m_era);
    m_base = options;
    const planscope::llama_params& p = options.params;
    const QSignalBlocker b1(m_ctx), b2(m_batch), b3(m_ngl), b4(m_kvType), b5(m_vType), b6(m_ubatch), b7(m_seqs),
        b8(m_flashAttn);
    m_ctx->setValue(p.n_ctx);
    m_batch->setValue(p.n_batch);
    m_ubatch->setValue(p.n_ubatch);
    m_seqs->setValue(p.n_seq_max);
    setFlashAttn(m_flashAttn, p.flash_attn);
    setKvType(m_kvType, planscope::kv_type_k(p));
    setKvType(m_vType, planscope::kv_type_v(p));
    m_ngl->setValue(p.ngl);
}

ModelOptions WhatIfBar::options() const {
    ModelOptions o = m_base;
    planscope::llama_params& p = o.params;
    p.n_ctx = m_ctx->value();
    p.n_batch = m_batch->value();
    p.n_ubatch = m_ubatch->value();
    p.n_seq_max = m_seqs->value();
    p.flash_attn = flashAttnOf(m_flashAttn);
    p.kv_type = kvTypeOf(m_kvType);
    p.type_k.reset();
    p.type_v.reset();
    if (const planscope::dtype v = kvTypeOf(m_vType); v != p.kv_type) p.type_v = v;
    p.ngl = m_ngl->value();
    if (static_cast<qsizetype>(o.tokens.size()) != p.n_batch) o.tokens.clear();
    return optionsForEra(std::move(o), m_era);
}

void WhatIfBar::edited() { m_debounce->start(); }

} // namespace planscope::ui
