// FLASH_ATTN_EXT over f32 / f16 K and V (tk, tv), q f32: one work-group per query row (token iq1,
// head iq2, sequence iq3), softmax(scale * q.k + slope * mask) . v by online softmax, as the CPU
// backend (attention.cpp). Each q.k is a group sum; each item keeps the elements i0 = lid (mod
// group size) of the weighted sum of values in the output row itself, which only it touches.
// K/V heads serve q.ne2 / k.ne2 query heads; the f16 mask (has_mask) is broadcast by modulo and a
// -inf entry skips its key; logit softcap c > 0 (scale arrives divided by c); sinks (has_sinks).
// ggml_f16 (ggml's numerics): q rounded to f16 for an f16 K, and with an f16 V the sum rounded to
// f16 after every step (ggml's VKQ16). The result is [dv, q.ne2, q.ne1, q.ne3].
kernel void k_flash_attn(float scale, float softcap, float max_bias, float m0, float m1, int n_head_log2,
                         int ggml_f16, global const char* q, ulong oq, long4 neq, ulong4 nbq,
                         int tk, global const char* k, ulong ok, long4 nek, ulong4 nbk,
                         int tv, global const char* v, ulong ov, long4 nev, ulong4 nbv,
                         int has_mask, global const char* m, ulong om, long4 nem, ulong4 nbm,
                         int has_sinks, global const char* sk, ulong osk, ulong nbsk,
                         global char* d, ulong od, long4 ned, ulong4 nbd, local float* scratch) {
    const long row = get_group_id(0);
    const long iq1 = row % neq.y, iq2 = (row / neq.y) % neq.z, iq3 = row / (neq.y * neq.z);
    const long lid = get_local_id(0), step = get_local_size(0);
    const long dk = nek.x, dv = nev.x, n_kv = nek.y;
    global const char* qrow = q + oq + (ulong)iq1 * nbq.y + (ulong)iq2 * nbq.z + (ulong)iq3 * nbq.w;
    global const char* kh = k + ok + (ulong)(iq2 / (neq.z / nek.z)) * nbk.z + (ulong)(iq3 / (neq.w / nek.w)) * nbk.w;
    global const char* vh = v + ov + (ulong)(iq2 / (neq.z / nev.z)) * nbv.z + (ulong)(iq3 / (neq.w / nev.w)) * nbv.w;
    global const char* mrow = m + om + (ulong)iq1 * nbm.y + (ulong)(iq2 % nem.z) * nbm.z + (ulong)(iq3 % nem.w) * nbm.w;
    global char* out = d + od + (ulong)iq2 * nbd.y + (ulong)iq1 * nbd.z + (ulong)iq3 * nbd.w;
    const float slope = alibi_slope(max_bias, m0, m1, n_head_log2, (int)iq2);
    const bool round_q = ggml_f16 && tk == 1, acc_f16 = ggml_f16 && tv == 1;
    for (long i = lid; i < dv; i += step) *(global float*)(out + i * nbd.x) = 0.0f;
    float sum = 0.0f, mx = -INFINITY;
    for (long ic = 0; ic < n_kv; ++ic) { // every item takes the same branches: s is a group value
        const float mv = has_mask ? slope * vload_half(0, (global const half*)(mrow + ic * nbm.x)) : 0.0f;
        if (mv == -INFINITY) continue;
        global const char* krow = kh + (ulong)ic * nbk.y;
        float part = 0.0f;
        for (long i = lid; i < dk; i += step) {
            float qv = *(global const float*)(qrow + i * nbq.x);
            if (round_q) qv = round_f16(qv);
            part += qv * load_float(krow + i * nbk.x, tk);
        }
        float s = group_sum(scratch, part) * scale;
        if (softcap != 0.0f) s = softcap * tanh(s);
        s += mv;
        float ms = 1.0f, vs = 1.0f;
        if (s > mx) {
            ms = exp(mx - s);
            mx = s;
        } else {
            vs = exp(s - mx);
        }
        global const char* vrow = vh + (ulong)ic * nbv.y;
        for (long i = lid; i < dv; i += step) {
            global float* acc = (global float*)(out + i * nbd.x);
            float a = *acc;
            if (ms != 1.0f) {
                a *= ms;
                if (acc_f16) a = round_f16(a);
            }
            a += load_float(vrow + i * nbv.x, tv) * vs;
            *acc = acc_f16 ? round_f16(a) : a;
        }
        sum = sum * ms + vs;
    }
    float ms = 1.0f;
    if (has_sinks) { // after the values, in f32, as ggml
        const float s = *(global const float*)(sk + osk + (ulong)iq2 * nbsk);
        float vs = 1.0f;
        if (s > mx) {
            ms = exp(mx - s);
            mx = s;
        } else {
            vs = exp(s - mx);
        }
        sum = sum * ms + vs;
    }
    const float inv = sum == 0.0f ? 0.0f : 1.0f / sum;
    for (long i = lid; i < dv; i += step) {
        global float* acc = (global float*)(out + i * nbd.x);
        *acc = *acc * ms * inv;
    }
}
