#pragma once
// What compare_ggml's cases share with its table: each case adds a row and the two sides'
// results to compare.
#include <map>
#include <string>
#include <vector>

namespace compare_ggml {

// One row of the table: what an iteration does, to turn its median time into a figure.
struct case_row {
    std::string name;
    std::string unit;
    double work = 0;  // per iteration in 1e9 flops or bytes; 0: the figure is the time itself
    double items = 1; // a time figure is per item (the tokens of a model step)
};
extern std::vector<case_row> rows;                        // in registration order
extern std::map<std::string, std::vector<float>> outputs; // each benchmark's first result, by name

// The whole-model cases (compare_ggml_model.cpp).
void register_model_cases();
// Whether both sides of each model case chose the same next token.
void print_top_tokens();
// Planscope's ggml 2026 planner against ggml's on the llama timing graphs (compare_ggml_planner2026.cpp).
void print_planner_2026_check();

} // namespace compare_ggml
