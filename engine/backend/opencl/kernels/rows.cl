// Row reductions, one work-group per row: RMS_NORM and NORM (eps), SOFT_MAX (with mask, ALiBi and
// sinks). Sums are f32 tree sums over the group (the CPU backend sums in double: differences are
// f32 roundings).

kernel void k_norm(int rms, float eps,
                   global const char* a, ulong oa, long4 nea, ulong4 nba,
                   global char* d, ulong od, long4 ned, ulong4 nbd, local float* scratch) {
    const long4 r = unflatten(get_group_id(0) * nea.x, nea); // r.x == 0: the row's first element
    global const char* x = a + oa + byte_at(r, nba);
    global char* y = d + od + byte_at(r, nbd);
    const long n = nea.x;
    float mean = 0.0f;
    if (!rms) {
        float s = 0.0f;
        for (long k = get_local_id(0); k < n; k += get_local_size(0)) s += *(global const float*)(x + k * nba.x);
        mean = group_sum(scratch, s) / (float)n;
    }
    float s2 = 0.0f;
    for (long k = get_local_id(0); k < n; k += get_local_size(0)) {
        const float v = *(global const float*)(x + k * nba.x) - mean;
        s2 += v * v;
    }
    const float scale = 1.0f / sqrt(group_sum(scratch, s2) / (float)n + eps);
    for (long k = get_local_id(0); k < n; k += get_local_size(0))
        *(global float*)(y + k * nbd.x) = (*(global const float*)(x + k * nba.x) - mean) * scale;
}

// SOFT_MAX of ggml_soft_max_ext: exp(x*scale + slope*mask - max) / sum. The mask (mask_type 0
// f32, 1 f16, -1 none) is broadcast over planes by modulo; sinks (has_sinks: one f32 per head
// i2) count in the max and the sum as a logit the output leaves out.
kernel void k_soft_max(float scale, float max_bias, float m0, float m1, int n_head_log2,
                       int mask_type, global const char* m, ulong om, long4 nem, ulong4 nbm,
                       int has_sinks, global const char* sk, ulong osk, ulong nbsk,
                       global const char* a, ulong oa, long4 nea, ulong4 nba,
                       global char* d, ulong od, long4 ned, ulong4 nbd, local float* scratch) {
    const long4 r = unflatten(get_group_id(0) * nea.x, nea);
    global const char* x = a + oa + byte_at(r, nba);
    global char* y = d + od + byte_at(r, nbd);
    global const char* mrow = m + om + (ulong)r.y * nbm.y + (ulong)(r.z % nem.z) * nbm.z + (ulong)(r.w % nem.w) * nbm.w;
    const float slope = mask_type < 0 ? 0.0f : alibi_slope(max_bias, m0, m1, n_head_log2, (int)r.z);
    const long n = nea.x;
    float mx = -INFINITY;
    for (long k = get_local_id(0); k < n; k += get_local_size(0)) {
        float v = *(global const float*)(x + k * nba.x) * scale;
        if (mask_type >= 0) v += slope * load_float(mrow + k * nbm.x, mask_type);
        *(global float*)(y + k * nbd.x) = v; // the logits, read back by this item only
        mx = fmax(mx, v);
    }
    float sink = 0.0f;
    if (has_sinks) {
        sink = *(global const float*)(sk + osk + (ulong)r.z * nbsk);
        mx = fmax(mx, sink);
    }
    mx = group_max(scratch, mx);
    float s = 0.0f;
    for (long k = get_local_id(0); k < n; k += get_local_size(0)) {
        const float e = exp(*(global const float*)(y + k * nbd.x) - mx);
        *(global float*)(y + k * nbd.x) = e;
        s += e;
    }
    s = group_sum(scratch, s);
    if (has_sinks) s += exp(sink - mx);
    const float inv = 1.0f / s;
    for (long k = get_local_id(0); k < n; k += get_local_size(0)) *(global float*)(y + k * nbd.x) *= inv;
}
