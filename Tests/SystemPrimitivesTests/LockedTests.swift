import Synchronization
import Testing

@testable import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct LockedTests {
    private final class Canary: Sendable {}

    private enum Refusal: Error, Equatable { case refused }

    /// Threads that read, wait and write back under the lock lose no update: without exclusion, two would
    /// read the same count and one increment would vanish.
    @Test func updatesFromManyThreadsAreExclusive() throws {
        let counter = Locked(0, inheritingPriority: true)
        let threads = try (0..<4).map { _ in
            try SystemThread.startJoinable {
                for _ in 0..<5_000 {
                    counter.withLock { count in
                        let read = count
                        sched_yield()
                        count = read + 1
                    }
                }
            }
        }
        threads.forEach(SystemThread.join)
        #expect(counter.withLock { $0 } == 20_000)
    }

    /// `allocationStart` is the one allocation's address, and the value and the mutex follow it closely:
    /// the first four 64-byte lines from there hold both, for a thread that asks for them ahead of taking
    /// the lock.
    @Test func theAllocationStartsWithTheValueAndTheMutex() {
        let locked = Locked((1, 2, 3, 4, 5, 6, 7, 8))
        #expect(locked.allocationStart == UnsafeRawPointer(Unmanaged.passUnretained(locked.storage).toOpaque()))
        let end = locked.allocationStart + 4 * 64
        locked.storage.withUnsafeMutablePointers { value, mutex in
            #expect(UnsafeRawPointer(value) > locked.allocationStart && UnsafeRawPointer(value + 1) <= end)
            #expect(UnsafeRawPointer(mutex) > UnsafeRawPointer(value) && UnsafeRawPointer(mutex + 1) <= end)
        }
    }

    /// A copy of a `Locked` is the same value behind the same mutex.
    @Test func copiesShareTheValue() {
        let original = Locked([1])
        let copy = original
        copy.withLock { $0.append(2) }
        #expect(original.withLock { $0 } == [1, 2])
    }

    /// An error thrown inside keeps its type, leaves the value as the body left it, and unlocks: a
    /// non-recursive mutex still held would make the next `withLock` on this thread wait forever.
    @Test func anErrorPassesThroughAndUnlocks() {
        let value = Locked(1)
        #expect(throws: Refusal.refused) {
            try value.withLock { (count: inout Int) throws(Refusal) in
                count = 2
                throw .refused
            }
        }
        #expect(value.withLock { $0 } == 2)
    }

    /// The value is released with the last copy.
    @Test func theValueIsReleasedWithTheLastCopy() {
        weak var watched: Canary?
        do {
            let canary = Canary()
            watched = canary
            let locked = Locked(canary)
            let copy = locked
            _ = copy.withLock { $0 }
        }
        #expect(watched == nil)
    }

    /// `inheritingPriority` makes the mutex `PTHREAD_PRIO_INHERIT` (glibc keeps the protocol in the mutex's
    /// kind, bit `PTHREAD_MUTEX_PRIO_INHERIT_NP` = 32); without it the mutex is a plain one.
    @Test func priorityInheritanceIsAskedForWhenWanted() {
        let priorityInheritBit: Int32 = 32
        let inheriting = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let plain = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        PosixMutex.initialize(inheriting, inheritingPriority: true)
        PosixMutex.initialize(plain, inheritingPriority: false)
        defer {
            pthread_mutex_destroy(inheriting)
            pthread_mutex_destroy(plain)
            inheriting.deallocate()
            plain.deallocate()
        }
        #expect(inheriting.pointee.__data.__kind & priorityInheritBit != 0)
        #expect(plain.pointee.__data.__kind & priorityInheritBit == 0)
    }
}
