#include "what_if_bar.h"

#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>

#include <climits>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

QSpinBox* spinBox(const QString& objectName, int min, const QString& toolTip, QWidget* parent) {
    auto* box = new QSpinBox(parent);
    box->setObjectName(objectName);
    box->setRange(min, INT_MAX);
    box->setToolTip(toolTip);
    box->setKeyboardTracking(false); // typing "4096" is one edit, not four
    // Room for seven digits, not INT_MAX's ten: the bar shares its row with the stepping tool bar.
    box->setMaximumWidth(box->fontMetrics().horizontalAdvance(u"0000000"_s) + 40);
    return box;
}

} // namespace

WhatIfBar::WhatIfBar(QWidget* parent)
    : QToolBar(tr("What If"), parent),
      m_ctx(spinBox(u"whatIfCtx"_s, 1, tr("KV cache cells, n_ctx (--ctx)"), this)),
      m_batch(spinBox(u"whatIfBatch"_s, 1, tr("Tokens in the graph, n_batch (--batch)"), this)),
      m_ngl(spinBox(u"whatIfNgl"_s, 0, tr("Layers on the second backend (--ngl)"), this)),
      m_kvType(new QComboBox(this)), m_debounce(new QTimer(this)) {
    setObjectName(u"whatIfToolBar"_s);
    m_kvType->setObjectName(u"whatIfKvType"_s);
    m_kvType->addItem(u"f16"_s);
    m_kvType->addItem(u"f32"_s);
    m_kvType->setToolTip(tr("KV cache type (--kv-type)"));
    addWidget(new QLabel(tr("What if: ctx "), this));
    addWidget(m_ctx);
    addWidget(new QLabel(tr(" batch "), this));
    addWidget(m_batch);
    addWidget(new QLabel(tr(" ngl "), this));
    addWidget(m_ngl);
    addWidget(new QLabel(tr(" KV "), this));
    addWidget(m_kvType);

    m_debounce->setSingleShot(true);
    m_debounce->setInterval(debounceMs);
    connect(m_debounce, &QTimer::timeout, this, [this] { emit optionsEdited(options()); });
    for (QSpinBox* box : {m_ctx, m_batch, m_ngl})
        connect(box, &QSpinBox::valueChanged, this, &WhatIfBar::edited);
    connect(m_kvType, &QComboBox::currentIndexChanged, this, &WhatIfBar::edited);
    setOptions(ModelOptions{});
}

void WhatIfBar::setOptions(const ModelOptions& options) {
    m_debounce->stop();
    m_base = options;
    const QSignalBlocker b1(m_ctx), b2(m_batch), b3(m_ngl), b4(m_kvType);
    m_ctx->setValue(options.params.n_ctx);
    m_batch->setValue(options.params.n_batch);
    m_ngl->setValue(options.params.ngl);
    m_kvType->setCurrentIndex(options.params.kv_type == planscope::dtype::f32 ? 1 : 0);
}

ModelOptions WhatIfBar::options() const {
    ModelOptions o = m_base;
    o.params.n_ctx = m_ctx->value();
    o.params.n_batch = m_batch->value();
    o.params.ngl = m_ngl->value();
    o.params.kv_type = m_kvType->currentIndex() == 1 ? planscope::dtype::f32 : planscope::dtype::f16;
    if (static_cast<qsizetype>(o.tokens.size()) != o.params.n_batch) o.tokens.clear();
    return o;
}

void WhatIfBar::edited() { m_debounce->start(); }

} // namespace planscope::ui
