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
        #expect(pumps.pumps.map(\.name) == ["transitiond-su0", "transitiond-su1", "transitiond-su2"])
    }

    @Test func thereIsAlwaysOnePump() {
        let pumps = SubscriptionPumps(count: 0, retryMilliseconds: 10)
        #expect(pumps.pumps.count == 1)
        #expect(pumps.next() === pumps.next())
    }
}
