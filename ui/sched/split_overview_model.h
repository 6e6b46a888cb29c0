#pragma once
// The split overview's content (split_overview.h): one entry per split in split order with its
// backend, node count, the copies it reads (count and bytes) and why it starts (the cause of its
// first node's backend, in words), grouped in sections. Splits that start in the same instance of
// a repeated block form that instance's pattern; instances in a row with the same pattern fold
// into one section ("blk 16–30 ×15") that shows the pattern once. Pure functions.
#include "fold/fold_structure.h"
#include "sched/sched_types.h"

#include <QString>

#include <set>
#include <vector>

namespace planscope::ui {

struct OverviewSplit {
    int split = 0;
    int backend = -1;
    std::size_t nodes = 0;
    std::size_t copies = 0;   // distinct input copies
    std::uint64_t bytes = 0;  // bytes they copy
    std::uint64_t networkBytes = 0; // of those, on the network: to or from a remote backend (network_traffic.h)
    planscope::tensor_id first; // the node whose backend started the split
    QString cause;            // why the split starts, in words; empty for the first split
    QString code;             // the scheduler's cause code of that node ("1.src1")
    double computeUs = -1;    // after a run; -1 before
};

struct OverviewSection {
    QString title;          // "blk 16–30"; empty for splits that start outside repeated blocks
    std::size_t repeat = 1; // instances folded into it (its splits are the first one's)
    int group = -1;         // the fold group, -1 for splits outside repeated blocks
    std::size_t firstInstance = 0;
    bool expanded = false;  // shown instance by instance (a section per instance)
    std::vector<OverviewSplit> splits;
};

// `splitDoc`/`splitOf` as SplitSchedule holds them; `fold` of splitDoc (with backends as keys);
// `expanded`: the groups the user unfolded. `computeUs` by split, empty before a run.
std::vector<OverviewSection> splitOverview(const planscope::graph_document& splitDoc, const planscope::sched_plan& plan,
                                           const std::vector<std::string>& backendNames, const std::vector<int>& splitOf,
                                           const planscope::fold_structure& fold, const std::set<int>& expanded,
                                           const std::vector<double>& computeUs = {});

// "OpenCL" for "OpenCL:pthread-skylake-avx512-…": a backend's name without its device
// (backend_kind_name; an RPC backend's "RPC0[HOST:PORT]" whole).
QString shortBackendName(const std::string& name);
// Why `who` runs on `where` for the scheduler's cause `code` ("1.src1"), `source` being the tensor
// the cause names (the source or the viewed tensor): "ROPE Kcur-17: src1 inp_pos lives in CPU memory".
QString causeWords(const QString& who, std::string_view code, const QString& source, const QString& where);
// Why a node runs where it does, in causeWords.
QString causeText(const planscope::graph_document& doc, const planscope::sched_plan& plan,
                  const std::vector<std::string>& backendNames, planscope::tensor_id node);

} // namespace planscope::ui
