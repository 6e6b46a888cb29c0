#include "legacy_allocator.h"

namespace planscope {
namespace {

result<legacy_allocator> wrap(result<tensor_allocator> t, auto make) {
    if (!t) return t.err();
    return make(std::move(*t));
}

} // namespace

result<legacy_allocator> legacy_allocator::create(std::shared_ptr<alloc_buffer> buffer) {
    return wrap(tensor_allocator::create(std::move(buffer)), [](tensor_allocator t) { return legacy_allocator(std::move(t)); });
}

result<legacy_allocator> legacy_allocator::create_measure(std::shared_ptr<alloc_buffer> buffer) {
    return wrap(tensor_allocator::create_measure(std::move(buffer)),
                [](tensor_allocator t) { return legacy_allocator(std::move(t)); });
}

result<legacy_allocator> legacy_allocator::create(buffer_id id, std::uint64_t base, std::size_t size,
                                                  std::size_t alignment) {
    return create(std::make_shared<plain_buffer>(id, base, size, alignment));
}

result<legacy_allocator> legacy_allocator::create_measure(buffer_id id, std::size_t alignment) {
    return create_measure(std::make_shared<plain_buffer>(id, measure_base, measure_capacity, alignment));
}

void legacy_allocator::set_observer(alloc_observer* observer) {
    m_tensors.set_observer(observer);
    m_graphs.set_observer(observer);
}

} // namespace planscope
