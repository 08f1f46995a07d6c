import Testing

@testable import TransitionDaemon

@Suite struct DaemonLogTransitionsTests {
    private let client = DaemonLog.Client(pid: 42, uid: 1000)
    private let push = DaemonLog.Transition(stack: "main", operation: "push", animator: "slide", id: 7)
    private var transitionFields: [String] { ["STACK=main", "OPERATION=push", "ANIMATOR=slide", "TRANSITION_ID=7"] }

    @Test func stacksAndTransitions() {
        expectEntry(
            .stackCreated, "Created stack main for client pid 42 (uid 1000)",
            ["STACK=main", "CLIENT_PID=42", "CLIENT_UID=1000"]
        ) {
            $0.stackCreated("main", by: client)
        }
        expectEntry(
            .stackDeleted, "Deleted stack main for client pid 42 (uid 1000)",
            ["STACK=main", "CLIENT_PID=42", "CLIENT_UID=1000"]
        ) {
            $0.stackDeleted("main", by: client)
        }
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
        expectEntry(
            .interactionAbandoned, "Stack main: the client driving push #7 left (pid 42 (uid 1000)), cancelled",
            transitionFields + ["CLIENT_PID=42", "CLIENT_UID=1000"]
        ) { $0.interactionAbandoned(push, by: client, outcome: "cancelled") }
        expectEntry(
            .stateWriteFailed, "Failed to write the state of stack main: No space left on device",
            ["STACK=main", "REASON=No space left on device"]
        ) { $0.stateWriteFailed(stack: "main", reason: "No space left on device") }
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
