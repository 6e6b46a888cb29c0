#include "dsa_csv.h"

#include "core/printable.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <unordered_map>

namespace planscope {
namespace {

constexpr std::array<std::string_view, 5> column_names{"id", "lower", "upper", "size", "offset"};
enum column : std::size_t { id_col, lower_col, upper_col, size_col, offset_col };

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::string quoted(std::string_view field) { return "'" + printable(field) + "'"; }

// Reads the text line by line and remembers where it is, for messages.
class csv_parser {
public:
    csv_parser(std::string_view text, std::string_view name) : m_text(text), m_name(name) {
        if (m_text.starts_with("\xEF\xBB\xBF")) m_text.remove_prefix(3); // a UTF-8 byte order mark
    }

    result<dsa_trace> run() {
        std::string_view line;
        if (!next_line(line)) {
            m_line = 1;
            return fail("no header line (expected id,lower,upper,size)");
        }
        if (auto s = read_header(line); !s) return s.err();
        dsa_trace out;
        if (m_index[offset_col] != npos) out.offsets.emplace();
        std::unordered_map<std::uint64_t, std::size_t> first_line; // id -> line
        std::uint64_t total = 0; // of the sizes
        while (next_line(line)) {
            if (trim(line).empty()) continue;
            if (out.problem.buffers.size() == max_trace_buffers)
                return fail("more than " + std::to_string(max_trace_buffers) + " buffers (the limit for a trace)");
            if (auto s = split(line); !s) return s.err();
            std::array<std::uint64_t, column_names.size()> v{};
            for (std::size_t c = 0; c < column_names.size(); ++c) {
                if (m_index[c] == npos) continue;
                auto value = number(m_fields[m_index[c]], column_names[c]);
                if (!value) return value.err();
                v[c] = *value;
            }
            if (v[upper_col] <= v[lower_col])
                return fail("upper " + std::to_string(v[upper_col]) + " <= lower " + std::to_string(v[lower_col]) +
                            ": the lifetime [lower, upper) is empty");
            if (const auto [it, fresh] = first_line.emplace(v[id_col], m_line); !fresh)
                return fail("duplicate id " + std::to_string(v[id_col]) + " (first on line " + std::to_string(it->second) +
                            ")");
            if (__builtin_add_overflow(total, v[size_col], &total))
                return fail("size " + std::to_string(v[size_col]) +
                            " takes the total of the sizes past 2^64 - 1 bytes (the limit for a trace)");
            if (std::uint64_t end = 0; out.offsets && __builtin_add_overflow(v[offset_col], v[size_col], &end))
                return fail("offset " + std::to_string(v[offset_col]) + " + size " + std::to_string(v[size_col]) +
                            " is past 2^64 - 1");
            out.problem.buffers.push_back({v[id_col], v[lower_col], v[upper_col], v[size_col]});
            if (out.offsets) out.offsets->push_back(v[offset_col]);
        }
        return out;
    }

private:
    static constexpr std::size_t npos = std::string_view::npos;

    bool next_line(std::string_view& line) {
        if (m_pos >= m_text.size()) return false;
        const std::size_t nl = m_text.find('\n', m_pos);
        line = m_text.substr(m_pos, nl - m_pos);
        m_pos = nl == npos ? m_text.size() : nl + 1;
        ++m_line;
        return true;
    }

    error fail(const std::string& reason) const {
        return error{std::string(m_name) + ":" + std::to_string(m_line) + ": " + reason};
    }

    // Into m_fields, trimmed. Fields are counted before they are stored, so that a line of a
    // million commas costs no million views.
    status split(std::string_view line) {
        const std::size_t count = static_cast<std::size_t>(std::count(line.begin(), line.end(), ',')) + 1;
        if (m_columns != 0 && count != m_columns)
            return fail(std::to_string(count) + " fields, the header has " + std::to_string(m_columns));
        if (count > max_trace_columns)
            return fail(std::to_string(count) + " columns (at most " + std::to_string(max_trace_columns) + ")");
        m_fields.clear();
        for (std::size_t start = 0;;) {
            const std::size_t comma = line.find(',', start);
            const std::string_view field = trim(line.substr(start, comma - start));
            if (field.size() > max_trace_field_bytes)
                return fail("field " + std::to_string(m_fields.size() + 1) + " is " + std::to_string(field.size()) +
                            " bytes long (at most " + std::to_string(max_trace_field_bytes) + ")");
            m_fields.push_back(field);
            if (comma == npos) return success();
            start = comma + 1;
        }
    }

    status read_header(std::string_view line) {
        if (auto s = split(line); !s) return s.err();
        m_columns = m_fields.size();
        m_index.fill(npos);
        for (std::size_t i = 0; i < m_fields.size(); ++i) {
            for (std::size_t c = 0; c < column_names.size(); ++c) {
                if (m_fields[i] != column_names[c]) continue;
                if (m_index[c] != npos) return fail("column " + quoted(m_fields[i]) + " appears twice");
                m_index[c] = i;
            }
        }
        for (std::size_t c = 0; c < offset_col; ++c)
            if (m_index[c] == npos)
                return fail("missing column '" + std::string(column_names[c]) + "' (the header needs id,lower,upper,size)");
        return success();
    }

    result<std::uint64_t> number(std::string_view field, std::string_view column) const {
        const std::string what = std::string(column) + " " + quoted(field);
        if (field.starts_with('-')) {
            std::int64_t negative = 0;
            const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), negative);
            if (ec == std::errc{} && end == field.data() + field.size())
                return fail("negative " + std::string(column) + " " + printable(field));
        }
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
        if (ec == std::errc::result_out_of_range && end == field.data() + field.size())
            return fail(what + " is out of range (at most " + std::to_string(UINT64_MAX) + ")");
        if (ec != std::errc{} || end != field.data() + field.size() || field.empty())
            return fail(what + " is not a non-negative integer");
        return v;
    }

    std::string_view m_text;
    std::string_view m_name;
    std::size_t m_pos = 0;
    std::size_t m_line = 0;
    std::size_t m_columns = 0; // 0 while the header is read
    std::array<std::size_t, column_names.size()> m_index{};
    std::vector<std::string_view> m_fields; // of the current line
};

} // namespace

result<dsa_trace> parse_dsa_csv(std::string_view text, std::string_view name) { return csv_parser(text, name).run(); }

result<dsa_trace> read_dsa_csv(const std::string& path) {
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return error{path + ": is a directory"};
    std::ifstream in(path, std::ios::binary);
    if (!in) return error{path + ": cannot open the file"};
    // Read up to one byte past the limit, whatever the file is (a pipe or a device has no size).
    const std::string too_large = path + ": more than " + std::to_string(max_trace_bytes) + " bytes (the limit for a trace)";
    std::string text;
    if (const auto size = std::filesystem::file_size(path, ec); !ec) {
        if (size > max_trace_bytes) return error{too_large};
        text.reserve(static_cast<std::size_t>(size));
    }
    std::array<char, 1 << 16> chunk{};
    while (in) {
        in.read(chunk.data(), chunk.size());
        const auto got = static_cast<std::size_t>(in.gcount());
        if (text.size() + got > max_trace_bytes) return error{too_large};
        text.append(chunk.data(), got);
    }
    if (in.bad()) return error{path + ": read error"};
    return parse_dsa_csv(text, path);
}

} // namespace planscope
