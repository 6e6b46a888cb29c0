// Row reductions, one work-group per row: RMS_NORM and NORM (eps), SOFT_MAX. Sums are f32
// tree sums over the group (the CPU backend sums in double: differences are f32 roundings).

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

kernel void k_soft_max(global const char* a, ulong oa, long4 nea, ulong4 nba,
                       global char* d, ulong od, long4 ned, ulong4 nbd, local float* scratch) {
    const long4 r = unflatten(get_group_id(0) * nea.x, nea);
    global const char* x = a + oa + byte_at(r, nba);
    global char* y = d + od + byte_at(r, nbd);
    const long n = nea.x;
    float m = -INFINITY;
    for (long k = get_local_id(0); k < n; k += get_local_size(0)) m = fmax(m, *(global const float*)(x + k * nba.x));
    m = group_max(scratch, m);
    float s = 0.0f;
    for (long k = get_local_id(0); k < n; k += get_local_size(0)) s += exp(*(global const float*)(x + k * nba.x) - m);
    const float scale = 1.0f / group_sum(scratch, s);
    for (long k = get_local_id(0); k < n; k += get_local_size(0))
        *(global float*)(y + k * nbd.x) = exp(*(global const float*)(x + k * nba.x) - m) * scale;
}
