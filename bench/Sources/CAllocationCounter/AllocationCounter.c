// Counts heap allocations by interposition: the dynamic linker resolves malloc and friends to the first
// definition in its search order, and the executable comes first, so libswiftCore, libc++ and every
// other library call these. Each forwards to glibc's allocator through its exported `__libc_*` entry
// points (glibc malloc/malloc.c), so memory is still managed by glibc and may be freed by its free.
// No hooks (`__malloc_hook` was removed in glibc 2.34) and no dlsym, which itself allocates.

#include "CAllocationCounter.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);
extern void __libc_free(void *pointer);

static _Atomic uint64_t allocations;
static _Atomic uint64_t frees;
// Whether calls are counted. Off while multi-threaded figures run: two threads incrementing one counter
// bounce its cache line between the cores on every allocation, which would tax the code measured.
static _Atomic int counting = 1;

static inline void count_allocation(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void allocation_counter_set_counting(int enabled) {
    atomic_store_explicit(&counting, enabled != 0, memory_order_relaxed);
}

int allocation_counter_is_counting(void) {
    return atomic_load_explicit(&counting, memory_order_relaxed);
}

uint64_t allocation_counter_allocations(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

uint64_t allocation_counter_frees(void) {
    return atomic_load_explicit(&frees, memory_order_relaxed);
}

void *malloc(size_t size) {
    count_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    count_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    count_allocation();
    return __libc_realloc(pointer, size);
}

// posix_memalign(3): EINVAL unless the alignment is a power of two multiple of sizeof(void *).
int posix_memalign(void **result, size_t alignment, size_t size) {
    count_allocation();
    if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment % sizeof(void *) != 0) {
        return EINVAL;
    }
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    count_allocation();
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    count_allocation();
    return __libc_valloc(size);
}

void free(void *pointer) {
    if (pointer != NULL && atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&frees, 1, memory_order_relaxed);
    }
    __libc_free(pointer);
}
