/// glibc's `malloc_usable_size(3)` (in malloc.h, which the Glibc module leaves out): the bytes the
/// allocation at `pointer` holds, at least the size asked for. For checking that an object fits the cache
/// lines the engine asks for ahead of using it.
@_silgen_name("malloc_usable_size") func mallocUsableSize(_ pointer: UnsafeMutableRawPointer) -> Int
