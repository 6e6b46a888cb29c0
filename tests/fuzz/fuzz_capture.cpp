// Capture files (io/capture_reader.h): the reader, then what opening a record does (the document,
// its captured schedule: source/capture_document.h) and `plan FILE.pscap`'s check
// (source/capture_check.h) on every record, and Planscope's plan of the document.
#include "fuzz_support.h"

#include "alloc/plan.h"
#include "io/capture_reader.h"
#include "source/capture_check.h"
#include "source/capture_document.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace planscope;
    auto file = capture::parse_capture(fuzz::as_text(data, size));
    if (!file) {
        fuzz::check_error("parse_capture", file.err());
        return 0;
    }
    for (const auto& w : file->warnings) fuzz::check_message("parse_capture warning", w);
    for (const capture::run& run : file->runs)
        for (const capture::graph& g : run.graphs) {
            auto cd = document_from_capture(g, "fuzz.pscap");
            if (!cd) {
                fuzz::check_error("document_from_capture", cd.err());
                continue;
            }
            for (const auto& w : cd->warnings) fuzz::check_message("document_from_capture warning", w);
            if (cd->recorded)
                if (auto check = check_capture(g, *cd, &run); !check) fuzz::check_error("check_capture", check.err());
            if (auto plan = plan_graph(cd->doc); !plan) fuzz::check_error("plan_graph", plan.err());
        }
    return 0;
}
