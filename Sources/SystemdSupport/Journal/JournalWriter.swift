import CSystemd
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Writes structured entries to journald, or plain lines to standard error when no journal
/// is there.
///
/// `sd_journal_sendv` returns 0 even when no journald socket exists, so its result cannot
/// tell whether anyone reads the entries. The writer therefore decides once, at creation,
/// from what systemd tells a service (`Destination.detect()`), unless the caller chooses.
/// Writing never logs; failures throw `SystemdError`.
///
/// ```swift
/// let journal = JournalWriter(identifier: "transitiond")
/// try journal.log(.info, "Pushed screen detail onto stack main", fields: ["STACK": "main"])
/// ```
public struct JournalWriter: Sendable {
    /// Where entries go.
    public enum Destination: Sendable, Hashable {
        /// journald, through the native protocol (`sd_journal_sendv`).
        case journal
        /// Standard error, one unbuffered plain line per entry (`JournalEntry.plainLine()`).
        case standardError

        /// `.journal` when the process runs under systemd: `INVOCATION_ID` is set (systemd
        /// sets it for every unit it starts), or `JOURNAL_STREAM` names the device and inode
        /// of standard error (systemd.exec(7), "JOURNAL_STREAM"). `.standardError` otherwise,
        /// for example in a terminal or a test that did not ask for the journal.
        public static func detect() -> Destination {
            var status = stat()
            let standardError: (device: UInt64, inode: UInt64)? =
                fstat(STDERR_FILENO, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
            return detect(environment: EnvironmentVariable.value, standardError: standardError)
        }

        /// The decision of `detect()` from an explicit environment and standard error
        /// identity (device and inode numbers).
        static func detect(
            environment: (String) -> String?,
            standardError: (device: UInt64, inode: UInt64)?
        ) -> Destination {
            if let invocation = environment("INVOCATION_ID"), !invocation.isEmpty {
                return .journal
            }
            if let stream = environment("JOURNAL_STREAM"), let standardError {
                let parts = stream.split(separator: ":", omittingEmptySubsequences: false)
                if parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]),
                    device == standardError.device, inode == standardError.inode
                {
                    return .journal
                }
            }
            return .standardError
        }
    }

    /// Where this writer sends entries.
    public let destination: Destination
    /// Sent as `SYSLOG_IDENTIFIER=` with every journal entry when set (journalctl shows it
    /// as the program name; without it, journald's `_COMM` is shown).
    public let identifier: String?
    /// The least important priority written; entries less important (a greater level) are
    /// dropped. `.debug` writes everything; `.info` drops debug entries.
    public let maximumPriority: JournalPriority
    /// The descriptor plain lines go to: 2, except in tests that capture the lines.
    let standardErrorDescriptor: Int32

    /// Creates a writer.
    ///
    /// - Parameters:
    ///   - destination: where to write; nil decides with `Destination.detect()`.
    ///   - identifier: the `SYSLOG_IDENTIFIER`, for example `transitiond`.
    ///   - maximumPriority: the least important priority written.
    public init(
        destination: Destination? = nil,
        identifier: String? = nil,
        maximumPriority: JournalPriority = .debug
    ) {
        self.init(
            destination: destination,
            identifier: identifier,
            maximumPriority: maximumPriority,
            standardErrorDescriptor: STDERR_FILENO
        )
    }

    /// A writer whose plain lines go to `standardErrorDescriptor` instead of 2.
    init(
        destination: Destination?,
        identifier: String?,
        maximumPriority: JournalPriority,
        standardErrorDescriptor: Int32
    ) {
        self.destination = destination ?? .detect()
        self.identifier = identifier
        self.maximumPriority = maximumPriority
        self.standardErrorDescriptor = standardErrorDescriptor
    }

    /// Writes one entry, or drops it when it is less important than `maximumPriority`.
    ///
    /// The corresponding C function is `sd_journal_sendv` (for `.journal`); `write(2)` on
    /// file descriptor 2 for `.standardError`.
    ///
    /// - Returns: `true` when written, `false` when dropped for its priority.
    /// - Throws: `SystemdError` with `.invalidJournalField` for an invalid or reserved field
    ///   name (checked for both destinations), `.journalWriteFailed` with the errno when
    ///   journald refuses the entry, `.standardErrorWriteFailed` with the errno when standard
    ///   error cannot be written (for example EPIPE).
    @discardableResult
    public func write(_ entry: JournalEntry) throws -> Bool {
        guard entry.priority <= maximumPriority else { return false }
        switch destination {
        case .journal:
            try send(entry.assignments(identifier: identifier))
        case .standardError:
            try entry.validateFields()
            let line = Array((entry.plainLine() + "\n").utf8)
            if case .failure(let failure) = line.withUnsafeBytes({ writeAll(standardErrorDescriptor, $0) }) {
                throw SystemdError(
                    code: .standardErrorWriteFailed,
                    message: "Failed to write log entry to standard error",
                    errno: failure.rawValue
                )
            }
        }
        return true
    }

    /// Builds an entry at the caller's code location and writes it; see `write(_:)`.
    ///
    /// The corresponding C function is `sd_journal_sendv`.
    @discardableResult
    public func log(
        _ priority: JournalPriority,
        _ message: String,
        messageID: JournalMessageID? = nil,
        fields: KeyValuePairs<String, String> = [:],
        fileID: String = #fileID,
        line: Int = #line,
        function: String = #function
    ) throws -> Bool {
        try write(
            JournalEntry(
                priority,
                message,
                messageID: messageID,
                fields: fields,
                fileID: fileID,
                line: line,
                function: function
            )
        )
    }

    /// Sends `NAME=value` assignments as one entry through the native protocol, one iovec
    /// per assignment. Values may contain newlines; libsystemd then uses the binary-safe
    /// encoding (sd_journal_print(3), "Description").
    private func send(_ assignments: [String]) throws {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for assignment in assignments {
            let start = bytes.count
            bytes += assignment.utf8
            ranges.append(start..<bytes.count)
        }
        let result = bytes.withUnsafeMutableBytes { storage -> Int32 in
            let vectors = ranges.map { range in
                iovec(iov_base: storage.baseAddress! + range.lowerBound, iov_len: range.count)
            }
            return vectors.withUnsafeBufferPointer { sd_journal_sendv($0.baseAddress, Int32($0.count)) }
        }
        guard result >= 0 else {
            throw SystemdError(
                code: .journalWriteFailed,
                message: "Failed to send log entry to journald",
                errno: -result
            )
        }
    }
}
