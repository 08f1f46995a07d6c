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
            ReadinessNotifier.shared.submit([first, second], recyclingInto: ReadinessBatchPool())
        }
        #expect(calls.withLock { $0 } == [1, 2])
    }

    /// The notifier gives each batch back once its handlers ran, before it calls the next batch's.
    @Test func eachBatchIsRecycledBeforeTheNextIsCalled() async {
        let pool = ReadinessBatchPool()
        let first = ReadinessBatch()
        first.append {}
        let keptWhenSecondRan = Locked<[ObjectIdentifier]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let second = ReadinessBatch()
            second.append {
                let kept = (0..<pool.keptCount).map { _ in pool.take() }
                keptWhenSecondRan.withLock { $0 = kept.map(ObjectIdentifier.init) }
                continuation.resume()
            }
            ReadinessNotifier.shared.submit([first, second], recyclingInto: pool)
        }
        #expect(keptWhenSecondRan.withLock { $0 } == [ObjectIdentifier(first)])
    }
}
