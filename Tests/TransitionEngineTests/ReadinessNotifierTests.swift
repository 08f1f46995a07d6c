import SystemPrimitives
import Testing

@testable import TransitionEngine

@Suite struct ReadinessNotifierTests {
    @Test func submittedBatchesAreCalledInOrderOnTheNotifiersThread() async {
        let order = Locked<[Int]>([])
        let first = ReadinessBatch()
        first.append(
            ReadinessRegistration(target: RecordingReadinessTarget { order.withLock { $0.append(1) } }, token: 0))
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let second = ReadinessBatch()
            let last = RecordingReadinessTarget {
                order.withLock { $0.append(2) }
                continuation.resume()
            }
            second.append(ReadinessRegistration(target: last, token: 0))
            ReadinessNotifier.shared.submit([first, second], recyclingInto: ReadinessBatchPool())
        }
        #expect(order.withLock { $0 } == [1, 2])
    }

    /// The notifier gives each batch back once its targets were told, before it calls the next batch.
    @Test func eachBatchIsRecycledBeforeTheNextIsCalled() async {
        let pool = ReadinessBatchPool()
        let first = ReadinessBatch()
        first.append(ReadinessRegistration(target: RecordingReadinessTarget(), token: 0))
        let keptWhenSecondRan = Locked<[ObjectIdentifier]>([])
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let second = ReadinessBatch()
            let last = RecordingReadinessTarget {
                let kept = (0..<pool.keptCount).map { _ in pool.take() }
                keptWhenSecondRan.withLock { $0 = kept.map(ObjectIdentifier.init) }
                continuation.resume()
            }
            second.append(ReadinessRegistration(target: last, token: 0))
            ReadinessNotifier.shared.submit([first, second], recyclingInto: pool)
        }
        #expect(keptWhenSecondRan.withLock { $0 } == [ObjectIdentifier(first)])
    }
}
