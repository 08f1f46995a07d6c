import SystemPrimitives
import Testing

@testable import TransitionEngine

@Suite struct LazyFrameTests {
    @Test func aDeferredFrameIsComputedOnceOnFirstRead() {
        let calls = Locked(0)
        let frame = LazyFrame<Int> {
            calls.withLock { $0 += 1 }
            return 42
        }
        #expect(calls.withLock { $0 } == 0)
        #expect(frame.value == 42)
        #expect(frame.value == 42)
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func aReplacedFrameIsNeverComputed() {
        let calls = Locked(0)
        let subscription = Subscription<Int, String>(identifier: 1, eventCapacity: 4)
        for value in 1...3 {
            subscription.send(
                frame: LazyFrame {
                    calls.withLock { $0 += 1 }
                    return value
                })
        }
        guard case .element(.frame(let value, let missed)) = subscription.poll() else {
            Issue.record("expected a frame")
            return
        }
        #expect(value == 3 && missed == 2)
        #expect(calls.withLock { $0 } == 1)
    }
}
