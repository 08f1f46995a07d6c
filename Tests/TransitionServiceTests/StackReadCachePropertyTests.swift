import JSON
import Testing
import TransitionEngine
import TransitionTestSupport
import Varlink

@testable import TransitionService

/// `StackReadCache`'s invariant as a property: whatever calls reach a stack, from however many
/// connections at once, with the clock moved at random and gestures abandoned by clients that leave, a
/// `GetStack` reply the service keeps equals what the stack's actor would answer at that moment.
///
/// Each seed runs a random sequence of steps through the real socket; after every step the kept replies
/// (both variants) are compared with an answer taken inside the actor, encoded as `GetStack` encodes it.
@Suite("StackReadCache, as a property")
struct StackReadCachePropertyTests {
    /// The steps a sequence is made of.
    enum Step: CaseIterable {
        case read, readWithScreens, push, pushAnimated, pop, popAnimated, setRules, present, dismiss
        case advanceClock, settle, abandonGesture, concurrentCalls

        /// The steps to draw from: settling twice as often as the rest, so that replies are kept often
        /// enough to be compared.
        static let weighted: [Step] = allCases + [.settle]
    }

    @Test(arguments: 1...6 as ClosedRange<UInt64>)
    func aKeptReplyAlwaysEqualsTheActorsAnswer(seed: UInt64) async throws {
        let harness = try await ServiceHarness.withStack("main")
        let record = try harness.service.stackRecord("main")
        var random = SeededGenerator(seed: seed)
        var comparisons = 0
        var history: [Step] = []
        for index in 0..<100 {
            let step = Step.weighted.randomElement(using: &random)!
            // Half the time a read first, which keeps a reply if the stack is settled: the step must then
            // leave it equal to the actor's answer or drop it.
            if Bool.random(using: &random) {
                history.append(.readWithScreens)
                try await Self.run(.readWithScreens, index: index, on: harness, random: &random)
            }
            history.append(step)
            try await Self.run(step, index: index, on: harness, random: &random)
            for includeScreens in [false, true] {
                guard let kept = record.reads.withLock({ $0.reply(includeScreens: includeScreens) }) else { continue }
                let fresh = await Self.answer(of: record.actor, record: record, includeScreens: includeScreens)
                comparisons += 1
                #expect(
                    String(decoding: kept, as: UTF8.self) == String(decoding: fresh, as: UTF8.self),
                    "seed \(seed), after \(history)")
            }
        }
        // The property was put to the test: replies were kept and compared, not only dropped.
        #expect(comparisons >= 10, "seed \(seed): only \(comparisons) kept replies in \(history)")
        await harness.shutdown()
    }

    /// What `GetStack` would answer now, taken inside the stack's actor and encoded as the service does.
    static func answer(of stack: isolated StackActor, record: StackRecord, includeScreens: Bool) -> [UInt8] {
        let snapshot = TransitionService.snapshot(of: stack)
        let parameters: JSONObject = ["stack": ReplyEncoding.stackState(snapshot, includeScreens: includeScreens)]
        var encoded: [UInt8] = []
        try? JSONWriter.write(.object(parameters), into: &encoded)
        return encoded
    }

    /// Runs one step. Calls that the stack refuses in its current state (a pop at the root, an operation
    /// the policy rejects) are part of the sequence: their errors are expected and ignored.
    static func run(
        _ step: Step, index: Int, on harness: ServiceHarness, random: inout SeededGenerator
    ) async throws {
        let animator = ["fade", "slide", "zoom"].randomElement(using: &random)!
        switch step {
        case .read: try await attempt(on: harness, [("GetStack", ["name": "main"])])
        case .readWithScreens:
            try await attempt(on: harness, [("GetStack", ["name": "main", "includeScreens": true])])
        case .push:
            try await attempt(
                on: harness,
                [("Push", ["stack": "main", "screen": Screens.json("s\(index)"), "animated": false])])
        case .pushAnimated:
            try await attempt(on: harness, [("Push", ["stack": "main", "screen": Screens.json("s\(index)")])])
        case .pop: try await attempt(on: harness, [("Pop", ["stack": "main", "animated": false])])
        case .popAnimated: try await attempt(on: harness, [("Pop", ["stack": "main"])])
        case .setRules:
            let policy = ["queue", "reject", "retarget"].randomElement(using: &random)!
            try await attempt(
                on: harness,
                [
                    (
                        "SetRules",
                        ["stack": "main", "rules": [["animator": .string(animator)]], "policy": .string(policy)]
                    )
                ])
        case .present:
            try await attempt(
                on: harness, [("Present", ["stack": "main", "screen": Screens.json("m\(index)", kind: "modal")])])
        case .dismiss: try await attempt(on: harness, [("Dismiss", ["stack": "main"])])
        case .advanceClock: await harness.clock.advance(frames: Int.random(in: 1...30, using: &random))
        case .settle: await harness.settle()
        case .abandonGesture:
            // A client begins an interactive pop, moves it, and leaves: the service ends it by the rule.
            let rule = ["cancel", "finish"].randomElement(using: &random)!
            let fraction = Double.random(in: 0...1, using: &random)
            try await harness.withConnection { connection throws in
                do {
                    try connection.call(
                        "BeginInteractive", ["stack": "main", "operation": "pop", "onDisconnect": .string(rule)])
                    try connection.call("UpdateInteractive", ["stack": "main", "fraction": .number(fraction)])
                } catch is VarlinkError {}
            }
        case .concurrentCalls:
            // Reads racing changes from other connections.
            try await attempt(
                on: harness,
                [
                    ("GetStack", ["name": "main", "includeScreens": true]),
                    ("Push", ["stack": "main", "screen": Screens.json("c\(index)"), "animated": false]),
                    ("GetStack", ["name": "main"]),
                    ("SetRules", ["stack": "main", "rules": [["animator": .string(animator)]]]),
                    ("GetStack", ["name": "main"]),
                ])
        }
    }

    /// Sends each call on a connection of its own, all at once, and waits for every reply; error replies
    /// are ignored.
    static func attempt(on harness: ServiceHarness, _ calls: [(String, JSONObject)]) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (method, parameters) in calls {
                group.addTask {
                    try await harness.withConnection { connection throws in
                        do { try connection.call(method, parameters) } catch is VarlinkError {}
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
