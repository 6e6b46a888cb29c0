#pragma once
// Every load error of the JSON graph format, as a JSON Patch (RFC 6902) applied to
// tests/data/graphs/small.json and the exact message the loader must give.

struct graph_json_error_case {
    const char* name;
    const char* patch;
    const char* message;
};

extern const graph_json_error_case graph_json_error_cases[];
extern const int graph_json_error_case_count;
