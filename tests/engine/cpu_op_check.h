#pragma once
// Runs one CPU graph with 1 and with 3 threads: both must match the reference within a
// tolerance, and each other exactly (rows are split differently, values must not change).
#include "cpu_harness.h"

#include <QtTest>

#include <functional>

namespace planscope::testing {

// Builds leafs and ops in `cg`, calls cg.prepare(out), sets the inputs, returns out.
using graph_setup = std::function<result<tensor_id>(cpu_graph& cg)>;

inline result<host_tensor> run_graph(int n_threads, const graph_setup& setup) {
    cpu_graph cg(n_threads);
    auto out = setup(cg);
    if (!out) return out.err();
    if (auto s = cg.compute(); !s) return s.err();
    return cg.get(*out);
}

// `exact_threads` false for reductions whose partial sums depend on the split (SUM).
inline void check_graph(const graph_setup& setup, const host_tensor& expected, double tolerance,
                        bool exact_threads = true) {
    auto one = run_graph(1, setup);
    QVERIFY2(one.ok(), one.ok() ? "" : one.err().message.c_str());
    const double err = max_rel_error(*one, expected);
    QVERIFY2(err <= tolerance, qPrintable(QStringLiteral("error %1 > tolerance %2").arg(err).arg(tolerance)));
    auto three = run_graph(3, setup);
    QVERIFY2(three.ok(), three.ok() ? "" : three.err().message.c_str());
    if (exact_threads) {
        QVERIFY2(std::memcmp(one->v.data(), three->v.data(), one->v.size() * sizeof(float)) == 0,
                 "3 threads computed other values than 1 thread");
    } else {
        QVERIFY(max_rel_error(*three, *one) <= tolerance);
    }
}

// A leaf of `type` holding `values` (as that type rounds them), set after prepare.
struct input {
    dtype type;
    host_tensor values;
};

} // namespace planscope::testing

Q_DECLARE_METATYPE(planscope::testing::shape)
