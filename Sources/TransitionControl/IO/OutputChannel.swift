import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A buffered byte sink: a file descriptor (standard output, standard error) or memory (tests).
///
/// Writes are collected and sent with `write(2)` once ``flushThreshold`` bytes are pending or when
/// ``flush()`` is called; short writes and `EINTR` are retried. The first failure (for instance `EPIPE`
/// when the reader went away and `SIGPIPE` is ignored) is kept, later writes are dropped, and
/// ``flush()`` reports it.
public final class OutputChannel {
    private enum Destination {
        case fileDescriptor(Int32)
        case memory
    }

    /// Bytes buffered before a write system call: 64 KiB, the default pipe capacity on Linux
    /// (pipe(7)), so one call usually fills or drains a pipe.
    public static let flushThreshold = 1 << 16

    /// What the channel is called in error messages (`standard output`).
    public let name: String
    private let destination: Destination
    private var pending: [UInt8] = []
    private var captured: [UInt8] = []
    private var failure: CommandError?

    /// A channel writing to an open file descriptor, which it does not close.
    public init(fileDescriptor: Int32, name: String) {
        self.destination = .fileDescriptor(fileDescriptor)
        self.name = name
    }

    private init(memoryNamed name: String) {
        self.destination = .memory
        self.name = name
    }

    /// A channel that keeps everything written, for tests; read it back with ``writtenText``.
    public static func memory(name: String = "memory") -> OutputChannel {
        OutputChannel(memoryNamed: name)
    }

    /// Whether the channel is a terminal (`isatty(3)`); false for memory.
    public var isTerminal: Bool {
        if case .fileDescriptor(let descriptor) = destination { return isatty(descriptor) == 1 }
        return false
    }

    /// Appends bytes; they reach the descriptor at the next flush.
    public func write(_ bytes: some Sequence<UInt8>) {
        switch destination {
        case .memory:
            captured.append(contentsOf: bytes)
        case .fileDescriptor:
            guard failure == nil else { return }
            pending.append(contentsOf: bytes)
            if pending.count >= Self.flushThreshold { drain() }
        }
    }

    /// Appends the UTF-8 bytes of `text`.
    public func write(_ text: String) {
        write(text.utf8)
    }

    /// Sends every pending byte.
    ///
    /// - Throws: ``CommandError`` with code `inputOutput` naming the channel and the system's reason,
    ///   for the first failed write since the channel was created.
    public func flush() throws(CommandError) {
        drain()
        if let failure { throw failure }
    }

    /// Everything written to a memory channel, as bytes; empty for a descriptor.
    public var writtenBytes: [UInt8] { captured }

    /// Everything written to a memory channel, decoded as UTF-8; empty for a descriptor.
    public var writtenText: String { String(decoding: captured, as: UTF8.self) }

    private func drain() {
        guard case .fileDescriptor(let descriptor) = destination, failure == nil, !pending.isEmpty else {
            pending.removeAll(keepingCapacity: true)
            return
        }
        if case .failure(let error) = pending.withUnsafeBytes({ writeAll(descriptor, $0) }) {
            failure = CommandError(.inputOutput, parameter: name, "failed to write to \(name): \(error)")
        }
        pending.removeAll(keepingCapacity: true)
    }
}
