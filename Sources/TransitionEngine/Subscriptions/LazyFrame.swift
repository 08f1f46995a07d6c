/// A frame computed at most once, when the first subscriber reads it.
///
/// A tick hands every subscriber of a stack the same `LazyFrame`; sampling the plan happens on the
/// reader's thread when it polls, and only for frames that are read: a frame replaced before anyone read
/// it (coalesced) is never sampled. This keeps the tick itself to bookkeeping, whatever the readers do.
///
/// Read through `Subscription.poll()` from other modules, so its reading path is inlinable.
@usableFromInline
final class LazyFrame<Frame: Sendable>: Sendable {
    @usableFromInline
    enum Content {
        case ready(Frame)
        case deferred(@Sendable () -> Frame)
    }

    @usableFromInline let content: Locked<Content>

    /// A frame already computed.
    init(_ frame: Frame) { content = Locked(.ready(frame)) }

    /// A frame `make` computes on first read.
    init(deferred make: @escaping @Sendable () -> Frame) { content = Locked(.deferred(make)) }

    /// The frame; the first call computes it (later callers wait for that one).
    @inlinable
    var value: Frame {
        content.withLock { content in
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
}
