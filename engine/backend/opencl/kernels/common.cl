// Helpers every kernel file uses. A tensor reaches a kernel as (buffer, byte offset, ne, nb):
// ggml's extents and byte strides, so views and permuted layouts are addressed as they are.
// Types: 0 = f32, 1 = f16 (the ggml enum values). f16 goes through vload_half/vstore_half_rte,
// which OpenCL C 1.2 has without cl_khr_fp16.

inline long4 unflatten(long i, long4 ne) {
    long4 r;
    r.x = i % ne.x;
    i /= ne.x;
    r.y = i % ne.y;
    i /= ne.y;
    r.z = i % ne.z;
    r.w = i / ne.z;
    return r;
}

// Ranges are rounded up to a fixed work-group size (PoCL compiles a kernel once per local size,
// so a fixed one keeps compilations few): whether this item has an element of `ne`.
inline bool in_range(long4 ne) { return (long)get_global_id(0) < ne.x * ne.y * ne.z * ne.w; }

inline ulong byte_at(long4 i, ulong4 nb) {
    return (ulong)i.x * nb.x + (ulong)i.y * nb.y + (ulong)i.z * nb.z + (ulong)i.w * nb.w;
}

inline float load_float(global const char* p, int type) {
    return type == 0 ? *(global const float*)p : vload_half(0, (global const half*)p);
}

inline void store_float(global char* p, int type, float v) {
    if (type == 0)
        *(global float*)p = v;
    else
        vstore_half_rte(v, 0, (global half*)p);
}

// v rounded to f16 (nearest even): through a ushort, since OpenCL C 1.2 has no half variables
// without cl_khr_fp16, but vstore_half/vload_half work on any device.
inline float round_f16(float v) {
    ushort h;
    vstore_half_rte(v, 0, (private half*)&h);
    return vload_half(0, (private const half*)&h);
}

// q4_0: blocks of 32 weights, an f16 scale then 16 bytes: low nibbles hold weights 0..15,
// high nibbles 16..31, each stored plus 8. q8_0: an f16 scale then 32 signed bytes.
inline float q4_0_at(global const char* row, long i) {
    global const char* block = row + (i / 32) * 18;
    const int j = (int)(i % 32);
    const uchar q = ((global const uchar*)(block + 2))[j & 15];
    const int v = j < 16 ? (q & 15) : (q >> 4);
    return (float)(v - 8) * vload_half(0, (global const half*)block);
}

inline float q8_0_at(global const char* row, long i) {
    global const char* block = row + (i / 32) * 34;
    return (float)block[2 + i % 32] * vload_half(0, (global const half*)block);
}

// ALiBi's slope of head h (m0, m1 and n_head_log2 from the host, as the CPU backend computes them).
inline float alibi_slope(float max_bias, float m0, float m1, int n_head_log2, int h) {
    if (max_bias <= 0.0f) return 1.0f;
    return h < n_head_log2 ? pow(m0, (float)(h + 1)) : pow(m1, (float)(2 * (h - n_head_log2) + 1));
}

// Sum and max over a work-group whose size is a power of two; every item gets the result.
inline float group_sum(local float* s, float v) {
    const int lid = get_local_id(0);
    s[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k) s[lid] += s[lid + k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float r = s[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}

inline float group_max(local float* s, float v) {
    const int lid = get_local_id(0);
    s[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = get_local_size(0) / 2; k > 0; k >>= 1) {
        if (lid < k) s[lid] = fmax(s[lid], s[lid + k]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float r = s[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
