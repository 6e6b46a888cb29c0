#pragma once
// Work on a thread of its own: what still throws there (out of memory, a thread the system will
// not start, a bug) becomes the job's error instead of std::terminate taking the app down.
#include "core/error.h"

#include <exception>
#include <new>
#include <string>

namespace planscope {

// job() returns a result<T> or a status.
template <class Job>
auto guarded(Job&& job) -> decltype(job()) {
    try {
        return job();
    } catch (const std::bad_alloc&) {
        return error{"out of memory"};
    } catch (const std::exception& e) {
        return error{e.what()};
    }
}

} // namespace planscope
