#pragma once
// Fill colours of tensor boxes by op family, so matmuls, norms and views read at a glance.
#include "core/tensor.h"

#include <QColor>

namespace planscope::ui {

enum class OpFamily { Input, Weight, Constant, MatMul, Norm, Attention, Elementwise, Activation, Copy, View };

OpFamily opFamily(const planscope::tensor& t, bool leaf);
QColor familyColor(OpFamily family);

} // namespace planscope::ui
