import JSON
import Testing
import TransitionTestSupport

/// Bad messages sent to the real `transitiond` on a real Unix socket, one connection per case, while
/// another client watches a stack animate (docs/protocol.md, "Malformed input").
///
/// For each case (the tables in `Cases/`, the messages built in `Messages/`): the replies are exactly the
/// named errors expected, with the `parameter` at fault; the connection survives (a `GetStack` after it
/// is answered) or is closed, as the protocol says; the daemon keeps running; the state every client can
/// read (`ListStacks`, `GetStack` of each stack with its screens, `ListAnimators`) is byte for byte what
/// it was, and so is every file of the state directory; and the watching subscriber receives a frame
/// after the case, its indices still increasing, with nothing else on its stream.
@Suite(.serialized, .runningDaemon) struct MalformedInputTests {
    @Test(arguments: MalformedCase.all)
    func rejected(_ malformed: MalformedCase) async throws {
        let fixture = try #require(DaemonFixture.current)
        let outcome = try await OffPool.run { try fixture.run(malformed) }

        for (index, expected) in malformed.replies.enumerated() {
            guard index < outcome.replies.count else {
                Issue.record("reply \(index + 1) missing: expected \(expected)")
                continue
            }
            let text = outcome.replies[index]
            guard let reply = try? JSONReader.parse(text) else {
                Issue.record("reply \(index + 1) is not JSON: \(text)")
                continue
            }
            if let mismatch = expected.mismatch(reply) { Issue.record("reply \(index + 1): \(mismatch)") }
            if let error = reply["error"]?.stringValue, error.hasPrefix("io.transitiond.") {
                // Every io.transitiond error says what to do (docs/protocol.md, "Conventions").
                #expect(reply["parameters"]?["message"]?.stringValue?.isEmpty == false, "no message: \(text)")
            }
        }
        switch malformed.fate {
        case .survives: #expect(outcome.end == .survived, "the connection should survive")
        case .closed: #expect(outcome.end == .closed, "the connection should be closed")
        }
        #expect(outcome.daemonRunning, "transitiond exited: \(fixture.daemon.exitDescription)")
        if let after = outcome.after {
            #expect(after == outcome.before, "the state changed:\n\(after.difference(from: outcome.before))")
        }
        #expect(outcome.filesChanged.isEmpty, "the state directory changed: \(outcome.filesChanged)")
        #expect(outcome.framesContinued, "no frame reached the watcher after the case")
        #expect(outcome.disturbances.isEmpty, "the watcher was disturbed: \(outcome.disturbances)")
    }

    /// The tables read without a fault and hold at least 200 distinct messages with distinct names, and
    /// every category has cases.
    @Test func theCasesAreDistinct() {
        #expect(CaseFile.problems.isEmpty, "\(CaseFile.problems)")
        let cases = MalformedCase.all
        #expect(cases.count >= 200)
        #expect(Set(cases.map(\.testDescription)).count == cases.count, "two cases share a name")
        var seen: [[UInt8]: String] = [:]
        for malformed in cases {
            // The same bytes from another user are another case.
            let key = malformed.bytes + (malformed.client == .owner ? [] : [0xFF])
            if let other = seen[key] { Issue.record("\(malformed.name) sends what \(other) sends") }
            seen[key] = malformed.name
        }
        for category in MalformedCase.Category.allCases {
            #expect(cases.contains { $0.category == category }, "no case for \(category)")
        }
        let counts = MalformedCase.Category.allCases.map { category in
            "\(category.rawValue) \(cases.filter { $0.category == category }.count)"
        }
        print("malformed-input cases: \(cases.count) (\(counts.joined(separator: ", ")))")
    }
}
