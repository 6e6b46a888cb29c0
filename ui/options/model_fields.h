#pragma once
// The widgets the Model Options dialog and the what-if bar share for llama.cpp's context options:
// the KV cache type and flash attention boxes, and a field offered or not in an era (disabled,
// its tooltip saying why: optionUnavailable).
#include "model_options.h"

#include <QString>

class QComboBox;
class QWidget;

namespace planscope::ui {

// kvCacheTypes as items ("f16", ...), the dtype in each item's data.
QComboBox* kvTypeCombo(const QString& objectName, QWidget* parent);
void setKvType(QComboBox* box, planscope::dtype type);
[[nodiscard]] planscope::dtype kvTypeOf(const QComboBox* box);
// flashAttnModes as items ("auto", "on", "off").
QComboBox* flashAttnCombo(const QString& objectName, QWidget* parent);
void setFlashAttn(QComboBox* box, planscope::llm_flash_attn mode);
[[nodiscard]] planscope::llm_flash_attn flashAttnOf(const QComboBox* box);

// Enables `widget` (and `label`, when given) where `era` takes `field`; the tooltip is `toolTip`
// then, else why not.
void offerField(QWidget* widget, QWidget* label, ModelField field, planscope::ggml_version era, const QString& toolTip);
// The quantized items of a KV type box, offered in `era` or not (their tooltips say why).
void offerQuantizedKv(QComboBox* box, planscope::ggml_version era);

} // namespace planscope::ui
