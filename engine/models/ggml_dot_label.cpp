#include "ggml_dot_label.h"

#include <array>
#include <charconv>
#include <utility>

namespace planscope {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
    return s;
}

// GGML_OP_SYMBOL of ggml.c (late 2023, and d99724f2 for the last four) for the ops Planscope
// models; '>' is written "\>" in the file and appears here unescaped.
constexpr std::array<std::pair<std::string_view, op_kind>, 33> symbols{{
    {"none", op_kind::none},          {"x", op_kind::dup},
    {"x+y", op_kind::add},            {"x-y", op_kind::sub},
    {"x*y", op_kind::mul},            {"x/y", op_kind::div},
    {"x^2", op_kind::sqr},            {"√x", op_kind::sqrt},
    {"log(x)", op_kind::log},         {"Σx", op_kind::sum},
    {"Σx_k", op_kind::sum_rows}, {"repeat(x)", op_kind::repeat},
    {"concat(x, y)", op_kind::concat}, {"norm(x)", op_kind::norm},
    {"rms_norm(x)", op_kind::rms_norm}, {"X*Y", op_kind::mul_mat},
    {"x*v", op_kind::scale},          {"x->y", op_kind::cpy},
    {"cont(x)", op_kind::cont},       {"reshape(x)", op_kind::reshape},
    {"view(x)", op_kind::view},       {"permute(x)", op_kind::permute},
    {"transpose(x)", op_kind::transpose}, {"get_rows(x)", op_kind::get_rows},
    {"diag_mask_inf(x)", op_kind::diag_mask_inf}, {"diag_mask_zero(x)", op_kind::diag_mask_zero},
    {"soft_max(x)", op_kind::soft_max}, {"rope(x)", op_kind::rope},
    {"unary(x)", op_kind::unary},
    {"set_rows(x)", op_kind::set_rows}, {"glu(x)", op_kind::glu},
    {"flash_attn_ext(x)", op_kind::flash_attn_ext}, {"x[i]+y", op_kind::add_id},
}};

// "NAME (TYPE)" or "(TYPE)": the type is in the last parentheses, as names may hold some.
status parse_name_type(std::string_view text, ggml_dot_entry& e) {
    const std::size_t open = text.rfind('(');
    if (open == std::string_view::npos || !text.ends_with(')'))
        return error{"field '" + std::string(text) + "' is not 'NAME (TYPE)'"};
    const std::string_view type = text.substr(open + 1, text.size() - open - 2);
    const auto t = dtype_from_name(type);
    if (!t) return error{"unknown type '" + std::string(type) + "'"};
    e.type = *t;
    e.name = std::string(trim(text.substr(0, open)));
    return success();
}

bool read_int(std::string_view& s, std::int64_t& v) {
    s = trim(s);
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{}) return false;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    return true;
}

// "INDEX [A, B]" or "INDEX [A, B, C]" (after "CONST " for a leaf).
status parse_index_shape(std::string_view text, ggml_dot_entry& e) {
    const auto bad = [&] { return error{"field '" + std::string(text) + "' is not 'INDEX [NE0, NE1, ...]'"}; };
    std::string_view s = text;
    std::int64_t index = 0;
    if (!read_int(s, index) || index < 0 || index > INT32_MAX) return bad();
    e.index = static_cast<int>(index);
    s = trim(s);
    if (!s.starts_with('[') || !s.ends_with(']')) return bad();
    s = s.substr(1, s.size() - 2);
    while (true) {
        std::int64_t n = 0;
        if (!read_int(s, n)) return bad();
        if (n < 1) return error{"extent " + std::to_string(n) + " is not positive"};
        e.ne.push_back(n);
        s = trim(s);
        if (s.empty()) break;
        if (s.front() != ',') return bad();
        s.remove_prefix(1);
    }
    const std::size_t max_ne = e.leaf ? 2 : 3;
    if (e.ne.size() < 2 || e.ne.size() > max_ne)
        return error{"shape with " + std::to_string(e.ne.size()) + " extents (ggml prints 2" +
                     (e.leaf ? "" : " or 3") + " for a " + (e.leaf ? "leaf" : "node") + ")"};
    return success();
}

result<ggml_dot_entry> parse_leaf(const std::vector<record_field>& f) {
    ggml_dot_entry e;
    e.leaf = true;
    if (f.size() > 3) return error{"a leaf record has 2 or 3 fields, this one " + std::to_string(f.size())};
    if (auto s = parse_name_type(f[0].text, e); !s) return s.err();
    if (auto s = parse_index_shape(std::string_view(f[1].text).substr(6), e); !s) return s.err();
    return e; // a third field holds the values of a tiny leaf, which a plan does not need
}

result<ggml_dot_entry> parse_node(const std::vector<record_field>& f) {
    ggml_dot_entry e;
    if (f.size() != 3 && !(f.size() == 4 && f[3].port == "g"))
        return error{"a node record has 3 fields (4 with a '<g>' gradient), this one " + std::to_string(f.size())};
    if (auto s = parse_name_type(f[0].text, e); !s) return s.err();
    if (auto s = parse_index_shape(f[1].text, e); !s) return s.err();
    e.symbol = f[2].text;
    e.has_grad = f.size() == 4;
    return e;
}

} // namespace

result<std::vector<record_field>> parse_record_label(std::string_view label) {
    std::vector<record_field> fields(1);
    bool in_port = false;
    for (std::size_t i = 0; i < label.size(); ++i) {
        char c = label[i];
        record_field& f = fields.back();
        std::string& into = in_port ? f.port : f.text;
        if (c == '\\' && i + 1 < label.size()) {
            into += label[++i];
        } else if (c == '{' || c == '}') {
            return error{"nested record fields ('{', '}') are not ggml's format"};
        } else if (in_port) {
            if (c == '>') in_port = false;
            else into += c;
        } else if (c == '|') {
            fields.emplace_back();
        } else if (c == '<') {
            if (!f.port.empty() || !trim(f.text).empty()) return error{"a port '<...>' must start its field"};
            in_port = true;
            f.text.clear();
        } else if (c == '>') {
            return error{"unescaped '>' outside a port"};
        } else {
            into += c;
        }
    }
    if (in_port) return error{"unterminated port '<...'"};
    for (auto& f : fields) {
        f.port = std::string(trim(f.port));
        f.text = std::string(trim(f.text));
    }
    return fields;
}

result<ggml_dot_entry> parse_ggml_label(std::string_view label) {
    auto fields = parse_record_label(label);
    if (!fields) return fields.err();
    const auto& f = *fields;
    if (f.size() >= 2 && f[0].port == "x" && f[1].text.starts_with("CONST ")) return parse_leaf(f);
    if (f.size() >= 3 && f[0].port.empty() && f[2].port == "x") return parse_node(f);
    return error{"not a ggml node record ('NAME (TYPE)|INDEX [NE...] | <x>OP') or leaf record "
                 "('<x>NAME (TYPE)|CONST INDEX [NE0, NE1]')"};
}

std::optional<op_kind> op_from_ggml_symbol(std::string_view symbol) {
    for (const auto& [s, op] : symbols)
        if (s == symbol) return op;
    return std::nullopt;
}

} // namespace planscope
