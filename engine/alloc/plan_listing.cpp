#include "plan_listing.h"

#include "core/printable.h"
#include "io/json_writer.h"
#include "models/llama_report.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace planscope {
namespace {

using ojson = nlohmann::ordered_json;

std::string buffer_name(const graph_document& doc, buffer_id b) {
    if (b.index() < doc.buffers.size() && !doc.buffers[b.index()].name.empty()) return doc.buffers[b.index()].name;
    return "buffer " + std::to_string(b.value);
}

enum class how { unallocated, placed, view, inplace };

struct placed_as {
    how kind = how::unallocated;
    tensor_id of; // view source or inplace parent
};

placed_as placement_of(const inplace_map& inplace_of, tensor_id id, const tensor& t) {
    if (const auto it = inplace_of.find(id); it != inplace_of.end()) return {how::inplace, it->second};
    if (t.is_view()) return {how::view, t.view_src};
    return {t.where ? how::placed : how::unallocated, {}};
}

std::string placement_text(const graph_document& doc, const memory_owners& owners, tensor_id id) {
    const tensor& t = doc.ctx[id];
    const placed_as p = placement_of(owners.inplace_of(), id, t);
    switch (p.kind) {
    case how::inplace: {
        const tensor_id owner = owners(id);
        std::string text = "inplace of " + listing_field(doc.ctx[p.of].name);
        return owner == p.of ? text : text + " (memory of " + listing_field(doc.ctx[owner].name) + ")";
    }
    case how::view: return "view of " + listing_field(doc.ctx[p.of].name) + "+" + std::to_string(t.view_offs);
    case how::placed: return listing_field(buffer_name(doc, t.where->buffer)) + "+" + std::to_string(t.where->offset);
    case how::unallocated: break;
    }
    return "-";
}

void text_row(std::ostream& os, const char* kind, std::size_t index, const graph_document& doc,
              const memory_owners& owners, tensor_id id) {
    const tensor& t = doc.ctx[id];
    os << kind << '\t' << index << '\t' << listing_field(t.name) << '\t' << op_desc(t) << '\t' << type_name(t.type) << '\t'
       << shape_string(t.ne) << '\t' << nbytes(t) << '\t' << placement_text(doc, owners, id) << '\n';
}

void json_row(json_writer& w, std::size_t index, const graph_document& doc, const memory_owners& owners, tensor_id id) {
    const tensor& t = doc.ctx[id];
    w.begin_object().member("index", index).member("name", t.name).member("op", op_desc(t)).member("type", type_name(t.type));
    w.key("ne").array_of(t.ne).member("nbytes", nbytes(t)).key("placement");
    write_placement(w, doc, owners, id);
    w.end_object();
}

// The compute buffer's alignment, as plan_graph recorded it in the buffer it appended.
std::uint64_t compute_alignment(const graph_document& doc, const plan_result& plan) {
    return plan.compute.index() < doc.buffers.size() ? doc.buffers[plan.compute.index()].alignment : 32;
}

} // namespace

std::string listing_field(std::string_view text) { return printable(text, std::string::npos); }

std::string listing_json(const nlohmann::ordered_json& j, int indent) {
    const std::string text = j.dump(indent, ' ', false, ojson::error_handler_t::replace);
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto b = static_cast<unsigned char>(text[i]);
        const auto next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0;
        if (b == 0x7f) {
            out += "\\u007f";
        } else if (b == 0xc2 && next >= 0x80 && next <= 0x9f) { // U+0080..U+009F (0xc2 only leads)
            out.append("\\u00").append(1, hex[next >> 4]).append(1, hex[next & 0xf]);
            ++i;
        } else {
            out += text[i];
        }
    }
    return out;
}

void write_placement(json_writer& w, const graph_document& doc, const memory_owners& owners, tensor_id id) {
    const tensor& t = doc.ctx[id];
    const placed_as p = placement_of(owners.inplace_of(), id, t);
    static constexpr const char* kinds[] = {"unallocated", "allocated", "view", "inplace"};
    w.begin_object().member("kind", kinds[static_cast<int>(p.kind)]);
    if (p.kind == how::view || p.kind == how::inplace) w.member("of", doc.ctx[p.of].name).member("of_id", p.of.value);
    if (p.kind == how::inplace) {
        const tensor_id owner = owners(id);
        w.member("owner", doc.ctx[owner].name).member("owner_id", owner.value);
    }
    if (p.kind == how::view) w.member("view_offs", t.view_offs);
    if (t.where) w.member("buffer", buffer_name(doc, t.where->buffer)).member("offset", t.where->offset);
    w.end_object();
}

llama_cpp_row llama_cpp_row_2023(std::uint64_t max_size, std::uint64_t alignment) {
    return {llama_compute_total_bytes(max_size, alignment), llama_compute_total_line(max_size, alignment), {}};
}

std::string plan_listing_text(const graph_document& doc, const plan_result& plan, const std::optional<llama_cpp_row>& llama) {
    std::ostringstream os;
    os << "planscope-plan\t" << plan_listing_version << '\n';
    os << "graph\t" << listing_field(doc.name) << '\n';
    if (plan.version != ggml_version::v2023) os << "ggml\t" << name(plan.version) << '\n';
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const auto& b = doc.buffers[i];
        os << "buffer\t" << i << '\t' << listing_field(b.name) << '\t' << listing_field(b.backend) << '\t' << b.size << '\t'
           << b.alignment << '\n';
    }
    const memory_owners owners(doc.ctx, plan.inplace_of);
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i) text_row(os, "node", i, doc, owners, doc.g.nodes[i]);
    for (std::size_t i = 0; i < doc.g.leafs.size(); ++i) text_row(os, "leaf", i, doc, owners, doc.g.leafs[i]);
    for (const free_block& b : plan.free_after)
        os << "free\t" << listing_field(buffer_name(doc, plan.compute)) << '\t' << b.offset << '\t' << b.size << '\n';
    const llama_cpp_row row = llama.value_or(llama_cpp_row_2023(plan.max_size, compute_alignment(doc, plan)));
    os << "llama_cpp\t" << listing_field(buffer_name(doc, plan.compute)) << '\t' << row.total << '\t' << row.line << '\n';
    os << "max_size\t" << listing_field(buffer_name(doc, plan.compute)) << '\t' << plan.max_size << '\n';
    return os.str();
}

std::string plan_listing_json(const graph_document& doc, const plan_result& plan, const std::optional<llama_cpp_row>& llama) {
    // Pretty at the top, one compact line per buffer and tensor: diffs stay line by line.
    std::string text;
    const auto list = [&](const char* key, std::size_t n, const auto& row) { append_json_rows(text, key, n, row); };
    const memory_owners owners(doc.ctx, plan.inplace_of);
    text += "{\n \"format\": \"planscope-plan\",\n \"version\": " + std::to_string(plan_listing_version) + ",\n \"graph\": ";
    append_json_string(text, doc.name);
    text += ",\n";
    if (plan.version != ggml_version::v2023) {
        text += " \"ggml\": ";
        append_json_string(text, name(plan.version));
        text += ",\n";
    }
    list("buffers", doc.buffers.size(), [&](json_writer& w, std::size_t i) {
        const auto& b = doc.buffers[i];
        w.begin_object().member("id", i).member("name", b.name).member("backend", b.backend).member("size", b.size);
        w.member("alignment", b.alignment).end_object();
    });
    list("nodes", doc.g.nodes.size(), [&](json_writer& w, std::size_t i) { json_row(w, i, doc, owners, doc.g.nodes[i]); });
    list("leafs", doc.g.leafs.size(), [&](json_writer& w, std::size_t i) { json_row(w, i, doc, owners, doc.g.leafs[i]); });
    const std::string compute = buffer_name(doc, plan.compute);
    text += " \"free_after\": ";
    json_writer w(text);
    w.begin_object().key(compute).begin_array();
    for (const free_block& b : plan.free_after) w.begin_object().member("offset", b.offset).member("size", b.size).end_object();
    w.end_array().end_object();
    const llama_cpp_row row = llama.value_or(llama_cpp_row_2023(plan.max_size, compute_alignment(doc, plan)));
    text += ",\n \"llama_cpp\": ";
    json_writer row_json(text);
    row_json.begin_object().member("compute_total", row.total).member("line", row.line);
    for (const auto& [key, value] : row.figures) row_json.member(key, value);
    row_json.end_object();
    text += ",\n \"max_size\": ";
    json_writer(text).begin_object().member(compute, plan.max_size).end_object();
    text += "\n}\n";
    return text;
}

} // namespace planscope
