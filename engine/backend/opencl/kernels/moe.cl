// The ops of ggml 2026's feed-forward and expert layers: GLU, ADD_ID, MUL_MAT_ID, ARGSORT and
// TOP_K; one item per element of dst, f32 (MUL_MAT_ID's experts f32 or f16), any strides.

#define GLU_GELU_COEF_A 0.044715f
#define GLU_SQRT_2_OVER_PI 0.79788456080286535587989211986876f
#define GLU_SQRT_2_INV 0.70710678118654752440084436210484f

// GLU: act(x) * g with x and g the two halves of a src0 row (swapped: g first), or (split) rows of
// src0 and src1. kind: the engine's glu_kind (reglu, geglu, swiglu, swiglu_oai with alpha and
// limit, geglu_erf, geglu_quick).
kernel void k_glu(int kind, int split, int swapped, float alpha, float limit,
                  global const char* a, ulong oa, long4 nea, ulong4 nba,
                  global const char* b, ulong ob, long4 neb, ulong4 nbb,
                  global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const long4 r = (long4)(0, i.y, i.z, i.w);
    global const char* row = a + oa + byte_at(r, nba);
    float x, g;
    if (split) {
        x = *(global const float*)(row + i.x * nba.x);
        g = *(global const float*)(b + ob + byte_at(i, nbb));
    } else {
        const long ix = swapped ? i.x + ned.x : i.x, ig = swapped ? i.x : i.x + ned.x;
        x = *(global const float*)(row + ix * nba.x);
        g = *(global const float*)(row + ig * nba.x);
    }
    float y;
    switch (kind) {
    case 0: y = x > 0.0f ? x * g : 0.0f; break;
    case 1: y = 0.5f * x * (1.0f + tanh(GLU_SQRT_2_OVER_PI * x * (1.0f + GLU_GELU_COEF_A * x * x))) * g; break;
    case 2: y = x / (1.0f + exp(-x)) * g; break;
    case 3: {
        const float xc = fmin(x, limit), gc = fmin(fmax(g, -limit), limit);
        y = xc / (1.0f + exp(alpha * -xc)) * (gc + 1.0f);
        break;
    }
    case 4: y = 0.5f * x * (1.0f + erf(x * GLU_SQRT_2_INV)) * g; break;
    default: y = x * (1.0f / (1.0f + exp(-1.702f * x))) * g; break;
    }
    *(global float*)(d + od + byte_at(i, nbd)) = y;
}

// ADD_ID: element (i0, i1, i2, i3) of src0 plus element i0 of row ids[i1, i2] of src1; a bad id
// copies src0's element and raises *bad to the node's tag.
kernel void k_add_id(global const char* a, ulong oa, long4 nea, ulong4 nba,
                     global const char* b, ulong ob, long4 neb, ulong4 nbb,
                     global const char* ids, ulong oi, long4 nei, ulong4 nbi,
                     global char* d, ulong od, long4 ned, ulong4 nbd, global int* bad, int tag) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const int e = *(global const int*)(ids + oi + (ulong)i.y * nbi.x + (ulong)i.z * nbi.y);
    float v = *(global const float*)(a + oa + byte_at(i, nba));
    if (e < 0 || e >= neb.y)
        atomic_max(bad, tag);
    else
        v += *(global const float*)(b + ob + (ulong)i.x * nbb.x + (ulong)e * nbb.y);
    *(global float*)(d + od + byte_at(i, nbd)) = v;
}

// MUL_MAT_ID: dst (i0, slot, token) = row i0 of expert ids[slot, token] (a plane of src0, f32 or
// f16 by ta) . row (slot % ne11, token) of src1 (f32); rb: src1 rounded to f16 for f16 experts, as
// ggml converts it to their vec_dot_type. A bad id gives 0 and raises *bad to the tag.
kernel void k_mul_mat_id(int ta, int rb, global const char* a, ulong oa, long4 nea, ulong4 nba,
                         global const char* b, ulong ob, long4 neb, ulong4 nbb,
                         global const char* ids, ulong oi, long4 nei, ulong4 nbi,
                         global char* d, ulong od, long4 ned, ulong4 nbd, global int* bad, int tag) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const int e = *(global const int*)(ids + oi + (ulong)i.y * nbi.x + (ulong)i.z * nbi.y);
    float s = 0.0f;
    if (e < 0 || e >= nea.z) {
        atomic_max(bad, tag);
    } else {
        global const char* w = a + oa + (ulong)i.x * nba.y + (ulong)e * nba.z;
        global const char* x = b + ob + (ulong)(i.y % neb.y) * nbb.y + (ulong)i.z * nbb.z;
        for (long k = 0; k < nea.x; ++k) {
            float xv = *(global const float*)(x + k * nbb.x);
            if (rb) xv = round_f16(xv);
            s += load_float(w + k * nba.x, ta) * xv;
        }
    }
    *(global float*)(d + od + byte_at(i, nbd)) = s;
}

// ARGSORT (order 0 ascending, 1 descending) and TOP_K (top_k: the first ned.x of a descending
// sort, its first two swapped as ggml's CPU backend leaves them): element i's place is the count
// of elements before it in the order, ties in index order (a stable sort).
kernel void k_argsort(int descending, int top_k, global const char* a, ulong oa, long4 nea, ulong4 nba,
                      global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(nea)) return;
    const long4 i = unflatten(get_global_id(0), nea);
    global const char* row = a + oa + byte_at((long4)(0, i.y, i.z, i.w), nba);
    const float x = *(global const float*)(row + i.x * nba.x);
    long place = 0;
    for (long j = 0; j < nea.x; ++j) {
        const float y = *(global const float*)(row + j * nba.x);
        const bool before = descending ? y > x : y < x;
        if (before || (y == x && j < i.x)) ++place;
    }
    if (top_k && ned.x > 1 && place < 2) place = 1 - place;
    if (place >= ned.x) return;
    *(global int*)(d + od + (ulong)place * nbd.x + (ulong)i.y * nbd.y + (ulong)i.z * nbd.z + (ulong)i.w * nbd.w) = (int)i.x;
}
