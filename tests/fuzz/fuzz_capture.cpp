// Capture files (io/capture_reader.h): the reader, then what opening a record does (the document,
// its captured schedule: source/capture_document.h) and `plan FILE.pscap`'s check
// (source/capture_check.h) on every record, Planscope's plan of the document, and the what-if on
// two GPU profiles (source/capture_devices.h).
#include "fuzz_support.h"

#include "alloc/plan.h"
#include "io/capture_reader.h"
#include "device/device_presets.h"
#include "source/capture_check.h"
#include "source/capture_devices.h"
#include "source/capture_document.h"

namespace {

const planscope::llm_device_request& two_gpus() {
    static const planscope::llm_device_request r = [] {
        planscope::llm_device_request d;
        d.devices.cpu = planscope::cpu_device_profile();
        d.devices.gpus = {*planscope::device_preset("cuda-24gb"), *planscope::device_preset("rocm-24gb")};
        return d;
    }();
    return r;
}

} // namespace

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
            if (cd->recorded) {
                auto on = capture_on_devices(g, "fuzz.pscap", two_gpus());
                if (!on) fuzz::check_error("capture_on_devices", on.err());
                else for (const auto& w : on->warnings) fuzz::check_message("capture_on_devices warning", w);
            }
        }
    return 0;
}
