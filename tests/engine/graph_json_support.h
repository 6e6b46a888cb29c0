#pragma once
// Helpers of test_graph_json: comparing documents and a graph that uses every feature of the format.
#include "core/document.h"

#include <string>

// The first difference between two documents ("tensor 3 nb"), or "" when they are the same.
std::string document_diff(const planscope::graph_document& a, const planscope::graph_document& b);

// Saves, loads, compares; then checks that saving again gives the same text (QVERIFY failures).
void check_round_trip(const planscope::graph_document& doc);

// A graph with every kind of tensor the format stores: views of every kind, inplace results, a
// CPY into a KV cache view, quantized weights, param and raw op-param words, NaN and infinite
// floats, a leaf view, tensors outside the graph, duplicate buffer names, parse_seq, assignments.
planscope::graph_document feature_graph();
