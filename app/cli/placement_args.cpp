#include "placement_args.h"

#include "device/device_presets.h"

#include <charconv>

namespace planscope::cli {
namespace {

bool parse_int(std::string_view s, int& out) {
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && p == s.data() + s.size() && !s.empty();
}

// "3,1" or "3/1" (common/arg.cpp splits --tensor-split on both).
bool parse_split(std::string_view s, std::vector<float>& out) {
    out.clear();
    while (true) {
        const auto sep = s.find_first_of(",/");
        const std::string_view part = s.substr(0, sep);
        float v = 0;
        const auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
        if (ec != std::errc() || p != part.data() + part.size() || part.empty() || !(v >= 0)) return false;
        out.push_back(v);
        if (sep == std::string_view::npos) return true;
        s.remove_prefix(sep + 1);
    }
}

} // namespace

bool placement_args::parse(std::span<const std::string> args, std::size_t& i, std::string& error) {
    const std::string& a = args[i];
    if (a == "--no-kv-offload") m_params.offload_kqv = false;
    else if (a == "--no-op-offload") m_op_offload = false;
    else if (a == "--no-mmap") m_params.use_mmap = false;
    else if (a == "--no-host") m_params.no_host = true;
    else if (a == "--no-repack" || a == "-nr") m_params.no_repack = true;
    else if (a == "--device" || a == "--ngl" || a == "--tensor-split" || a == "--split-mode" || a == "--main-gpu" ||
             a == "--override-tensor" || a == "--n-cpu-moe") {
        if (i + 1 == args.size()) {
            error = a + " needs a value";
            return true;
        }
        const std::string& v = args[++i];
        int n = 0;
        if (a == "--device") {
            m_devices.push_back(v);
        } else if (a == "--ngl") {
            if (!parse_int(v, n) || n < -1) error = "--ngl takes -1 (all) or a count of layers, not '" + v + "'";
            m_params.n_gpu_layers = n;
        } else if (a == "--main-gpu") {
            if (!parse_int(v, n) || n < 0) error = "--main-gpu takes a device index, not '" + v + "'";
            m_params.main_gpu = n;
        } else if (a == "--n-cpu-moe") {
            if (!parse_int(v, n) || n < 0) error = "--n-cpu-moe takes a count of layers, not '" + v + "'";
            m_params.n_cpu_moe = n;
        } else if (a == "--tensor-split") {
            if (!parse_split(v, m_params.tensor_split))
                error = "--tensor-split takes proportions such as 3,1, not '" + v + "'";
        } else if (a == "--split-mode") {
            const auto m = parse_split_mode(v);
            if (!m) error = "--split-mode takes none, layer or row, not '" + v + "'";
            else m_params.split_mode = *m;
        } else {
            // PATTERN=TYPE[,PATTERN=TYPE...], as common/arg.cpp's --override-tensor.
            std::string_view rest = v;
            while (!rest.empty()) {
                const auto comma = rest.find(',');
                const std::string_view one = rest.substr(0, comma);
                const auto eq = one.find('=');
                if (eq == std::string_view::npos || eq == 0 || eq + 1 == one.size()) {
                    error = "--override-tensor takes PATTERN=BUFFER_TYPE, not '" + std::string(one) + "'";
                    break;
                }
                m_params.overrides.push_back({std::string(one.substr(0, eq)), std::string(one.substr(eq + 1))});
                if (comma == std::string_view::npos) break;
                rest.remove_prefix(comma + 1);
            }
        }
    } else {
        return false;
    }
    return true;
}

result<llm_device_set> load_device_set(const std::vector<std::string>& names) {
    llm_device_set set;
    set.cpu = cpu_device_profile();
    for (const std::string& n : names) {
        auto d = load_device_profile(n);
        if (!d) return d.err();
        // A CPU profile describes the host (another machine's memory); any other kind is a GPU of the model.
        if (d->kind == device_kind::cpu) set.cpu = std::move(*d);
        else set.gpus.push_back(std::move(*d));
    }
    number_devices_like_ggml(set.gpus);
    return set;
}

} // namespace planscope::cli
