import CAllocationCounter

/// The process-wide heap allocation count kept by the CAllocationCounter target, which interposes
/// malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign and valloc in this executable.
public enum AllocationCounter {
    /// Allocations since the process started.
    public static var allocations: UInt64 { allocation_counter_allocations() }

    /// Whether allocations are counted (the default). Turned off while figures run whose threads allocate
    /// concurrently (`Benchmark.countsAllocations`), where one shared counter would add cache-line traffic
    /// to the code measured.
    public static var isCounting: Bool {
        get { allocation_counter_is_counting() != 0 }
        set { allocation_counter_set_counting(newValue ? 1 : 0) }
    }

    /// Allocations made by `body`.
    public static func allocations(during body: () -> Void) -> UInt64 {
        let before = allocations
        body()
        return allocations - before
    }

    /// Whether the counter sees Swift's own allocations: a fresh array's storage must move it by at least
    /// one, and an empty closure must not move it. False means interposition failed (for instance a
    /// statically linked allocator) and allocation figures are reported as unverified.
    public static func verify() -> Bool {
        let idle = allocations(during: {})
        let counted = allocations(during: { retain(Array(repeating: 7, count: 1_000)) })
        retain([])
        return idle == 0 && counted >= 1
    }

    nonisolated(unsafe) private static var retained: [Int] = []

    /// Keeps `array` reachable so its allocation cannot be optimized away or moved to the stack.
    @inline(never)
    private static func retain(_ array: [Int]) {
        retained = array
    }
}
