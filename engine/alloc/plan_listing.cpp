#include "plan_listing.h"

#include "memory_owner.h"

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

// Names are free text; a tab or line break would split a record.
std::string field(std::string s) {
    for (char& c : s)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    return s;
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

std::string placement_text(const graph_document& doc, const plan_result& plan, tensor_id id) {
    const tensor& t = doc.ctx[id];
    const placed_as p = placement_of(plan.inplace_of, id, t);
    switch (p.kind) {
    case how::inplace: {
        const tensor_id owner = memory_owner(doc.ctx, plan.inplace_of, id);
        std::string text = "inplace of " + field(doc.ctx[p.of].name);
        return owner == p.of ? text : text + " (memory of " + field(doc.ctx[owner].name) + ")";
    }
    case how::view: return "view of " + field(doc.ctx[p.of].name) + "+" + std::to_string(t.view_offs);
    case how::placed: return field(buffer_name(doc, t.where->buffer)) + "+" + std::to_string(t.where->offset);
    case how::unallocated: break;
    }
    return "-";
}

void text_row(std::ostream& os, const char* kind, std::size_t index, const graph_document& doc,
              const plan_result& plan, tensor_id id) {
    const tensor& t = doc.ctx[id];
    os << kind << '\t' << index << '\t' << field(t.name) << '\t' << op_desc(t) << '\t' << type_name(t.type) << '\t'
       << shape_string(t.ne) << '\t' << nbytes(t) << '\t' << placement_text(doc, plan, id) << '\n';
}

ojson json_row(std::size_t index, const graph_document& doc, const plan_result& plan, tensor_id id) {
    const tensor& t = doc.ctx[id];
    return ojson{{"index", index},        {"name", t.name},     {"op", op_desc(t)},
                 {"type", type_name(t.type)}, {"ne", t.ne},     {"nbytes", nbytes(t)},
                 {"placement", placement_json(doc, plan.inplace_of, id)}};
}

// The compute buffer's alignment, as plan_graph recorded it in the buffer it appended.
std::uint64_t compute_alignment(const graph_document& doc, const plan_result& plan) {
    return plan.compute.index() < doc.buffers.size() ? doc.buffers[plan.compute.index()].alignment : 32;
}

} // namespace

nlohmann::ordered_json placement_json(const graph_document& doc, const inplace_map& inplace_of, tensor_id id) {
    const tensor& t = doc.ctx[id];
    const placed_as p = placement_of(inplace_of, id, t);
    ojson where = ojson::object();
    static constexpr const char* kinds[] = {"unallocated", "allocated", "view", "inplace"};
    where["kind"] = kinds[static_cast<int>(p.kind)];
    if (p.kind == how::view || p.kind == how::inplace) {
        where["of"] = doc.ctx[p.of].name;
        where["of_id"] = p.of.value;
    }
    if (p.kind == how::inplace) {
        const tensor_id owner = memory_owner(doc.ctx, inplace_of, id);
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
    os << "graph\t" << field(doc.name) << '\n';
    if (plan.version != ggml_version::v2023) os << "ggml\t" << name(plan.version) << '\n';
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const auto& b = doc.buffers[i];
        os << "buffer\t" << i << '\t' << field(b.name) << '\t' << field(b.backend) << '\t' << b.size << '\t'
           << b.alignment << '\n';
    }
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i) text_row(os, "node", i, doc, plan, doc.g.nodes[i]);
    for (std::size_t i = 0; i < doc.g.leafs.size(); ++i) text_row(os, "leaf", i, doc, plan, doc.g.leafs[i]);
    for (const free_block& b : plan.free_after)
        os << "free\t" << field(buffer_name(doc, plan.compute)) << '\t' << b.offset << '\t' << b.size << '\n';
    const std::uint64_t alignment = compute_alignment(doc, plan);
    const std::size_t reserved = llama_max_size.value_or(plan.max_size);
    os << "llama_cpp\t" << field(buffer_name(doc, plan.compute)) << '\t' << llama_compute_total_bytes(reserved, alignment)
       << '\t' << llama_compute_total_line(reserved, alignment) << '\n';
    os << "max_size\t" << field(buffer_name(doc, plan.compute)) << '\t' << plan.max_size << '\n';
    return os.str();
}

std::string plan_listing_json(const graph_document& doc, const plan_result& plan, std::optional<std::size_t> llama_max_size) {
    // Pretty at the top, one compact line per buffer and tensor: diffs stay line by line.
    const auto dump = [](const ojson& j) { return j.dump(-1, ' ', false, ojson::error_handler_t::replace); };
    const auto list = [&](std::ostream& os, const char* key, const std::vector<ojson>& rows, bool last) {
        os << " " << dump(key) << ": [";
        for (std::size_t i = 0; i < rows.size(); ++i) os << (i ? ",\n  " : "\n  ") << dump(rows[i]);
        os << (rows.empty() ? "]" : "\n ]") << (last ? "\n" : ",\n");
    };
    std::vector<ojson> buffers, nodes, leafs;
    for (std::size_t i = 0; i < doc.buffers.size(); ++i) {
        const auto& b = doc.buffers[i];
        buffers.push_back(ojson{{"id", i}, {"name", b.name}, {"backend", b.backend}, {"size", b.size},
                                {"alignment", b.alignment}});
    }
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i) nodes.push_back(json_row(i, doc, plan, doc.g.nodes[i]));
    for (std::size_t i = 0; i < doc.g.leafs.size(); ++i) leafs.push_back(json_row(i, doc, plan, doc.g.leafs[i]));

    std::ostringstream os;
    os << "{\n \"format\": \"planscope-plan\",\n \"version\": " << plan_listing_version << ",\n \"graph\": "
       << dump(doc.name) << ",\n";
    if (plan.version != ggml_version::v2023) os << " \"ggml\": " << dump(std::string(name(plan.version))) << ",\n";
    list(os, "buffers", buffers, false);
    list(os, "nodes", nodes, false);
    list(os, "leafs", leafs, false);
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
