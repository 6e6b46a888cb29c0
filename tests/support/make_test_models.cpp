// Writes the test models (tests/support/model_zoo.h) to a directory and prints one line of
// tab-separated key=value fields per model: what tests/data/llama_cpp/zoo_models.tsv holds.
//
//   planscope-make-test-models DIR [NAME...]    (every model when no NAME is given)
//   planscope-make-test-models --list
#include "model_zoo.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

using namespace planscope::test_models;

int main(int argc, char** argv) {
    if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
        for (const auto& n : zoo_names()) std::printf("%s\t%s\n", n.c_str(), zoo_is_shape_only(n) ? "shape-only" : zoo_is_variant(n) ? "variant" : "tiny");
        return 0;
    }
    if (argc < 2 || argv[1][0] == '-') {
        std::fprintf(stderr, "usage: %s DIR [NAME...] | --list\n", argv[0]);
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::fprintf(stderr, "%s: cannot create the directory: %s\n", argv[1], ec.message().c_str());
        return 1;
    }
    std::vector<std::string> names(argv + 2, argv + argc);
    if (names.empty()) names = zoo_names();
    for (const auto& n : names) {
        const auto m = zoo_model_named(n);
        if (!m) {
            std::fprintf(stderr, "%s: no such model (--list names them)\n", n.c_str());
            return 1;
        }
        const auto w = write_zoo_model(*m, dir);
        if (!w) {
            std::fprintf(stderr, "%s\n", w.err().message.c_str());
            return 1;
        }
        std::printf("model=%s.gguf\tarch=%s\tshape_only=%d\ttensors=%zu\tfile_bytes=%" PRIu64 "\tdata_offset=%" PRIu64
                    "\tfnv1a64=%016" PRIx64 "\n",
                    m->name.c_str(), m->arch.c_str(), m->doc.shape_only ? 1 : 0, m->doc.tensors.size(), w->file_bytes,
                    w->data_offset, w->fnv1a64);
    }
    return 0;
}
