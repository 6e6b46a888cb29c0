// What llama.cpp da46e59c reserves for a model, and its next-token logits: the yardstick of
// Planscope's 2026 llama graphs (issue 37). Built against ../shared/reference/llama.cpp-da46e59c
// by make_reference.sh, never by CI. One line of tab-separated key=value fields per run:
//
//   reference [--no-alloc] [--graph FILE] [--log] [--seqs N] [--unified] [--swa-full 0|1] [--no-repack] [--repack]
//             MODEL N_CTX N_BATCH N_UBATCH KV_TYPE(f16|f32|q8_0|q4_0, or K:V) FLASH_ATTN(on|off) [TOKENS]
//
// n_ctx as the context has it (llama.cpp pads it), graph nodes and splits of the prompt (pp) and
// one-token (tg) reserve graphs as llama_init_from_model logs them, and per buffer type the bytes
// of the model, the context (KV cache, output) and the compute buffer (llama_get_memory_breakdown);
// with TOKENS (comma-separated ids) the logits of the last token after one decode: their sum and
// the top 10 ids.
//
// --no-alloc loads only the metadata and simulates every allocation (llama_model_params.no_alloc,
// without mmap or repacked weights): a shape-only model of 70B parameters needs no memory. --graph FILE writes the
// prompt reserve graph (n_ubatch tokens, one sequence, every token an output) that
// llama_graph_reserve builds, one line per node and leaf (see README.md). --log prints llama.cpp's
// log to stderr. --seqs N (n_seq_max), --unified (kv_unified) and --swa-full (swa_full, default 1 as
// llama_context_default_params) add the fields n_seq_max, kv_unified and swa_full to the line; a
// KV_TYPE of K:V sets the K and V types apart. --no-repack keeps every weight in its mapped buffer
// (llama_model_params.use_extra_bufts off: q4_0 goes to CPU_REPACK on some CPUs only) and adds
// repack=0; --repack keeps the CPU's extra buffer types with --no-alloc (their sizes simulated too:
// the bytes then depend on the CPU, make_repack_reference.sh) and adds repack=1.
#include "llama.h"
#include "llama-ext.h"
#include "ggml-impl.h" // struct ggml_cgraph: its leafs have no public accessor

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <numeric>
#include <string>
#include <vector>

namespace {

std::string g_log;

void keep_log(ggml_log_level, const char* text, void*) { g_log += text; }

// "graph nodes  = 1158" or "graph nodes  = 1158 (with bs=512), 998 (with bs=1)": pp then tg.
void counts(const char* key, int& pp, int& tg) {
    const std::size_t at = g_log.rfind(key);
    if (at == std::string::npos) return;
    const char* p = g_log.c_str() + at + std::strlen(key);
    while (*p == ' ' || *p == '=') ++p;
    pp = tg = std::atoi(p);
    if (const char* second = std::strstr(p, "), "); second && second < std::strchr(p, '\n')) tg = std::atoi(second + 3);
}

// "n12" for node 12, "l3" for leaf 3, "-" for none; anything else (never seen) as "?".
struct graph_ids {
    std::map<const ggml_tensor*, std::string> id;
    std::string of(const ggml_tensor* t) const {
        if (!t) return "-";
        const auto it = id.find(t);
        return it == id.end() ? std::string("?") : it->second;
    }
};

void dump_tensor(FILE* f, const char* kind, int i, const ggml_tensor* t, const graph_ids& ids) {
    std::fprintf(f, "%s\t%d\t%s\t%s\t%s\t%lld\t%lld\t%lld\t%lld\t", kind, i, ggml_op_desc(t), t->name, ggml_type_name(t->type),
                 static_cast<long long>(t->ne[0]), static_cast<long long>(t->ne[1]), static_cast<long long>(t->ne[2]),
                 static_cast<long long>(t->ne[3]));
    bool any = false;
    for (const ggml_tensor* s : t->src) {
        if (!s) continue;
        std::fprintf(f, "%s%s", any ? "," : "", ids.of(s).c_str());
        any = true;
    }
    std::fprintf(f, "%s\t%s\t%zu\n", any ? "" : "-", ids.of(t->view_src).c_str(), t->view_offs);
}

bool dump_graph(const char* path, const ggml_cgraph* gf) {
    FILE* f = std::fopen(path, "w");
    if (!f) return false;
    graph_ids ids;
    for (int i = 0; i < gf->n_leafs; ++i) ids.id[gf->leafs[i]] = "l" + std::to_string(i);
    for (int i = 0; i < gf->n_nodes; ++i) ids.id[gf->nodes[i]] = "n" + std::to_string(i);
    std::fprintf(f, "#kind\tindex\top\tname\ttype\tne0\tne1\tne2\tne3\tsrcs\tview_src\tview_offs\n");
    for (int i = 0; i < gf->n_leafs; ++i) dump_tensor(f, "leaf", i, gf->leafs[i], ids);
    for (int i = 0; i < gf->n_nodes; ++i) dump_tensor(f, "node", i, gf->nodes[i], ids);
    return std::fclose(f) == 0;
}

ggml_type kv_type(const char* name) {
    if (!std::strcmp(name, "f32")) return GGML_TYPE_F32;
    if (!std::strcmp(name, "q8_0")) return GGML_TYPE_Q8_0;
    if (!std::strcmp(name, "q4_0")) return GGML_TYPE_Q4_0;
    return GGML_TYPE_F16;
}

} // namespace

int main(int argc_all, char** argv_all) {
    bool no_alloc = false;
    bool print_log = false;
    const char* graph_file = nullptr;
    const char* seqs = nullptr;
    const char* swa_full = nullptr;
    bool unified = false;
    bool no_repack = false;
    bool repack = false;
    int decode_steps = 0; // after the prompt, that many greedy one-token decodes, timed
    std::vector<char*> args{argv_all[0]};
    for (int i = 1; i < argc_all; ++i) {
        if (!std::strcmp(argv_all[i], "--no-alloc")) no_alloc = true;
        else if (!std::strcmp(argv_all[i], "--log")) print_log = true;
        else if (!std::strcmp(argv_all[i], "--graph") && i + 1 < argc_all) graph_file = argv_all[++i];
        else if (!std::strcmp(argv_all[i], "--seqs") && i + 1 < argc_all) seqs = argv_all[++i];
        else if (!std::strcmp(argv_all[i], "--swa-full") && i + 1 < argc_all) swa_full = argv_all[++i];
        else if (!std::strcmp(argv_all[i], "--unified")) unified = true;
        else if (!std::strcmp(argv_all[i], "--no-repack")) no_repack = true;
        else if (!std::strcmp(argv_all[i], "--repack")) repack = true;
        else if (!std::strcmp(argv_all[i], "--decode") && i + 1 < argc_all) decode_steps = std::atoi(argv_all[++i]);
        else args.push_back(argv_all[i]);
    }
    const int argc = static_cast<int>(args.size());
    char** argv = args.data();
    if (argc < 7) {
        std::fprintf(stderr, "usage: %s [--no-alloc] [--graph FILE] [--log] [--seqs N] [--unified] [--swa-full 0|1] [--no-repack] [--repack] [--decode N] MODEL N_CTX N_BATCH N_UBATCH KV_TYPE[:V_TYPE] on|off [TOKENS]\n", argv[0]);
        return 2;
    }
    llama_log_set(keep_log, nullptr);
    llama_backend_init();
    llama_model_params mp = llama_model_default_params();
    mp.n_gpu_layers = 0;
    if (no_alloc) {
        mp.no_alloc = true;
        mp.use_mmap = false; // llama.cpp maps weights into buffers only when it allocates them
        // Without mmap, q4_0 weights would go to CPU_REPACK, whose use depends on the CPU's features:
        // every weight stays in the plain CPU buffer, the same on every machine.
        mp.use_extra_bufts = repack;
    }
    if (no_repack) mp.use_extra_bufts = false;
    llama_model* model = llama_model_load_from_file(argv[1], mp);
    if (!model) {
        std::fprintf(stderr, "%s: cannot load\n%s", argv[1], g_log.c_str());
        return 1;
    }
    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = static_cast<uint32_t>(std::atoi(argv[2]));
    cp.n_batch = static_cast<uint32_t>(std::atoi(argv[3]));
    cp.n_ubatch = static_cast<uint32_t>(std::atoi(argv[4]));
    const std::string kv_arg = argv[5];
    const std::size_t colon = kv_arg.find(':');
    cp.type_k = kv_type(kv_arg.substr(0, colon).c_str());
    cp.type_v = colon == std::string::npos ? cp.type_k : kv_type(kv_arg.substr(colon + 1).c_str());
    cp.flash_attn_type = std::strcmp(argv[6], "on") == 0 ? LLAMA_FLASH_ATTN_TYPE_ENABLED : LLAMA_FLASH_ATTN_TYPE_DISABLED;
    cp.n_threads = cp.n_threads_batch = 1;
    cp.n_seq_max = seqs ? static_cast<uint32_t>(std::atoi(seqs)) : 1;
    if (unified) cp.kv_unified = true;
    if (swa_full) cp.swa_full = std::atoi(swa_full) != 0;
    llama_context* ctx = llama_init_from_model(model, cp);
    if (!ctx) {
        std::fprintf(stderr, "%s: cannot make the context\n%s", argv[1], g_log.c_str());
        return 1;
    }
    int nodes_pp = -1, nodes_tg = -1, splits_pp = -1, splits_tg = -1;
    counts("graph nodes", nodes_pp, nodes_tg);
    counts("graph splits", splits_pp, splits_tg);
    std::printf("model=%s\tn_ctx=%s\tn_ctx_used=%u\tn_batch=%s\tn_ubatch=%s\tkv=%s\tflash_attn=%s\tnodes_pp=%d\tnodes_tg=%d"
                "\tsplits_pp=%d\tsplits_tg=%d",
                std::strrchr(argv[1], '/') ? std::strrchr(argv[1], '/') + 1 : argv[1], argv[2], llama_n_ctx(ctx), argv[3],
                argv[4], argv[5], argv[6], nodes_pp, nodes_tg, splits_pp, splits_tg);
    if (seqs) std::printf("\tn_seq_max=%s", seqs);
    if (unified) std::printf("\tkv_unified=1");
    if (swa_full) std::printf("\tswa_full=%d", cp.swa_full ? 1 : 0);
    if (no_repack) std::printf("\trepack=0");
    if (repack) std::printf("\trepack=1");
    for (const auto& [buft, m] : llama_get_memory_breakdown(ctx))
        std::printf("\t%s.model=%zu\t%s.context=%zu\t%s.compute=%zu", ggml_backend_buft_name(buft), m.model,
                    ggml_backend_buft_name(buft), m.context, ggml_backend_buft_name(buft), m.compute);
    if (graph_file) {
        const ggml_cgraph* gf = llama_graph_reserve(ctx, cp.n_ubatch, 1, cp.n_ubatch);
        if (!gf || !dump_graph(graph_file, gf)) {
            std::fprintf(stderr, "%s: cannot write the graph\n", graph_file);
            return 1;
        }
    }
    if (argc > 7) {
        std::vector<llama_token> tokens;
        for (const char* p = argv[7]; *p;) {
            tokens.push_back(static_cast<llama_token>(std::strtol(p, const_cast<char**>(&p), 10)));
            if (*p == ',') ++p;
        }
        if (llama_decode(ctx, llama_batch_get_one(tokens.data(), static_cast<int32_t>(tokens.size()))) != 0) {
            std::fprintf(stderr, "decode failed\n");
            return 1;
        }
        const int n_vocab = llama_vocab_n_tokens(llama_model_get_vocab(model));
        const float* logits = llama_get_logits_ith(ctx, -1);
        std::vector<int> ids(static_cast<std::size_t>(n_vocab));
        std::iota(ids.begin(), ids.end(), 0);
        std::partial_sort(ids.begin(), ids.begin() + 10, ids.end(), [&](int a, int b) { return logits[a] > logits[b]; });
        double sum = 0;
        for (int i = 0; i < n_vocab; ++i) sum += logits[i];
        std::printf("\ttokens=%s\tlogit_sum=%.6f\ttop10=", argv[7], sum);
        for (int i = 0; i < 10; ++i) std::printf("%s%d:%.6f", i ? "," : "", ids[static_cast<std::size_t>(i)], logits[ids[static_cast<std::size_t>(i)]]);
        // One token at a time, as generation runs (docs/capture.md measures the capture's cost so).
        std::vector<double> us;
        llama_token next = ids[0];
        for (int step = 0; step < decode_steps; ++step) {
            const auto t0 = std::chrono::steady_clock::now();
            if (llama_decode(ctx, llama_batch_get_one(&next, 1)) != 0) break;
            const float* l = llama_get_logits_ith(ctx, -1);
            us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
            next = static_cast<llama_token>(std::max_element(l, l + n_vocab) - l);
        }
        if (!us.empty()) {
            std::sort(us.begin(), us.end());
            std::printf("\tdecode_steps=%zu\tdecode_us_median=%.1f", us.size(), us[us.size() / 2]);
        }
    }
    std::printf("\n");
    if (print_log) std::fputs(g_log.c_str(), stderr);
    llama_free(ctx);
    llama_model_free(model);
    llama_backend_free();
    return 0;
}
