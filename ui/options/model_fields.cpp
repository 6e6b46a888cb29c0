#include "model_fields.h"

#include "model/format.h"

#include <QComboBox>
#include <QStandardItemModel>

namespace planscope::ui {

QComboBox* kvTypeCombo(const QString& objectName, QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setObjectName(objectName);
    for (const planscope::dtype t : kvCacheTypes) box->addItem(toQString(planscope::type_name(t)), static_cast<int>(t));
    return box;
}

void setKvType(QComboBox* box, planscope::dtype type) {
    const int i = box->findData(static_cast<int>(type));
    box->setCurrentIndex(i < 0 ? 0 : i);
}

planscope::dtype kvTypeOf(const QComboBox* box) {
    return box->currentIndex() < 0 ? kvCacheTypes[0] : static_cast<planscope::dtype>(box->currentData().toInt());
}

QComboBox* flashAttnCombo(const QString& objectName, QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setObjectName(objectName);
    for (const planscope::llm_flash_attn m : flashAttnModes) box->addItem(toQString(planscope::name(m)), static_cast<int>(m));
    return box;
}

void setFlashAttn(QComboBox* box, planscope::llm_flash_attn mode) {
    const int i = box->findData(static_cast<int>(mode));
    box->setCurrentIndex(i < 0 ? 0 : i);
}

planscope::llm_flash_attn flashAttnOf(const QComboBox* box) {
    return box->currentIndex() < 0 ? flashAttnModes[0] : static_cast<planscope::llm_flash_attn>(box->currentData().toInt());
}

void offerField(QWidget* widget, QWidget* label, ModelField field, planscope::ggml_version era, const QString& toolTip) {
    const QString why = optionUnavailable(field, era);
    for (QWidget* w : {widget, label}) {
        if (!w) continue;
        w->setEnabled(why.isEmpty());
        w->setToolTip(why.isEmpty() ? toolTip : why);
    }
}

void offerQuantizedKv(QComboBox* box, planscope::ggml_version era) {
    auto* model = qobject_cast<QStandardItemModel*>(box->model());
    if (!model) return;
    const QString why = optionUnavailable(ModelField::QuantizedKv, era);
    for (int i = 0; i < box->count(); ++i) {
        const auto type = static_cast<planscope::dtype>(box->itemData(i).toInt());
        if (!planscope::traits(type).quantized) continue;
        QStandardItem* item = model->item(i);
        item->setEnabled(why.isEmpty());
        item->setToolTip(why);
    }
}

} // namespace planscope::ui
