import SystemPrimitives
import TransitionCore

@testable import TransitionEngine

/// Renders what a subscriber sees as text, e.g. `push@0 began#1@0 frames:18 completed#1@18 changed@18`.
///
/// - `label@frame`: something the test did (`note`), at the clock's frame.
/// - `began#id@frame`, `completed#id@frame`, `cancelled#id@frame` (`!` if forced by a failed write),
///   `failed#id@frame`, `changed@frame`: events.
/// - `frames:N`: N consecutive transition frames (counting frames the subscriber missed).
/// - settled frames (no transition) are left out unless `showSettled`, then `settled@frame`. A settled
///   frame that replaced unread transition frames (the last frame of a transition is replaced by the
///   settled frame of the same tick when the reader reads after the tick) adds them to the last
///   `frames:N`, so N counts every transition frame produced.
final class Timeline: Sendable {
    let subscription: StackSubscription
    let clock: VirtualClock
    let showSettled: Bool
    private let parts = Locked<[String]>([])
    private let pendingFrames = Locked(0)
    private let lastFramesPart = Locked<Int?>(nil)
    /// Progress of every transition frame seen, in order.
    let progresses = Locked<[Double]>([])

    init(_ subscription: StackSubscription, clock: VirtualClock, showSettled: Bool = false) {
        self.subscription = subscription
        self.clock = clock
        self.showSettled = showSettled
        drain()
        parts.withLock { $0 = [] }
        progresses.withLock { $0 = [] }
    }

    func note(_ label: String) {
        drain()
        append("\(label)@\(clock.currentFrameIndex)")
    }

    /// Advances one frame at a time, reading after each, so no frame coalesces.
    func advance(_ frames: Int) async {
        for _ in 0..<frames {
            await clock.advance(frames: 1)
            drain()
        }
    }

    /// Advances until the engine asks for no more ticks.
    func advanceUntilIdle(limit: Int = 10_000) async {
        var count = 0
        while !clock.participantsNeedingTicks.isEmpty && count < limit {
            await advance(1)
            count += 1
        }
    }

    var text: String {
        drain()
        flushFrames()
        return parts.withLock { $0.joined(separator: " ") }
    }

    private func append(_ part: String) {
        flushFrames()
        parts.withLock { $0.append(part) }
    }

    private func flushFrames() {
        let count = pendingFrames.withLock { count in
            defer { count = 0 }
            return count
        }
        if count > 0 {
            let index = parts.withLock { parts in
                parts.append("frames:\(count)")
                return parts.count - 1
            }
            lastFramesPart.withLock { $0 = index }
        }
    }

    func drain() {
        while case .element(let element) = subscription.poll() {
            switch element {
            case .frame(let frame, let missed):
                if let transition = frame.transition {
                    pendingFrames.withLock { $0 += 1 + missed }
                    progresses.withLock { $0.append(transition.progress) }
                } else {
                    if missed > 0, let index = lastFramesPart.withLock({ $0 }) {
                        parts.withLock { parts in
                            let count = Int(parts[index].dropFirst("frames:".count))!
                            parts[index] = "frames:\(count + missed)"
                        }
                    }
                    if showSettled { append("settled@\(frame.index)") }
                }
            case .event(let event):
                switch event.kind {
                case .began: append("began#\(event.transition)@\(event.frameIndex)")
                case .completed: append("completed#\(event.transition)@\(event.frameIndex)")
                case .cancelled:
                    append("cancelled#\(event.transition)@\(event.frameIndex)" + (event.error == nil ? "" : "!"))
                case .operationFailed: append("failed#\(event.transition)@\(event.frameIndex)")
                case .stackChanged: append("changed@\(event.frameIndex)")
                case .interactionTakenOver: append("takenOver#\(event.transition)@\(event.frameIndex)")
                }
            }
        }
    }
}
