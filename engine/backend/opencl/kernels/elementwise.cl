// ADD, SUB, MUL, DIV (src1 repeated over src0), SCALE / ADD1 (src1 is one f32 value), the
// one-input maps (UNARY kinds, SQR, SQRT, LOG, SCALE by op params, CLAMP) and DIAG_MASK_INF /
// _ZERO: one item per element of dst, f32, any strides. The host rounds the range up to whole work-groups: items past the
// last element return at once (see in_range).

kernel void k_binary(int op,
                     global const char* a, ulong oa, long4 nea, ulong4 nba,
                     global const char* b, ulong ob, long4 neb, ulong4 nbb,
                     global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const long4 j = (long4)(i.x % neb.x, i.y % neb.y, i.z % neb.z, i.w % neb.w);
    const float x = *(global const float*)(a + oa + byte_at(i, nba));
    const float y = *(global const float*)(b + ob + byte_at(j, nbb));
    const float z = op == 0 ? x + y : op == 1 ? x - y : op == 2 ? x * y : x / y;
    *(global float*)(d + od + byte_at(i, nbd)) = z;
}

kernel void k_scalar(int add,
                     global const char* a, ulong oa, long4 nea, ulong4 nba,
                     global const char* b, ulong ob,
                     global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const float x = *(global const float*)(a + oa + byte_at(i, nba));
    const float s = *(global const float*)(b + ob);
    *(global float*)(d + od + byte_at(i, nbd)) = add ? x + s : x * s;
}

// ggml.c's constants for GELU and GELU_QUICK.
#define GELU_COEF_A 0.044715f
#define SQRT_2_OVER_PI 0.79788456080286535587989211986876f
#define GELU_QUICK_COEF (-1.702f)

#define SQRT_2_INV 0.70710678118654752440084436210484f

// kind: the engine's unary_kind values 0..13 (abs, sgn, neg, step, tanh, elu, relu, gelu,
// gelu_quick, silu, sigmoid, exp, softplus, gelu_erf); 100, 101, 102: SQR, SQRT, LOG; 103: SCALE
// by op params, x * p0 + p1; 104: CLAMP to [p0, p1] (MAX(MIN(x, p1), p0) as ggml: NaN becomes p1).
kernel void k_unary(int kind, float p0, float p1,
                    global const char* a, ulong oa, long4 nea, ulong4 nba,
                    global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const float x = *(global const float*)(a + oa + byte_at(i, nba));
    float y;
    switch (kind) {
    case 0: y = fabs(x); break;
    case 1: y = x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f); break;
    case 2: y = -x; break;
    case 3: y = x > 0.0f ? 1.0f : 0.0f; break;
    case 4: y = tanh(x); break;
    case 5: y = x > 0.0f ? x : expm1(x); break;
    case 6: y = x > 0.0f ? x : 0.0f; break;
    case 7: y = 0.5f * x * (1.0f + tanh(SQRT_2_OVER_PI * x * (1.0f + GELU_COEF_A * x * x))); break;
    case 8: y = x * (1.0f / (1.0f + exp(GELU_QUICK_COEF * x))); break;
    case 9: y = x / (1.0f + exp(-x)); break;
    case 10: y = 1.0f / (1.0f + exp(-x)); break;
    case 11: y = exp(x); break;
    case 12: y = x > 20.0f ? x : log(1.0f + exp(x)); break;
    case 13: y = 0.5f * x * (1.0f + erf(x * SQRT_2_INV)); break;
    case 100: y = x * x; break;
    case 101: y = sqrt(x); break;
    case 103: y = p1 == 0.0f ? x * p0 : x * p0 + p1; break;
    case 104: {
        const float m = x < p1 ? x : p1;
        y = m > p0 ? m : p0;
        break;
    }
    default: y = log(x); break;
    }
    *(global float*)(d + od + byte_at(i, nbd)) = y;
}

// Row i1 keeps columns [0, n_past + i1]; later ones become `value` (-inf or 0).
kernel void k_diag_mask(int n_past, float value,
                        global const char* a, ulong oa, long4 nea, ulong4 nba,
                        global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const float x = *(global const float*)(a + oa + byte_at(i, nba));
    *(global float*)(d + od + byte_at(i, nbd)) = i.x <= n_past + i.y ? x : value;
}
