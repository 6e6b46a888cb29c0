#include "dsa_csv.h"

#include <array>
#include <charconv>
#include <fstream>
#include <sstream>
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

std::vector<std::string_view> split(std::string_view line) {
    std::vector<std::string_view> out;
    for (std::size_t start = 0;;) {
        const std::size_t comma = line.find(',', start);
        out.push_back(trim(line.substr(start, comma - start)));
        if (comma == std::string_view::npos) return out;
        start = comma + 1;
    }
}

// Reads the text line by line and remembers where it is, for messages.
class csv_parser {
public:
    csv_parser(std::string_view text, std::string_view name) : m_text(text), m_name(name) {}

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
        while (next_line(line)) {
            if (trim(line).empty()) continue;
            const auto fields = split(line);
            if (fields.size() != m_columns)
                return fail(std::to_string(fields.size()) + " fields, the header has " + std::to_string(m_columns));
            std::array<std::uint64_t, column_names.size()> v{};
            for (std::size_t c = 0; c < column_names.size(); ++c) {
                if (m_index[c] == npos) continue;
                auto value = number(fields[m_index[c]], column_names[c]);
                if (!value) return value.err();
                v[c] = *value;
            }
            if (v[upper_col] <= v[lower_col])
                return fail("upper " + std::to_string(v[upper_col]) + " <= lower " + std::to_string(v[lower_col]) +
                            ": the lifetime [lower, upper) is empty");
            if (const auto [it, fresh] = first_line.emplace(v[id_col], m_line); !fresh)
                return fail("duplicate id " + std::to_string(v[id_col]) + " (first on line " + std::to_string(it->second) +
                            ")");
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

    status read_header(std::string_view line) {
        const auto names = split(line);
        m_columns = names.size();
        m_index.fill(npos);
        for (std::size_t i = 0; i < names.size(); ++i) {
            for (std::size_t c = 0; c < column_names.size(); ++c) {
                if (names[i] != column_names[c]) continue;
                if (m_index[c] != npos) return fail("column '" + std::string(names[i]) + "' appears twice");
                m_index[c] = i;
            }
        }
        for (std::size_t c = 0; c < offset_col; ++c)
            if (m_index[c] == npos)
                return fail("missing column '" + std::string(column_names[c]) + "' (the header needs id,lower,upper,size)");
        return success();
    }

    result<std::uint64_t> number(std::string_view field, std::string_view column) const {
        const std::string what = std::string(column) + " '" + std::string(field) + "'";
        if (field.starts_with('-')) {
            std::int64_t negative = 0;
            const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), negative);
            if (ec == std::errc{} && end == field.data() + field.size())
                return fail("negative " + std::string(column) + " " + std::string(field));
        }
        std::uint64_t v = 0;
        const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), v);
        if (ec == std::errc::result_out_of_range) return fail(what + " is out of range");
        if (ec != std::errc{} || end != field.data() + field.size() || field.empty())
            return fail(what + " is not a non-negative integer");
        return v;
    }

    std::string_view m_text;
    std::string_view m_name;
    std::size_t m_pos = 0;
    std::size_t m_line = 0;
    std::size_t m_columns = 0;
    std::array<std::size_t, column_names.size()> m_index{};
};

} // namespace

result<dsa_trace> parse_dsa_csv(std::string_view text, std::string_view name) { return csv_parser(text, name).run(); }

result<dsa_trace> read_dsa_csv(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return error{path + ": cannot open the file"};
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) return error{path + ": read error"};
    return parse_dsa_csv(text.str(), path);
}

} // namespace planscope
