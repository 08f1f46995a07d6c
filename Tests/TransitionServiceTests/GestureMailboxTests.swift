import Testing
import TransitionTestSupport

@testable import TransitionService

/// The mailbox of stacks waiting for their latest oneway fraction: at most one draining task, the
/// stacks taken in the order added, none left waiting.
@Suite struct GestureMailboxTests {
    /// Three stack records of a real service.
    static func records() async throws -> (ServiceHarness, [StackRecord]) {
        let harness = try ServiceHarness()
        let names = ["a", "b", "c"]
        try await harness.withConnection { connection throws in
            for name in names { try connection.call("CreateStack", Screens.createParameters(name)) }
        }
        return (harness, try names.map { try harness.service.stackRecord($0) })
    }

    @Test func aRoundStartsADrainOnlyWhenNoneRuns() async throws {
        let (harness, records) = try await Self.records()
        let mailbox = GestureMailbox()
        #expect(!mailbox.endRound(), "nothing waits")
        mailbox.add(records[0])
        #expect(mailbox.endRound())
        mailbox.add(records[1])
        #expect(!mailbox.endRound(), "the running drain takes it")
        let taken = mailbox.take()
        #expect(taken?.map(\.name) == ["a", "b"])
        #expect(mailbox.isDraining)
        #expect(mailbox.take() == nil)
        #expect(!mailbox.isDraining)
        mailbox.add(records[2])
        #expect(mailbox.endRound(), "the drain ended: a new one must start")
        await harness.shutdown()
    }

    /// Random interleavings of updates, round ends and a drainer's takes: a drain starts exactly when
    /// stacks wait and none runs, it takes the stacks in the order added, and once the last round has
    /// ended and the drain has run dry, no stack is left waiting.
    @Test(arguments: [1, 7, 42, 2026] as [UInt64])
    func noStackIsLeftWaiting(seed: UInt64) async throws {
        let (harness, records) = try await Self.records()
        var random = SeededGenerator(seed: seed)
        let mailbox = GestureMailbox()
        var added: [String] = []
        var drainRunning = false
        for step in 0..<2_000 {
            switch random.next() % 3 {
            case 0:
                let record = records[Int(random.next() % UInt64(records.count))]
                mailbox.add(record)
                added.append(record.name)
            case 1:
                let started = mailbox.endRound()
                #expect(started == (!drainRunning && !added.isEmpty), "seed \(seed), step \(step)")
                if started { drainRunning = true }
            default:
                guard drainRunning else { continue }
                let taken = mailbox.take()
                #expect(taken?.map(\.name) ?? [] == added, "seed \(seed), step \(step)")
                if taken == nil { drainRunning = false }
                added = []
            }
        }
        // The event loop always ends the round in which an update arrived.
        if mailbox.endRound() { drainRunning = true }
        while drainRunning, let taken = mailbox.take() {
            #expect(taken.map(\.name) == added, "seed \(seed)")
            added = []
        }
        #expect(added.isEmpty, "seed \(seed): updates left without a drain")
        #expect(mailbox.waitingCount == 0, "seed \(seed)")
        #expect(!mailbox.isDraining, "seed \(seed)")
        await harness.shutdown()
    }
}
