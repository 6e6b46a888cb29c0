#pragma once
// A planned document with its allocation recording, for the buffer view, timeline and comparison
// tests: tests/data/graphs/small.json or a built-in template, planned as plan_graph does it; and
// how much of a widget's picture is drawn.
#include "alloc/plan.h"
#include "io/graph_json.h"
#include "models/templates.h"

#include <QImage>
#include <QtTest>

#include <string>

namespace planscope::ui::test {

struct AllocTrace {
    planscope::graph_document doc; // planned: its last buffer is "compute"
    std::vector<planscope::alloc_event> events;
    planscope::plan_result plan;
};

inline AllocTrace planned(planscope::graph_document doc) {
    AllocTrace t;
    t.doc = std::move(doc);
    planscope::alloc_recorder recorder;
    planscope::plan_options options;
    options.observer = &recorder;
    auto plan = planscope::plan_graph(t.doc, options);
    if (!plan) qFatal("plan_graph: %s", plan.err().message.c_str());
    t.plan = *plan;
    t.events = recorder.events();
    return t;
}

inline planscope::graph_document smallGraph() {
    auto doc = planscope::load_graph_json_file(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json");
    if (!doc) qFatal("small.json: %s", doc.err().message.c_str());
    return std::move(doc).value();
}

// Pixels that differ from the top-left one: a drawn widget has many.
inline int drawnPixels(const QImage& image) {
    const QRgb background = image.pixel(0, 0);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) n += image.pixel(x, y) != background;
    return n;
}

inline planscope::graph_document templateGraph(const char* name) {
    auto doc = planscope::make_template(name);
    if (!doc) qFatal("template %s: %s", name, doc.err().message.c_str());
    return std::move(doc).value();
}

} // namespace planscope::ui::test
