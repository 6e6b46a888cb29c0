#pragma once
// Internal helpers of the JSON graph format: JSON pointer paths, typed readers that fail with
// "PATH: reason", and the names the format uses for flags. Not part of the engine's API.
#include "core/document.h"
#include "core/printable.h"
#include "io/json_parse.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

namespace planscope::json_detail {

inline constexpr std::string_view format_tag = "planscope-graph";
inline constexpr int format_version = 1;

// Thrown inside the loader, caught at the API boundary and turned into an error value.
struct load_failure {
    std::string message; // "PATH: reason"
};

// The path is shown through printable() (it holds keys from the file); names in `reason` must be
// already, e.g. by quote().
[[noreturn]] void fail(const std::string& path, const std::string& reason);
// 'NAME' for a message: a name, key, type or op name from the file, made printable.
std::string quote(std::string_view text);

// JSON pointer (RFC 6901) of a member or element; "" is the document itself.
std::string child(const std::string& path, std::string_view key);
std::string child(const std::string& path, std::size_t index);
// How a path appears in messages: the pointer, or "/" for the document itself.
std::string shown(const std::string& path);

// A short rendering of a value for messages: 'abc', 12, [1, 2] (printable, cut at 40 bytes).
std::string describe(const json& v);

void expect_object(const json& v, const std::string& path);
void expect_array(const json& v, const std::string& path);
// Fails on the first key that is not in `known`.
void check_keys(const json& obj, const std::string& path, std::initializer_list<std::string_view> known);
// The member `key`, or a "required key is missing" failure.
const json& require(const json& obj, const std::string& path, std::string_view key);
// The member `key`, or nullptr.
const json* find(const json& obj, std::string_view key);

std::int64_t get_int(const json& v, const std::string& path, std::int64_t min, std::int64_t max);
std::uint64_t get_u64(const json& v, const std::string& path);
std::string get_string(const json& v, const std::string& path);

// "tensor 5 ('Kcur-0')", or "tensor 5" when unnamed (the name made printable).
std::string tensor_label(const context& ctx, tensor_id id);
// "[4, 32, 128, 128]"
std::string strides_string(const std::array<std::size_t, max_dims>& nb);
// ggml_nbytes() without overflow; false when it would overflow.
bool checked_nbytes(const tensor& t, std::size_t& out);

std::string_view flag_name(tensor_flag f);
inline constexpr std::array<tensor_flag, 3> all_flags{tensor_flag::input, tensor_flag::output, tensor_flag::param};

// Named op params ("params": {"eps": 1e-05}). decode fails (throws load_failure) on unknown
// names and bad values; missing names leave their words 0. encode writes every named param of
// the op; it may not reproduce the words (words outside any named slot, NaN payloads, an unknown
// unary op), which the saver detects by decoding and then writes the raw words instead.
op_params decode_params(op_kind op, const json& params, const std::string& path);
json encode_params(op_kind op, const op_params& p);

// Phase two of loading: everything that relates tensors to each other (view roots, cycles, op
// results, placement in buffers), then the node order, parse_seq and assignments.
void validate_tensors(graph_document& doc);
void read_graph_order(graph_document& doc, const parsed_json& file);

} // namespace planscope::json_detail
