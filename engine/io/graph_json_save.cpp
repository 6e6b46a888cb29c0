// Saving the JSON graph format v1: one line per buffer, tensor and assignment, written so that
// loading the text gives back the same document, tensor for tensor.
#include "io/graph_json.h"

#include "io/atomic_write.h"
#include "io/json_detail.h"

#include <algorithm>

namespace planscope {
namespace {

using namespace json_detail;

std::string scalar_text(const json& v) {
    if (v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
    if (v.is_number_integer()) return std::to_string(v.get<std::int64_t>());
    return v.dump(-1, ' ', false, json::error_handler_t::replace);
}

// One line: {"id": 0, "ne": [8, 4, 1, 1]}
void write_inline(std::string& out, const json& v) {
    if (v.is_object()) {
        out += '{';
        bool first = true;
        for (const auto& [key, value] : v.items()) {
            out += first ? "" : ", ";
            first = false;
            out += scalar_text(json(key)) + ": ";
            write_inline(out, value);
        }
        out += '}';
    } else if (v.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < v.size(); ++i) {
            out += i ? ", " : "";
            write_inline(out, v[i]);
        }
        out += ']';
    } else {
        out += scalar_text(v);
    }
}

// The document object with one member per line; arrays of objects get one element per line.
std::string write_document(const json& root) {
    std::string out = "{\n";
    bool first = true;
    for (const auto& [key, value] : root.items()) {
        out += first ? "" : ",\n";
        first = false;
        out += "  " + scalar_text(json(key)) + ": ";
        const bool of_objects = value.is_array() && !value.empty() && value.front().is_object();
        if (!of_objects) {
            write_inline(out, value);
            continue;
        }
        out += "[\n";
        for (std::size_t i = 0; i < value.size(); ++i) {
            out += "    ";
            write_inline(out, value[i]);
            out += i + 1 < value.size() ? ",\n" : "\n";
        }
        out += "  ]";
    }
    return out + "\n}\n";
}

bool params_round_trip(op_kind op, const json& named, const op_params& p) {
    try {
        return decode_params(op, named, "") == p;
    } catch (const load_failure&) {
        return false;
    }
}

json tensor_json(const graph_document& doc, std::size_t i, const std::vector<bool>& name_is_unique) {
    const tensor& t = doc.ctx[tensor_id{i}];
    json j = json::object();
    j["id"] = i;
    j["name"] = t.name;
    j["type"] = std::string(type_name(t.type));
    j["ne"] = t.ne;
    if (!is_contiguous(t)) j["nb"] = t.nb;
    if (t.op != op_kind::none) j["op"] = std::string(info(t.op).name);
    const json named = encode_params(t.op, t.params);
    if (params_round_trip(t.op, named, t.params)) {
        if (!named.empty()) j["params"] = named;
    } else {
        j["op_params"] = t.params.words;
    }
    if (const int n = t.n_src(); n > 0) {
        json src = json::array();
        for (int s = 0; s < n; ++s) src.push_back(t.src[s].valid() ? json(t.src[s].value) : json(nullptr));
        j["src"] = src;
    }
    if (t.is_view()) {
        j["view_src"] = t.view_src.value;
        j["view_offs"] = t.view_offs;
    }
    if (t.flags != tensor_flag::none) {
        json flags = json::array();
        for (tensor_flag f : all_flags)
            if (has_flag(t.flags, f)) flags.push_back(std::string(flag_name(f)));
        j["flags"] = flags;
    }
    if (t.where) {
        const std::size_t b = t.where->buffer.index();
        if (b < name_is_unique.size() && name_is_unique[b])
            j["buffer"] = doc.buffers[b].name;
        else
            j["buffer"] = b;
        j["offset"] = t.where->offset;
    }
    return j;
}

json ids_json(const std::vector<tensor_id>& ids) {
    json out = json::array();
    for (tensor_id id : ids) out.push_back(id.value);
    return out;
}

} // namespace

std::string save_graph_json(const graph_document& doc) {
    json root = json::object();
    root["format"] = std::string(format_tag);
    root["version"] = format_version;
    root["name"] = doc.name;

    json buffers = json::array();
    std::vector<bool> name_is_unique(doc.buffers.size(), false);
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const buffer_desc& b = doc.buffers[i];
        buffers.push_back({{"name", b.name}, {"backend", b.backend}, {"size", b.size}, {"alignment", b.alignment}});
        name_is_unique[i] =
            !b.name.empty() && std::count_if(doc.buffers.begin(), doc.buffers.end(),
                                             [&](const buffer_desc& o) { return o.name == b.name; }) == 1;
    }
    root["buffers"] = buffers;

    json tensors = json::array();
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) tensors.push_back(tensor_json(doc, i, name_is_unique));
    root["tensors"] = tensors;
    root["nodes"] = ids_json(doc.g.nodes);
    root["leafs"] = ids_json(doc.g.leafs);
    if (!doc.parse_seq.empty()) root["parse_seq"] = doc.parse_seq;
    if (!doc.backend_of.empty()) {
        std::vector<std::pair<tensor_id, std::string>> sorted(doc.backend_of.begin(), doc.backend_of.end());
        std::sort(sorted.begin(), sorted.end());
        json list = json::array();
        for (const auto& [id, backend] : sorted) list.push_back({{"node", id.value}, {"backend", backend}});
        root["assignments"] = list;
    }
    return write_document(root);
}

status save_graph_json_file(const graph_document& doc, const std::filesystem::path& file) {
    return write_file_atomic(file, save_graph_json(doc));
}

} // namespace planscope
