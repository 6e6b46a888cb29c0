// ROPE (with YaRN), normal mode (adjacent pairs) and NeoX mode (element k pairs with
// k + n_dims/2), f32. Positions: src1, i32, one per ne2 plane; frequency factors (src2, f32, one
// divisor of the angle per pair) when has_ff. corr_low/corr_high and theta_scale come from the
// host, computed as the CPU backend does.

// One item per rotated pair (both of its outputs, so that dst may be src0: in place) and per
// element past the rotated dims: ne0 - n_dims/2 items per row.
kernel void k_rope(int n_dims, int neox, float theta_scale, float freq_scale, float ext_factor,
                   float attn_factor, float corr_low, float corr_high,
                   global const char* a, ulong oa, long4 nea, ulong4 nba,
                   global const char* pos, ulong op, ulong nbp,
                   int has_ff, global const char* ff, ulong of, ulong nbf,
                   global char* d, ulong od, long4 ned, ulong4 nbd) {
    const int half_dims = n_dims / 2;
    const long per_row = nea.x - half_dims;
    const long item = get_global_id(0);
    if (item >= per_row * nea.y * nea.z * nea.w) return; // the range is rounded up to whole groups
    const long4 r = unflatten((item / per_row) * nea.x, nea); // the row; r.x == 0
    const long j = item % per_row;
    global const char* x = a + oa + byte_at(r, nba);
    global char* y = d + od + byte_at(r, nbd);
    if (j >= half_dims) { // past the rotated dims: copied
        const long i0 = j + half_dims;
        *(global float*)(y + i0 * nbd.x) = *(global const float*)(x + i0 * nba.x);
        return;
    }
    const int k = (int)j;
    const long ia = neox ? k : 2 * k, ib = neox ? k + half_dims : 2 * k + 1;
    // The angle grows by theta_scale per pair, multiplied step by step as ggml does.
    float theta_extrap = (float)*(global const int*)(pos + op + r.z * nbp);
    for (int i = 0; i < k; ++i) theta_extrap *= theta_scale;
    if (has_ff) theta_extrap /= *(global const float*)(ff + of + k * nbf);
    // rope_yarn
    const float theta_interp = freq_scale * theta_extrap;
    float theta = theta_interp;
    float mscale = attn_factor;
    if (ext_factor != 0.0f) {
        const float ramp = ((float)k - corr_low) / fmax(0.001f, corr_high - corr_low);
        const float ramp_mix = (1.0f - fmin(1.0f, fmax(0.0f, ramp))) * ext_factor;
        theta = theta_interp * (1.0f - ramp_mix) + theta_extrap * ramp_mix;
        mscale *= 1.0f + 0.1f * log(1.0f / freq_scale);
    }
    const float cs = cos(theta) * mscale, sn = sin(theta) * mscale;
    const float x0 = *(global const float*)(x + ia * nba.x), x1 = *(global const float*)(x + ib * nba.x);
    *(global float*)(y + ia * nbd.x) = x0 * cs - x1 * sn;
    *(global float*)(y + ib * nbd.x) = x0 * sn + x1 * cs;
}
