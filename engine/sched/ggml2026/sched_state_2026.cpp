// The tables ggml 2026's scheduler passes share, and its buffer-type questions.
#include "sched_2026.h"

#include "core/printable.h"

namespace planscope::ggml2026 {

bool supports_buft(const sched_config_2026& config, int b, const sched_buffer_type& t) {
    const auto i = static_cast<std::size_t>(b);
    return config.bufts[i] == t || (t.host && i < config.reads_host.size() && config.reads_host[i]);
}

sched_state_2026::sched_state_2026(context& c, const graph& gr, const sched_config_2026& cfg)
    : ctx(c), g(gr), config(cfg), backend_of(c.size(), -1), cause_of(c.size()) {}

void sched_state_2026::assign(tensor_id t, int b, sched_pass pass, std::string cause) {
    if (t.index() >= backend_of.size()) {
        backend_of.resize(t.index() + 1, -1);
        cause_of.resize(t.index() + 1);
    }
    // ggml sets the cause even when the backend stays -1 ("1.wgtN" of a weight no backend can
    // use); an unassigned tensor keeps no cause here, as nothing was decided.
    if (b < 0) return;
    backend_of[t.index()] = b;
    cause_of[t.index()] = cause;
    assignments.push_back({t, b, cause, pass});
    report(sched_events::assign{t, b, pass, std::move(cause)});
}

result<std::optional<sched_placed_buffer>> sched_state_2026::placed(tensor_id id) const {
    const tensor& t = ctx[id];
    const tensor& root = t.is_view() ? ctx[t.view_src] : t;
    if (!root.where) return std::optional<sched_placed_buffer>();
    auto b = config.buffer(root.where->buffer);
    if (!b) return error{"tensor '" + printable(t.name) + "': " + b.err().message};
    return std::optional<sched_placed_buffer>(*b);
}

result<int> sched_state_2026::backend_from_buffer(tensor_id t, const tensor& op) const {
    auto buf = placed(t);
    if (!buf) return buf.err();
    if (!*buf) return -1;
    for (int b = 0; b < n_backends(); ++b)
        if (supports_buft(config, b, (*buf)->type) && supports_op(b, op)) return b;
    return -1;
}

result<bool> sched_state_2026::buffer_supported(tensor_id id, int b) const {
    auto buf = placed(id);
    if (!buf) return buf.err();
    if (*buf) return supports_buft(config, b, (*buf)->type);
    int on = backend(id);
    if (on < 0 && ctx[id].is_view()) on = backend(ctx[id].view_src);
    return on >= 0 && supports_buft(config, b, config.bufts[static_cast<std::size_t>(on)]);
}

const std::vector<tensor_id>* sched_state_2026::copies_of(tensor_id t, int b) const {
    const auto it = copies.find(t.value * sched_max_backends + static_cast<std::uint64_t>(b));
    return it == copies.end() ? nullptr : &it->second;
}

status apply_user_assignments(sched_state_2026& s) {
    return apply_user_map(s.ctx, s.g, s.config.user, s.n_backends(), [&](tensor_id id) { return s.backend(id); },
                          [&](tensor_id id, int b) { s.assign(id, b, sched_pass::user, "usr"); });
}

} // namespace planscope::ggml2026
