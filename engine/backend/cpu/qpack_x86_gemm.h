// The driver of the packed kernels (qpack_vnni.cpp, qpack_avx2.cpp), included by each inside its
// namespace with PACK_TARGET defined: Group::run<RN> computes one group of 16 weight rows by RN
// activation rows. No include guard: it is compiled once per instruction set.

// Groups one at a time, each by all the activation rows, TILE rows at a time, then the rest.
template <class Group>
PACK_TARGET void gemm(const qgemm_args& g) {
    const std::int64_t steps = g.k / Group::values;
    for (std::int64_t i = 0; i < g.m; i += packed_group_rows) {
        const u8* w = reinterpret_cast<const u8*>(g.a) + static_cast<std::size_t>(i / packed_group_rows) * g.lda;
        std::int64_t j = 0;
        const auto at = [&](std::int64_t col) { return g.b + static_cast<std::size_t>(col) * g.ldb; };
        const auto out = [&](std::int64_t col) { return g.c + static_cast<std::size_t>(i) + static_cast<std::size_t>(col) * g.ldc; };
        for (; j + Group::tile <= g.n; j += Group::tile) Group::template run<Group::tile>(w, at(j), g.ldb, out(j), g.ldc, steps);
        if (g.n - j >= 4 && Group::tile > 4) {
            Group::template run<4>(w, at(j), g.ldb, out(j), g.ldc, steps);
            j += 4;
        }
        if (g.n - j >= 2) {
            Group::template run<2>(w, at(j), g.ldb, out(j), g.ldc, steps);
            j += 2;
        }
        if (j < g.n) Group::template run<1>(w, at(j), g.ldb, out(j), g.ldc, steps);
    }
}

