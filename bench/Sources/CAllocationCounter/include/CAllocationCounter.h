#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// The number of heap allocations made by this process since it started: calls to malloc, calloc,
/// realloc, posix_memalign, aligned_alloc, memalign and valloc, from any library, counted by
/// definitions in the benchmark executable that take precedence over the C library's and forward to
/// glibc's `__libc_*` entry points. A relaxed atomic: exact for work on the calling thread when no
/// other thread allocates.
uint64_t allocation_counter_allocations(void);

/// The number of calls to free with a non-null pointer since the process started.
uint64_t allocation_counter_frees(void);

/// Turns counting on (the default) or off. While off, allocations and frees are not counted and cost
/// one relaxed load more than glibc's: for figures whose threads allocate concurrently, where a shared
/// counter would add cache-line traffic to the code measured.
void allocation_counter_set_counting(int enabled);

/// Whether allocations are being counted.
int allocation_counter_is_counting(void);

#endif
