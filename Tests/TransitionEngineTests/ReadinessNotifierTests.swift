import SystemThreads
import Testing

@testable import TransitionEngine

@Suite struct ReadinessNotifierTests {
    @Test func submittedBatchesAreCalledInOrderOnTheNotifiersThread() async {
        let calls = Locked<[Int]>([])
        let first = ReadinessBatch()
        first.append { calls.withLock { $0.append(1) } }
        let second = ReadinessBatch()
        second.append { calls.withLock { $0.append(2) } }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            second.append { continuation.resume() }
            ReadinessNotifier.shared.submit([first, second])
        }
        #expect(calls.withLock { $0 } == [1, 2])
    }
}
