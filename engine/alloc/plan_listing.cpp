#include "plan_listing.h"

#include "core/printable.h"
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

ojson json_row(std::size_t index, const graph_document& doc, const memory_owners& owners, tensor_id id) {
    const tensor& t = doc.ctx[id];
    return ojson{{"index", index},        {"name", t.name},     {"op", op_desc(t)},
                 {"type", type_name(t.type)}, {"ne", t.ne},     {"nbytes", nbytes(t)},
                 {"placement", placement_json(doc, owners, id)}};
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

nlohmann::ordered_json placement_json(const graph_document& doc, const memory_owners& owners, tensor_id id) {
    const tensor& t = doc.ctx[id];
    const placed_as p = placement_of(owners.inplace_of(), id, t);
    ojson where = ojson::object();
    static constexpr const char* kinds[] = {"unallocated", "allocated", "view", "inplace"};
    where["kind"] = kinds[static_cast<int>(p.kind)];
    if (p.kind == how::view || p.kind == how::inplace) {
        where["of"] = doc.ctx[p.of].name;
        where["of_id"] = p.of.value;
    }
    if (p.kind == how::inplace) {
        const tensor_id owner = owners(id);
        where["owner"] = doc.ctx[owner].name;
        where["owner_id"] = owner.value;
    }
    if (p.kind == how::view) where["view_offs"] = t.view_offs;
    if (t.where) {
        where["buffer"] = buffer_name(doc, t.where->buffer);
        where["offset"] = t.where->offset;
    }
    return where;
}

std::string plan_listing_text(const graph_document& doc, const plan_result& plan, std::optional<std::size_t> llama_max_size) {
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
    const std::uint64_t alignment = compute_alignment(doc, plan);
    const std::size_t reserved = llama_max_size.value_or(plan.max_size);
    os << "llama_cpp\t" << listing_field(buffer_name(doc, plan.compute)) << '\t' << llama_compute_total_bytes(reserved, alignment)
       << '\t' << llama_compute_total_line(reserved, alignment) << '\n';
    os << "max_size\t" << listing_field(buffer_name(doc, plan.compute)) << '\t' << plan.max_size << '\n';
    return os.str();
}

std::string plan_listing_json(const graph_document& doc, const plan_result& plan, std::optional<std::size_t> llama_max_size) {
    // Pretty at the top, one compact line per buffer and tensor: diffs stay line by line.
    const auto dump = [](const ojson& j) { return listing_json(j); };
    // Each row dumped as it is made: a long graph's rows are never all held as JSON values.
    const auto list = [&](std::ostream& os, const char* key, std::size_t n, const auto& row) {
        os << " " << dump(key) << ": [";
        for (std::size_t i = 0; i < n; ++i) os << (i ? ",\n  " : "\n  ") << dump(row(i));
        os << (n == 0 ? "]" : "\n ]") << ",\n";
    };
    const memory_owners owners(doc.ctx, plan.inplace_of);
    std::ostringstream os;
    os << "{\n \"format\": \"planscope-plan\",\n \"version\": " << plan_listing_version << ",\n \"graph\": "
       << dump(doc.name) << ",\n";
    if (plan.version != ggml_version::v2023) os << " \"ggml\": " << dump(std::string(name(plan.version))) << ",\n";
    list(os, "buffers", doc.buffers.size(), [&](std::size_t i) {
        const auto& b = doc.buffers[i];
        return ojson{{"id", i}, {"name", b.name}, {"backend", b.backend}, {"size", b.size}, {"alignment", b.alignment}};
    });
    list(os, "nodes", doc.g.nodes.size(), [&](std::size_t i) { return json_row(i, doc, owners, doc.g.nodes[i]); });
    list(os, "leafs", doc.g.leafs.size(), [&](std::size_t i) { return json_row(i, doc, owners, doc.g.leafs[i]); });
    ojson free_list = ojson::array();
    for (const free_block& b : plan.free_after) free_list.push_back(ojson{{"offset", b.offset}, {"size", b.size}});
    os << " \"free_after\": " << dump(ojson{{buffer_name(doc, plan.compute), std::move(free_list)}}) << ",\n";
    const std::uint64_t alignment = compute_alignment(doc, plan);
    os << " \"llama_cpp\": "
       << dump(ojson{{"compute_total", llama_compute_total_bytes(llama_max_size.value_or(plan.max_size), alignment)},
                     {"line", llama_compute_total_line(llama_max_size.value_or(plan.max_size), alignment)}})
       << ",\n";
    os << " \"max_size\": " << dump(ojson{{buffer_name(doc, plan.compute), plan.max_size}}) << "\n}\n";
    return os.str();
}

} // namespace planscope
