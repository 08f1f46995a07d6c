import Foundation
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct DaemonLogTransitionsTests {
    private let push = DaemonLog.Transition(stack: "main", operation: "push", animator: "slide", id: 7)
    private var transitionFields: [String] { ["STACK=main", "OPERATION=push", "ANIMATOR=slide", "TRANSITION_ID=7"] }

    @Test func transitions() {
        expectEntry(.transitionBegan, "Stack main: push #7 began with slide", transitionFields + ["INTERACTIVE=no"]) {
            $0.transitionBegan(push)
        }
        expectEntry(
            .transitionBegan, "Stack main: interactive push #7 began with slide", transitionFields + ["INTERACTIVE=yes"]
        ) {
            $0.transitionBegan(push, interactive: true)
        }
        expectEntry(
            .transitionCompleted, "Stack main: push #7 completed in 300ms", transitionFields + ["DURATION_MS=300"]
        ) {
            $0.transitionCompleted(push, durationMilliseconds: 300)
        }
        expectEntry(
            .transitionCancelled, "Stack main: push #7 cancelled after 120ms: cancelled by the client",
            transitionFields + ["DURATION_MS=120", "REASON=cancelled by the client"]
        ) { $0.transitionCancelled(push, durationMilliseconds: 120, reason: "cancelled by the client") }
    }

    /// A burst of transitions on one stack is limited; other stacks keep their own budget.
    @Test func transitionStormsAreLimitedPerStack() {
        let recording = RecordingLog()
        for id in 0..<150 {
            recording.log.transitionBegan(
                DaemonLog.Transition(stack: "busy", operation: "push", animator: "none", id: UInt64(id)))
        }
        recording.log.transitionBegan(push)
        #expect(recording.entries.value.count == 101)
        #expect(recording.last?.message == "Stack main: push #7 began with slide")
    }

    /// Every `EVENT=` the service and the daemon's server tag an entry with names a catalogued event, so
    /// that the entry gets its `MESSAGE_ID` (an unknown name would fall back to `service-message`).
    @Test func everyEventTheServiceNamesIsCatalogued() throws {
        var named: Set<String> = []
        for directory in ["Sources/TransitionService", "Sources/TransitionDaemon"].map({ RepositoryFiles.path($0) }) {
            let files = try #require(FileManager.default.enumerator(atPath: directory)?.allObjects as? [String])
            for file in files where file.hasSuffix(".swift") {
                let text = try #require(TextFile.read(directory + "/" + file))
                for part in text.components(separatedBy: #"("EVENT", ""#).dropFirst() {
                    named.insert(String(part.prefix { $0 != "\"" }))
                }
            }
        }
        let expected: Set = [
            "client-connected", "connection-refused", "request-rejected", "stack-created", "stack-deleted",
            "interaction-abandoned", "state-write-failed", "state-restore-problem",
        ]
        #expect(named.isSuperset(of: expected), "\(named)")
        for name in named { #expect(DaemonLogEvent.named(name) != nil, "\(name) is not catalogued") }
    }

    @Test func serviceEntriesTakeTheirEventFromTheEventField() {
        expectEntry(
            .stackCreated, priority: .notice, "Created stack main for pid=42 uid=1000 gid=1000",
            ["CLIENT_PID=42", "CLIENT_UID=1000", "STACK=main"]
        ) {
            $0.serviceEntry(
                syslogLevel: 5, message: "Created stack main for pid=42 uid=1000 gid=1000",
                fields: [("CLIENT_PID", "42"), ("CLIENT_UID", "1000"), ("EVENT", "stack-created"), ("STACK", "main")])
        }
        expectEntry(.serviceMessage, priority: .debug, "Stack main: push queued", ["STACK=main"]) {
            $0.serviceEntry(syslogLevel: 7, message: "Stack main: push queued", fields: [("STACK", "main")])
        }
        expectEntry(.serviceMessage, priority: .info, "odd level", []) {
            $0.serviceEntry(syslogLevel: 12, message: "odd level", fields: [("EVENT", "no-such-event")])
        }
    }
}
