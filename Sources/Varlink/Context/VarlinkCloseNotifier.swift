import SystemPrimitives

/// The close of one connection, as a ``VarlinkReplyTransport`` reports it: the reason, set once, and the
/// callbacks waiting for it. Safe from any thread; a value type holding one reference, so copies share it.
///
/// A transport answers `onClose(_:)` and `isClosed` from it and calls ``markClosed(_:)`` when its
/// connection closes:
///
/// ```swift
/// private let closeNotifier = VarlinkCloseNotifier()
/// func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
///     closeNotifier.onClose(callback)
/// }
/// var isClosed: Bool { closeNotifier.isClosed }
/// ```
public struct VarlinkCloseNotifier: Sendable {
    private struct State {
        var reason: VarlinkConnectionError?
        var callbacks: [@Sendable (VarlinkConnectionError) -> Void] = []
    }

    private let state = Locked(State())

    /// Creates the notifier of an open connection.
    public init() {}

    /// Whether the connection has closed.
    public var isClosed: Bool { state.withLock { $0.reason != nil } }

    /// Registers `callback` to run once when the connection closes, with the reason; runs it at once, on the
    /// calling thread, when the connection has closed already.
    public func onClose(_ callback: @escaping @Sendable (VarlinkConnectionError) -> Void) {
        let reason: VarlinkConnectionError? = state.withLock { state in
            if state.reason == nil { state.callbacks.append(callback) }
            return state.reason
        }
        if let reason { callback(reason) }
    }

    /// Marks the connection closed with `reason` and runs the registered callbacks, once each, on the
    /// calling thread. Does nothing when the connection has closed already.
    public func markClosed(_ reason: VarlinkConnectionError) {
        let callbacks = state.withLock { state -> [@Sendable (VarlinkConnectionError) -> Void] in
            guard state.reason == nil else { return [] }
            state.reason = reason
            defer { state.callbacks = [] }
            return state.callbacks
        }
        for callback in callbacks { callback(reason) }
    }
}
