import Testing

@testable import SystemPrimitives

@Suite struct CacheLinesTests {
    private final class Box {
        var value = 7
    }

    /// The lines of an object start at the object's own address (its header), not at a reference to it.
    @Test func anObjectsLinesStartAtItsAddress() {
        let box = Box()
        let lines = CacheLines(of: box, count: 3)
        #expect(lines.start == UnsafeRawPointer(Unmanaged.passUnretained(box).toOpaque()))
        #expect(lines.count == 3)
        lines.prefetch()
        lines.prefetchForWriting()
        #expect(box.value == 7)
    }

    /// A lock's lines begin at its one allocation and, with enough of them, hold both the value and the
    /// mutex, which sits after the value: a thread that asks for them ahead of taking the lock gets both.
    @Test func aLocksLinesHoldItsValueAndItsMutex() {
        let locked = Locked((1, 2, 3, 4, 5, 6, 7, 8))
        let lines = locked.cacheLines(4)
        #expect(lines.start == UnsafeRawPointer(Unmanaged.passUnretained(locked.storage).toOpaque()))
        locked.storage.withUnsafeMutablePointers { value, mutex in
            let end = lines.start + lines.count * 64
            #expect(UnsafeRawPointer(value) > lines.start && UnsafeRawPointer(value + 1) <= end)
            #expect(UnsafeRawPointer(mutex) > UnsafeRawPointer(value) && UnsafeRawPointer(mutex + 1) <= end)
        }
    }
}
