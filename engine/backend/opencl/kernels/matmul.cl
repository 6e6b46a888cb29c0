// MUL_MAT: dst[i0, i1, i2, i3] = dot(src0 row i0 of plane (i2 / r2, i3 / r3), src1 row i1 of
// plane (i2, i3)), r2 = ne12 / ne02, r3 = ne13 / ne03. src1 and dst are f32; src0 is f32 or f16
// (any strides) or q4_0 / q8_0 (contiguous block rows), dequantised here, on the device.
// Rows of length k % 4 == 0 whose elements are adjacent take the tiled kernels (4 x 4 outputs per
// item, float4 steps along k); other f32 / f16 layouts the per-element kernels below.
// The *_rb variants round src1 to f16 first, as ggml converts it to an f16 src0's vec_dot_type
// (docs/numerics.md): through a ushort buffer, since OpenCL C 1.2 has no half variables without
// cl_khr_fp16, but vstore_half/vload_half work on any device.

inline float4 round4_f16(float4 v) {
    ushort h[4];
    vstore_half4_rte(v, 0, (private half*)h);
    return vload_half4(0, (private const half*)h);
}
inline float4 load4_b(global const float* b, long k) { return vload4(0, b + k); }
inline float4 load4_b_rounded(global const float* b, long k) { return round4_f16(vload4(0, b + k)); }

inline float dot_f32(global const char* a, ulong sa, global const float* b, long n) {
    float s = 0.0f;
    long k = 0;
    if (sa == 4) {
        global const float* x = (global const float*)a;
        float4 acc = 0.0f;
        for (; k + 4 <= n; k += 4) acc += vload4(0, x + k) * vload4(0, b + k);
        s = (acc.x + acc.y) + (acc.z + acc.w);
    }
    for (; k < n; ++k) s += *(global const float*)(a + k * sa) * b[k];
    return s;
}

#define DOT_F16(NAME, B4, B1)                                                                         \
    inline float NAME(global const char* a, ulong sa, global const float* b, long n) {              \
        float s = 0.0f;                                                                              \
        long k = 0;                                                                                  \
        if (sa == 2) {                                                                               \
            global const half* x = (global const half*)a;                                            \
            float4 acc = 0.0f;                                                                       \
            for (; k + 4 <= n; k += 4) acc += vload_half4(0, x + k) * B4(b, k);                       \
            s = (acc.x + acc.y) + (acc.z + acc.w);                                                   \
        }                                                                                            \
        for (; k < n; ++k) s += vload_half(0, (global const half*)(a + k * sa)) * B1(b[k]);           \
        return s;                                                                                    \
    }

inline float as_is(float v) { return v; }
DOT_F16(dot_f16, load4_b, as_is)
DOT_F16(dot_f16_rounded, load4_b_rounded, round_f16)

// src1 rows must be contiguous f32 (nb10 == 4): the host converts other layouts first.
#define MUL_MAT_KERNEL(NAME, DOT)                                                                     \
    kernel void NAME(global const char* a, ulong oa, long4 nea, ulong4 nba,                          \
                     global const char* b, ulong ob, long4 neb, ulong4 nbb,                          \
                     global char* d, ulong od, long4 ned, ulong4 nbd) {                              \
        const long i0 = get_global_id(0), i1 = get_global_id(1), p = get_global_id(2);               \
        if (i0 >= ned.x) return; /* dim 0 is rounded up to whole work-groups */                      \
        const long i2 = p % ned.z, i3 = p / ned.z;                                                   \
        const long i02 = i2 / (neb.z / nea.z), i03 = i3 / (neb.w / nea.w);                           \
        global const char* row = a + oa + i0 * nba.y + i02 * nba.z + i03 * nba.w;                    \
        global const float* col = (global const float*)(b + ob + i1 * nbb.y + i2 * nbb.z + i3 * nbb.w); \
        *(global float*)(d + od + i0 * nbd.x + i1 * nbd.y + i2 * nbd.z + i3 * nbd.w) =               \
            DOT(row, nba.x, col, nea.x);                                                             \
    }

MUL_MAT_KERNEL(k_mul_mat_f32, dot_f32)
MUL_MAT_KERNEL(k_mul_mat_f16, dot_f16)
MUL_MAT_KERNEL(k_mul_mat_f16_rb, dot_f16_rounded)

// Four adjacent weights k..k+3 of a row as f32.
inline float4 load4_f32(global const char* row, long k) { return vload4(0, (global const float*)row + k); }
inline float4 load4_f16(global const char* row, long k) { return vload_half4(0, (global const half*)row + k); }
inline float4 load4_q4_0(global const char* row, long k) {
    global const char* block = row + (k / 32) * 18;
    const int j = (int)(k % 32);
    const uchar4 q = vload4(0, (global const uchar*)(block + 2) + (j & 15));
    const uchar4 v = j < 16 ? (q & (uchar)15) : (q >> (uchar)4);
    return (convert_float4(v) - 8.0f) * vload_half(0, (global const half*)block);
}
inline float4 load4_q8_0(global const char* row, long k) {
    global const char* block = row + (k / 32) * 34;
    return convert_float4(vload4(0, block + 2 + k % 32)) * vload_half(0, (global const half*)block);
}

// Item (t0, t1, plane): dst rows 4 t0 .. 4 t0 + 3 by columns 4 t1 .. 4 t1 + 3; edge tiles repeat
// the last row or column and store only what exists.
#define MUL_MAT_TILED(NAME, LOAD4, LOADB4)                                                                    \
    kernel void NAME(global const char* a, ulong oa, long4 nea, ulong4 nba,                          \
                     global const char* b, ulong ob, long4 neb, ulong4 nbb,                          \
                     global char* d, ulong od, long4 ned, ulong4 nbd) {                              \
        const long r0 = get_global_id(0) * 4, c0 = get_global_id(1) * 4, p = get_global_id(2);      \
        if (r0 >= ned.x) return; /* dim 0 is rounded up to whole work-groups */                      \
        const long i2 = p % ned.z, i3 = p / ned.z;                                                   \
        const long i02 = i2 / (neb.z / nea.z), i03 = i3 / (neb.w / nea.w);                           \
        const long m = nea.y, n = neb.y;                                                             \
        global const char* ra[4];                                                                    \
        global const float* cb[4];                                                                   \
        for (int i = 0; i < 4; ++i) {                                                                \
            ra[i] = a + oa + min(r0 + i, m - 1) * nba.y + i02 * nba.z + i03 * nba.w;                 \
            cb[i] = (global const float*)(b + ob + min(c0 + i, n - 1) * nbb.y + i2 * nbb.z + i3 * nbb.w); \
        }                                                                                            \
        float4 acc[4][4];                                                                            \
        for (int i = 0; i < 4; ++i)                                                                  \
            for (int j = 0; j < 4; ++j) acc[i][j] = 0.0f;                                            \
        for (long k = 0; k < nea.x; k += 4) {                                                        \
            float4 av[4], bv[4];                                                                     \
            for (int i = 0; i < 4; ++i) av[i] = LOAD4(ra[i], k);                                     \
            for (int j = 0; j < 4; ++j) bv[j] = LOADB4(cb[j], k);                                    \
            for (int i = 0; i < 4; ++i)                                                              \
                for (int j = 0; j < 4; ++j) acc[i][j] = mad(av[i], bv[j], acc[i][j]);                \
        }                                                                                            \
        for (int i = 0; i < 4; ++i)                                                                  \
            for (int j = 0; j < 4; ++j)                                                              \
                if (r0 + i < m && c0 + j < n) {                                                      \
                    const float4 s = acc[i][j];                                                      \
                    *(global float*)(d + od + (r0 + i) * nbd.x + (c0 + j) * nbd.y + i2 * nbd.z +     \
                                     i3 * nbd.w) = (s.x + s.y) + (s.z + s.w);                        \
                }                                                                                    \
    }

MUL_MAT_TILED(k_mul_mat_tiled_f32, load4_f32, load4_b)
MUL_MAT_TILED(k_mul_mat_tiled_f16, load4_f16, load4_b)
MUL_MAT_TILED(k_mul_mat_tiled_f16_rb, load4_f16, load4_b_rounded)
MUL_MAT_TILED(k_mul_mat_tiled_q4_0, load4_q4_0, load4_b)
MUL_MAT_TILED(k_mul_mat_tiled_q8_0, load4_q8_0, load4_b)
