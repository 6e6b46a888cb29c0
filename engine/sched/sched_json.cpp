#include "sched_json.h"

#include "alloc/plan_listing.h"
#include "io/json_writer.h"
#include "models/llama_report.h"

#include <algorithm>

namespace planscope {
namespace {

using ojson = nlohmann::ordered_json;

std::string backend_name(const sched_outcome& out, int b) {
    return b < 0 ? std::string() : out.backend_names[static_cast<std::size_t>(b)];
}

ojson backend_json(const sched_outcome& out, int b) { return b < 0 ? ojson(nullptr) : ojson(backend_name(out, b)); }

void write_backend(json_writer& w, const sched_outcome& out, int b) {
    if (b < 0) w.null();
    else w.value(backend_name(out, b));
}

// The split each node index belongs to; -1 before the first (none in a successful plan).
std::vector<int> split_of_nodes(const sched_outcome& out) {
    std::vector<int> split(out.doc.g.nodes.size(), -1);
    for (std::size_t s = 0; s < out.plan.splits.size(); ++s)
        for (std::size_t i = out.plan.splits[s].i_start; i < out.plan.splits[s].i_end && i < split.size(); ++i)
            split[i] = static_cast<int>(s);
    return split;
}

// A node's or leaf's row, left open: the caller closes it (a node's split comes last).
void tensor_row(json_writer& w, const sched_outcome& out, const memory_owners& owners, std::size_t index, tensor_id id) {
    const tensor& t = out.doc.ctx[id];
    w.begin_object().member("index", index).member("id", id.value).member("name", t.name).member("op", op_desc(t));
    w.member("type", type_name(t.type)).key("ne").array_of(t.ne).member("nbytes", nbytes(t)).key("backend");
    write_backend(w, out, out.plan.backend(id));
    w.member("cause", out.plan.cause(id)).key("placement");
    write_placement(w, out.doc, owners, id);
}

ojson buffers_json(const sched_outcome& out) {
    ojson list = ojson::array();
    const std::vector<std::string> backend = buffer_backend_names(out.doc, out.backend_names);
    for (std::size_t i = 0; i < out.doc.buffers.size(); ++i) {
        const buffer_desc& b = out.doc.buffers[i];
        ojson row{{"id", i}, {"name", b.name}, {"backend", backend[i]}, {"size", b.size}, {"alignment", b.alignment}};
        // A backend's compute buffer (ggml 2026: its first chunk).
        const auto info = std::find_if(out.buffers.begin(), out.buffers.end(),
                                       [i](const sched_buffer_info& x) { return x.id.valid() && x.id.index() == i; });
        if (info != out.buffers.end()) {
            ojson free_list = ojson::array();
            for (const free_block& f : info->free_after) free_list.push_back(ojson{{"offset", f.offset}, {"size", f.size}});
            row["compute"] = ojson{{"backend_index", info->backend},
                                   {"llama_cpp", llama_backend_compute_line(b.backend, info->size)},
                                   {"free_after", std::move(free_list)}};
        }
        list.push_back(std::move(row));
    }
    return list;
}

void write_split(json_writer& w, const sched_outcome& out, const memory_owners& owners, std::size_t s) {
    const sched_split& split = out.plan.splits[s];
    w.begin_object().member("index", s).key("backend");
    write_backend(w, out, split.backend);
    w.member("i_start", split.i_start).member("i_end", split.i_end).key("inputs").begin_array();
    for (const sched_input& in : split.inputs) {
        w.begin_object().member("name", in.name).member("id", in.tensor.value).member("bytes", in.bytes).key("from_backend");
        write_backend(w, out, out.plan.backend(in.tensor));
        w.member("copy", out.doc.ctx[in.copy].name).member("copy_id", in.copy.value).key("copy_placement");
        write_placement(w, out.doc, owners, in.copy);
        w.end_object();
    }
    w.end_array().end_object();
}

ojson causes_json(const sched_outcome& out) {
    ojson boundaries = ojson::array(), copies = ojson::array();
    for (const boundary_group& g : out.causes.boundaries)
        boundaries.push_back(ojson{{"op", g.op},
                                   {"cause", g.code},
                                   {"source", g.source},
                                   {"from_backend", backend_json(out, g.from_backend)},
                                   {"to_backend", backend_json(out, g.to_backend)},
                                   {"splits", g.splits}});
    for (const copy_group& g : out.causes.copies)
        copies.push_back(ojson{{"tensor", g.tensor},
                               {"from_backend", backend_json(out, g.from_backend)},
                               {"to_backend", backend_json(out, g.to_backend)},
                               {"copies", g.copies},
                               {"bytes", g.bytes},
                               {"splits", g.splits}});
    return ojson{{"boundaries", std::move(boundaries)}, {"copies", std::move(copies)}};
}

ojson network_json(const sched_outcome& out) {
    ojson boundaries = ojson::array();
    for (const network_boundary& b : out.network.boundaries)
        boundaries.push_back(ojson{{"from_split", b.from_split < 0 ? ojson(nullptr) : ojson(b.from_split)},
                                   {"to_split", b.to_split},
                                   {"from_backend", backend_json(out, b.from_backend)},
                                   {"to_backend", backend_json(out, b.to_backend)},
                                   {"copies", b.copies},
                                   {"bytes", b.bytes}});
    const auto per = out.network.bytes_per_token();
    return ojson{{"bytes", out.network.bytes},
                 {"n_tokens", out.network.n_tokens == 0 ? ojson(nullptr) : ojson(out.network.n_tokens)},
                 {"bytes_per_token", per ? ojson(*per) : ojson(nullptr)},
                 {"boundaries", std::move(boundaries)}};
}

} // namespace

std::string sched_plan_json(const sched_outcome& out) {
    const auto dump = [](const ojson& j) { return listing_json(j); };
    // Pretty at the top, one compact line per row, so that two plans diff line by line.
    std::string text;
    ojson backends = ojson::array();
    for (std::size_t b = 0; b < out.backend_names.size(); ++b) backends.push_back(ojson{{"index", b}, {"name", out.backend_names[b]}});
    const std::vector<int> split = split_of_nodes(out);
    const memory_owners owners(out.doc.ctx, out.inplace_of); // once: chains are long
    const auto rows = [&](const char* key, std::size_t n, const auto& row) { append_json_rows(text, key, n, row); };
    const auto list = [&](const char* key, const ojson& r) {
        rows(key, r.size(), [&](json_writer&, std::size_t i) { text += dump(r[i]); });
    };

    text += "{\n \"format\": \"planscope-sched\",\n \"version\": " + std::to_string(sched_json_version) + ",\n \"graph\": ";
    append_json_string(text, out.doc.name);
    text += ",\n";
    list("backends", backends);
    list("buffers", buffers_json(out));
    rows("splits", out.plan.splits.size(), [&](json_writer& w, std::size_t s) { write_split(w, out, owners, s); });
    rows("nodes", out.doc.g.nodes.size(), [&](json_writer& w, std::size_t i) {
        tensor_row(w, out, owners, i, out.doc.g.nodes[i]);
        w.key("split");
        if (split[i] < 0) w.null();
        else w.value(split[i]);
        w.end_object();
    });
    rows("leafs", out.doc.g.leafs.size(), [&](json_writer& w, std::size_t i) {
        tensor_row(w, out, owners, i, out.doc.g.leafs[i]);
        w.end_object();
    });
    // Only where a backend is remote: other plans' JSON stays as it was.
    if (out.network.remote) text += " \"network\": " + dump(network_json(out)) + ",\n";
    text += " \"causes\": " + dump(causes_json(out)) + ",\n";
    text += " \"warnings\": " + dump(ojson(out.warnings)) + "\n}\n";
    return text;
}

} // namespace planscope
