import SystemdSupport
import TransitionTestSupport

@testable import TransitionDaemon

/// A `DaemonLog` writing into memory, with a clock the test moves.
final class RecordingLog: Sendable {
    let entries = Observed([JournalEntry]())
    let time = Observed<UInt64>(1_000_000)
    let failing = Observed(false)
    let log: DaemonLog

    init(level: JournalPriority = .debug, instance: String? = nil) {
        let entries = entries
        let time = time
        let failing = failing
        log = DaemonLog(level: level, instance: instance, clock: { time.value }) { entry in
            if failing.value { throw HarnessFailure("sink refused the entry") }
            entries.update { $0.append(entry) }
        }
    }

    /// The last entry written.
    var last: JournalEntry? { entries.value.last }

    /// `NAME=value` of the last entry's user fields, in order.
    var lastFields: [String] { last?.fields.map { "\($0.name)=\($0.value)" } ?? [] }

    func advance(seconds: UInt64) { time.update { $0 += seconds * 1_000_000 } }
}
