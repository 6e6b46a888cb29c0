// CPY / CONT / DUP between f32 and f16 tensors of any strides: element k of src (in i0-fastest
// order) goes to element k of dst, whatever their shapes. GET_ROWS: rows of src0 (f32, f16,
// q4_0, q8_0) picked by i32 indices into an f32 dst; a bad index writes zeros and raises *bad
// to the node's tag, so the host can name the node.

kernel void k_cpy(int ta, global const char* a, ulong oa, long4 nea, ulong4 nba,
                  int td, global char* d, ulong od, long4 ned, ulong4 nbd) {
    if (!in_range(nea)) return;
    const long k = get_global_id(0);
    const float v = load_float(a + oa + byte_at(unflatten(k, nea), nba), ta);
    store_float(d + od + byte_at(unflatten(k, ned), nbd), td, v);
}

// ta: 0 f32, 1 f16, 2 q4_0, 8 q8_0 (ggml type numbers).
kernel void k_get_rows(int ta, global const char* a, ulong oa, long4 nea, ulong4 nba,
                       global const char* idx, ulong oi, ulong nbi,
                       global char* d, ulong od, long4 ned, ulong4 nbd, global int* bad, int tag) {
    if (!in_range(ned)) return;
    const long4 i = unflatten(get_global_id(0), ned);
    const int r = *(global const int*)(idx + oi + i.y * nbi);
    float v = 0.0f;
    if (r < 0 || r >= nea.y) {
        atomic_max(bad, tag);
    } else {
        global const char* row = a + oa + (ulong)r * nba.y;
        if (ta == 2)
            v = q4_0_at(row, i.x);
        else if (ta == 8)
            v = q8_0_at(row, i.x);
        else
            v = load_float(row + i.x * nba.x, ta);
    }
    *(global float*)(d + od + byte_at(i, nbd)) = v;
}

// SET_ROWS: row i of plane (i2, i3) of src (f32, f16) to row idx[i, i2 % ne11, i3 % ne12] (i32 or
// i64 indices, ti 26 / 27) of the same plane of dst (f32, f16); a bad index writes nothing and
// raises *bad to the node's tag.
kernel void k_set_rows(int ta, global const char* a, ulong oa, long4 nea, ulong4 nba,
                       int ti, global const char* idx, ulong oi, long4 nei, ulong4 nbi,
                       int td, global char* d, ulong od, long4 ned, ulong4 nbd, global int* bad, int tag) {
    if (!in_range(nea)) return;
    const long4 i = unflatten(get_global_id(0), nea);
    global const char* at = idx + oi + (ulong)i.y * nbi.x + (ulong)(i.z % nei.y) * nbi.y + (ulong)(i.w % nei.z) * nbi.z;
    const long r = ti == 26 ? (long)*(global const int*)at : *(global const long*)at;
    if (r < 0 || r >= ned.y) {
        atomic_max(bad, tag);
        return;
    }
    const float v = load_float(a + oa + byte_at(i, nba), ta);
    store_float(d + od + (ulong)i.x * nbd.x + (ulong)r * nbd.y + (ulong)i.z * nbd.z + (ulong)i.w * nbd.w, td, v);
}
