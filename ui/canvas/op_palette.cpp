#include "op_palette.h"

namespace planscope::ui {

OpFamily opFamily(const planscope::tensor& t, bool leaf) {
    if (leaf) {
        if (has_flag(t.flags, tensor_flag::input)) return OpFamily::Input;
        return t.where ? OpFamily::Weight : OpFamily::Constant;
    }
    if (info(t.op).view_op) return OpFamily::View;
    switch (t.op) {
    case op_kind::mul_mat: return OpFamily::MatMul;
    case op_kind::norm:
    case op_kind::rms_norm: return OpFamily::Norm;
    case op_kind::soft_max:
    case op_kind::flash_attn_ext:
    case op_kind::rope:
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero: return OpFamily::Attention;
    case op_kind::unary:
    case op_kind::glu: return OpFamily::Activation;
    case op_kind::dup:
    case op_kind::cpy:
    case op_kind::cont:
    case op_kind::get_rows:
    case op_kind::set_rows:
    case op_kind::concat:
    case op_kind::repeat: return OpFamily::Copy;
    case op_kind::add_id:
    default: return OpFamily::Elementwise;
    }
}

QColor familyColor(OpFamily family) {
    switch (family) {
    case OpFamily::Input: return QColor(0xd9, 0xf2, 0xd9);
    case OpFamily::Weight: return QColor(0xdd, 0xe4, 0xee);
    case OpFamily::Constant: return QColor(0xec, 0xec, 0xec);
    case OpFamily::MatMul: return QColor(0xfd, 0xdc, 0xb5);
    case OpFamily::Norm: return QColor(0xe6, 0xd9, 0xf5);
    case OpFamily::Attention: return QColor(0xcc, 0xee, 0xee);
    case OpFamily::Elementwise: return QColor(0xd4, 0xe6, 0xfa);
    case OpFamily::Activation: return QColor(0xfa, 0xd4, 0xe4);
    case OpFamily::Copy: return QColor(0xf7, 0xf0, 0xc6);
    case OpFamily::View: return QColor(0xff, 0xff, 0xff);
    }
    return Qt::white;
}

} // namespace planscope::ui
