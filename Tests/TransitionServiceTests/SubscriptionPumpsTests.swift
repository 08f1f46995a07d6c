import Testing

@testable import TransitionService

/// Streams are spread over the pumps in turn, so that frames of many subscribers are written by as many
/// threads as there are processors.
@Suite struct SubscriptionPumpsTests {
    @Test func newStreamsGoToEachPumpInTurn() {
        let pumps = SubscriptionPumps(count: 3, retryMilliseconds: 10)
        let handedOut = (0..<7).map { _ in ObjectIdentifier(pumps.next()) }
        let expected = [0, 1, 2, 0, 1, 2, 0].map { ObjectIdentifier(pumps.pumps[$0]) }
        #expect(handedOut == expected)
        #expect(pumps.pumps.map(\.name) == ["transitiond-p0", "transitiond-p1", "transitiond-p2"])
    }

    /// The kernel keeps 15 bytes of a thread's name (prctl(2) PR_SET_NAME): up to 99 processors, every
    /// pump's name is kept whole and tells it apart from the others.
    @Test func pumpNamesFitTheKernelsLimit() {
        let names = (0..<100).map(SubscriptionPumps.threadName(forPump:))
        #expect(names.allSatisfy { $0.utf8.count <= 15 }, "\(names.filter { $0.utf8.count > 15 })")
        #expect(Set(names).count == names.count)
    }

    @Test func thereIsAlwaysOnePump() {
        let pumps = SubscriptionPumps(count: 0, retryMilliseconds: 10)
        #expect(pumps.pumps.count == 1)
        #expect(pumps.next() === pumps.next())
    }
}
