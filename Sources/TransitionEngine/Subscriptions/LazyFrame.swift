#if canImport(Glibc)
    import Glibc
#endif

/// A frame computed at most once, when the first subscriber reads it.
///
/// A tick hands every subscriber of a stack the same `LazyFrame`; sampling the plan happens on the
/// reader's thread when it polls, and only for frames that are read: a frame replaced before anyone read
/// it (coalesced) is never sampled. This keeps the tick itself to bookkeeping, whatever the readers do.
///
/// A tick makes one per animating stack with subscribers, so it carries no lock of its own (an object and
/// a mutex allocated per frame): the first read computes it under one of `FrameLocks`' striped mutexes.
/// Read through `Subscription.poll()` from other modules, so its reading path is inlinable.
@usableFromInline
final class LazyFrame<Frame: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum Content {
        case ready(Frame)
        case deferred(@Sendable () -> Frame)
    }

    /// Guarded by `FrameLocks.mutex(for: self)`.
    @usableFromInline var content: Content

    /// A frame already computed.
    init(_ frame: Frame) { content = .ready(frame) }

    /// A frame `make` computes on first read.
    init(deferred make: @escaping @Sendable () -> Frame) { content = .deferred(make) }

    /// The frame; the first call computes it (later callers wait for that one).
    @inlinable
    var value: Frame {
        let mutex = FrameLocks.mutex(for: ObjectIdentifier(self))
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        switch content {
        case .ready(let frame):
            return frame
        case .deferred(let make):
            let frame = make()
            content = .ready(frame)
            return frame
        }
    }
}

/// Striped mutexes for lazy frames: a frame's address picks one of `count`. Two frames sharing a mutex
/// only wait for each other while both are computed at the same moment on different threads.
@usableFromInline
enum FrameLocks {
    /// How many mutexes: a power of two, enough that concurrent readers rarely meet.
    @usableFromInline static let count = 64

    /// Initialized once and never changed; the mutexes themselves are what synchronizes.
    @usableFromInline nonisolated(unsafe) static let mutexes: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutexes = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: count)
        for index in 0..<count { initializePriorityInheritingMutex(mutexes + index) }
        return mutexes
    }()

    /// The mutex guarding the object `identifier` (objects are 16-byte aligned: the low bits say nothing).
    @inlinable
    static func mutex(for identifier: ObjectIdentifier) -> UnsafeMutablePointer<pthread_mutex_t> {
        let address = UInt(bitPattern: identifier.hashValue)
        return mutexes + Int((address >> 4) & UInt(count - 1))
    }
}
