import CLinux

#if canImport(Glibc)
    import Glibc
#endif

/// A value guarded by a POSIX mutex, usable from any thread.
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer does not see the happens-before of
/// Mutex's futex fast path on Linux and reports false races, while it intercepts pthread mutexes, which
/// cost the same uncontended (about 20 ns).
///
/// The value and the mutex share one allocation (the mutex in the buffer's tail, where its address never
/// changes, as pthread requires): a lock taken on a hot path touches one object, not a box and a mutex
/// allocated apart, and reaching the value through a pointer adds no dynamic exclusivity check, which a
/// class's stored `var` would (`swift_beginAccess`) on every `withLock`.
///
/// A value type holding one reference: copies share the value and the mutex.
public struct Locked<Value>: @unchecked Sendable {
    @usableFromInline let storage: LockedStorage<Value>

    /// Guards `value`. With `inheritingPriority` the mutex is `PTHREAD_PRIO_INHERIT`
    /// (`PosixMutex.initialize(_:inheritingPriority:)`): for locks a real-time thread shares with ordinary ones.
    public init(_ value: Value, inheritingPriority: Bool = false) {
        let buffer = LockedStorage<Value>.create(minimumCapacity: 1) { _ in value }
        storage = unsafeDowncast(buffer, to: LockedStorage<Value>.self)
        storage.withUnsafeMutablePointerToElements { PosixMutex.initialize($0, inheritingPriority: inheritingPriority) }
    }

    /// Where the one allocation holding the value and the mutex begins (an object header, then the value,
    /// then the mutex): for a thread about to take many locks in turn, each last written on another
    /// processor, to ask the processor for that memory ahead of taking the lock. Valid while a copy of
    /// this `Locked` lives.
    public var allocationStart: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(storage).toOpaque()) }

    /// Runs `body` with exclusive access to the value. `body` must not block or take this lock again.
    @inlinable
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try storage.withUnsafeMutablePointers { value, mutex throws(Failure) -> Result in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }
}

/// The allocation behind a `Locked`: the value as the header, one mutex as the only element.
@usableFromInline
final class LockedStorage<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    deinit {
        // The header (the value) is destroyed by ManagedBuffer; the element is plain memory.
        _ = withUnsafeMutablePointerToElements { pthread_mutex_destroy($0) }
    }
}

/// Setting up a `pthread_mutex_t` in memory the caller owns (it must not move while in use).
public enum PosixMutex {
    /// Initializes `mutex`, with `inheritingPriority` as `PTHREAD_PRIO_INHERIT`
    /// (pthread_mutexattr_setprotocol(3)): a thread holding it then runs at the priority of the highest
    /// thread waiting for it, so that a thread at normal priority holding a lock a real-time thread waits
    /// for is not preempted by every other thread of the machine. Uncontended, such a mutex costs what a
    /// plain one does (glibc takes it with one atomic instruction and enters the kernel only on
    /// contention). Release it with `pthread_mutex_destroy`.
    public static func initialize(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, inheritingPriority: Bool) {
        guard inheritingPriority else {
            pthread_mutex_init(mutex, nil)
            return
        }
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_setprotocol(&attributes, Int32(PTHREAD_PRIO_INHERIT))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }
}
