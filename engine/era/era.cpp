#include "era.h"

#include "era_2023.h"
#include "era_2026.h"

namespace planscope {

const era& era_for(ggml_version version) {
    static const era_2023 seeds;
    static const era_2026 today;
    if (version == ggml_version::v2026) return today;
    return seeds;
}

} // namespace planscope
