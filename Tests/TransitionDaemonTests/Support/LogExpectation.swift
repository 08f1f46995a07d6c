import SystemdSupport
import Testing

@testable import TransitionDaemon

/// Runs `body` against a fresh recording log and checks the one entry it wrote: event, priority,
/// message and user fields (`NAME=value`, in order).
func expectEntry(
    _ event: DaemonLogEvent,
    priority: JournalPriority? = nil,
    _ message: String,
    _ fields: [String],
    instance: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (DaemonLog) -> Void
) {
    let recording = RecordingLog(instance: instance)
    body(recording.log)
    #expect(recording.entries.value.count == 1, sourceLocation: sourceLocation)
    guard let entry = recording.last else { return }
    #expect(entry.messageID == event.messageID, "event", sourceLocation: sourceLocation)
    #expect(entry.priority == priority ?? event.priority, sourceLocation: sourceLocation)
    #expect(entry.message == message, sourceLocation: sourceLocation)
    #expect(recording.lastFields == fields, sourceLocation: sourceLocation)
}
