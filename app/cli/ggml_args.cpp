#include "ggml_args.h"

#include <charconv>

namespace planscope::cli {

bool ggml_args::parse(std::span<const std::string> args, std::size_t& i, std::string& error) {
    const std::string& a = args[i];
    if (a == "--no-op-offload") {
        m_no_op_offload = true;
        return true;
    }
    if (a != "--ggml" && a != "--max-buffer-size" && a != "--n-copies") return false;
    if (i + 1 == args.size()) {
        error = a + " needs a value";
        return true;
    }
    const std::string& v = args[++i];
    if (a == "--ggml") {
        m_version = parse_ggml_version(v);
        if (!m_version) error = "--ggml is 2023 or 2026, not '" + v + "'";
        return true;
    }
    if (a == "--n-copies") {
        int c = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), c);
        if (ec != std::errc{} || end != v.data() + v.size() || c < 1 || c > 4)
            error = "--n-copies is 1 to 4 (GGML_SCHED_MAX_COPIES), not '" + v + "'";
        else
            m_n_copies = c;
        return true;
    }
    std::size_t n = 0;
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
    if (ec != std::errc{} || end != v.data() + v.size() || n == 0)
        error = "--max-buffer-size takes a positive number of bytes, not '" + v + "'";
    else
        m_max_buffer_size = n;
    return true;
}

std::string ggml_args::check() const {
    if (m_max_buffer_size && !era().has_buffer_maximum()) return "--max-buffer-size goes with --ggml 2026";
    if (m_n_copies && !era().takes_sched_options()) return "--n-copies goes with --ggml 2026";
    if (m_no_op_offload && !era().takes_sched_options()) return "--no-op-offload goes with --ggml 2026";
    return {};
}

era_sched_options ggml_args::sched_options() const {
    era_sched_options o;
    o.n_copies = m_n_copies.value_or(1);
    o.op_offload = !m_no_op_offload;
    o.max_buffer_size = max_buffer_size();
    return o;
}

void ggml_args::apply(plan_options& options) const {
    options.version = version();
    if (m_max_buffer_size) options.max_buffer_size = *m_max_buffer_size;
}

} // namespace planscope::cli
