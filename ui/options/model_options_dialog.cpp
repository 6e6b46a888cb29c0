#include "model_options_dialog.h"

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

QSpinBox* spinBox(const QString& objectName, int min, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(min, INT_MAX);
    return box;
}

} // namespace

ModelOptionsDialog::ModelOptionsDialog(QWidget* parent)
    : QDialog(parent), m_tokens(new QLineEdit(this)), m_kvType(new QComboBox(this)),
      m_ctx(spinBox(u"ctx"_s, 1, this)), m_batch(spinBox(u"batch"_s, 1, this)), m_past(spinBox(u"nPast"_s, 0, this)),
      m_ngl(spinBox(u"ngl"_s, 0, this)), m_worstCase(new QCheckBox(tr("Worst case (--worst-case)"), this)),
      m_message(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
    setObjectName(u"modelOptionsDialog"_s);
    setWindowTitle(tr("Model Options"));
    m_tokens->setObjectName(u"tokens"_s);
    m_tokens->setPlaceholderText(tr("e.g. 1,403,407,261,378"));
    m_tokens->setToolTip(tr("The prompt's token ids, comma-separated (--tokens). No BOS is added: start with 1 "
                            "for llama's <s>."));
    m_kvType->setObjectName(u"kvType"_s);
    m_kvType->addItem(u"f16"_s);
    m_kvType->addItem(u"f32"_s);
    m_worstCase->setObjectName(u"worstCase"_s);
    m_worstCase->setToolTip(tr("The graph llama.cpp sized its compute buffer with: the KV cache full (n_past = "
                               "n_ctx - n_batch) and the K-shift of every layer. The prompt still runs from cell 0."));
    m_message->setObjectName(u"problem"_s);
    m_message->setWordWrap(true);
    m_message->setStyleSheet(u"color: #b00020"_s);

    auto* form = new QFormLayout;
    form->addRow(tr("Prompt token ids:"), m_tokens);
    form->addRow(tr("Context (KV cache cells, --ctx):"), m_ctx);
    form->addRow(tr("Tokens in the batch (--batch):"), m_batch);
    form->addRow(tr("Cells already filled (--n-past):"), m_past);
    form->addRow(tr("KV cache type (--kv-type):"), m_kvType);
    form->addRow(tr("Offloaded layers (--ngl):"), m_ngl);
    form->addRow(QString(), m_worstCase);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_message);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_tokens, &QLineEdit::textEdited, this, &ModelOptionsDialog::tokensEdited);
    for (QSpinBox* box : {m_ctx, m_batch, m_past, m_ngl})
        connect(box, &QSpinBox::valueChanged, this, &ModelOptionsDialog::validate);
    connect(m_kvType, &QComboBox::currentIndexChanged, this, &ModelOptionsDialog::validate);
    connect(m_worstCase, &QCheckBox::toggled, this, [this](bool on) {
        m_past->setEnabled(!on); // the worst case fixes n_past
        validate();
    });
    setOptions(ModelOptions{});
}

void ModelOptionsDialog::setVocabSize(int nVocab) {
    m_nVocab = nVocab;
    validate();
}

void ModelOptionsDialog::setOptions(const ModelOptions& o) {
    {
        const QSignalBlocker b1(m_ctx), b2(m_batch), b3(m_past), b4(m_ngl), b5(m_kvType), b6(m_worstCase);
        m_tokens->setText(formatTokenIds(o.tokens));
        m_ctx->setValue(o.params.n_ctx);
        m_batch->setValue(o.params.n_batch);
        m_past->setValue(o.params.n_past);
        m_ngl->setValue(o.params.ngl);
        m_kvType->setCurrentIndex(o.params.kv_type == planscope::dtype::f32 ? 1 : 0);
        m_worstCase->setChecked(o.params.worst_case);
        m_past->setEnabled(!o.params.worst_case);
    }
    validate();
}

ModelOptions ModelOptionsDialog::options() const {
    ModelOptions o;
    o.tokens = parseTokenIds(m_tokens->text(), m_nVocab).tokens;
    o.params.n_ctx = m_ctx->value();
    o.params.n_batch = m_batch->value();
    o.params.n_past = m_past->value();
    o.params.ngl = m_ngl->value();
    o.params.kv_type = m_kvType->currentIndex() == 1 ? planscope::dtype::f32 : planscope::dtype::f16;
    o.params.worst_case = m_worstCase->isChecked();
    return o;
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
    m_problem = parsed.error.isEmpty() ? checkModelOptions(options()) : tr("Prompt: %1").arg(parsed.error);
    m_message->setText(m_problem);
    m_message->setVisible(!m_problem.isEmpty());
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(m_problem.isEmpty());
}

} // namespace planscope::ui
