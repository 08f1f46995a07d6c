import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A buffered byte source read line by line: a file descriptor (standard input) or bytes in memory
/// (tests).
///
/// A line ends at `\n`; a `\r` before it is dropped, and a last line without `\n` still counts. Lines
/// longer than the caller's limit are skipped to their end without being stored, so one huge line
/// cannot exhaust memory.
public final class InputChannel {
    /// One line read by ``readLine(maximumBytes:)``.
    public enum Line: Sendable, Equatable {
        /// The line's bytes without the line ending.
        case text([UInt8])
        /// A line longer than the limit, skipped; `byteCount` is its length without the line ending.
        case tooLong(byteCount: Int)
    }

    /// Bytes requested per `read(2)`: 64 KiB, the default pipe capacity on Linux (pipe(7)).
    public static let readSize = 1 << 16

    /// What the channel is called in error messages (`standard input`).
    public let name: String
    private let descriptor: Int32?
    private var buffer: [UInt8]
    private var start = 0
    private var reachedEnd: Bool

    /// A channel reading an open file descriptor, which it does not close.
    public init(fileDescriptor: Int32, name: String) {
        self.descriptor = fileDescriptor
        self.name = name
        self.buffer = []
        self.reachedEnd = false
    }

    /// A channel reading `bytes`, then the end of input.
    public init(bytes: [UInt8], name: String = "memory") {
        self.descriptor = nil
        self.name = name
        self.buffer = bytes
        self.reachedEnd = true
    }

    /// A channel reading the UTF-8 bytes of `text`, then the end of input.
    public convenience init(text: String, name: String = "memory") {
        self.init(bytes: Array(text.utf8), name: name)
    }

    /// Whether the next ``readLine(maximumBytes:)`` can answer from the buffer without waiting for
    /// input: a whole line is buffered, or the input has ended. Callers flush their output before a
    /// read that would wait, so a peer that writes one request and waits sees the reply.
    public var hasBufferedLine: Bool {
        reachedEnd || buffer[start...].contains(UInt8(ascii: "\n"))
    }

    /// The next line, or nil at the end of input.
    ///
    /// - Parameter maximumBytes: the longest line kept; longer ones are returned as `.tooLong`.
    /// - Throws: ``CommandError`` with code `inputOutput` when `read(2)` fails.
    public func readLine(maximumBytes: Int) throws(CommandError) -> Line? {
        var skipped = 0
        var searchFrom = start
        while true {
            if let newline = buffer[searchFrom...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = take(upTo: newline, after: 1)
                return skipped > 0 || line.count > maximumBytes
                    ? .tooLong(byteCount: skipped + line.count) : .text(line)
            }
            if buffer.count - start > maximumBytes {
                // Keep nothing of an overlong line: count it and drop what is buffered.
                skipped += buffer.count - start
                buffer.removeAll(keepingCapacity: true)
                start = 0
            }
            if reachedEnd {
                if start == buffer.count {
                    return skipped > 0 ? .tooLong(byteCount: skipped) : nil
                }
                let line = take(upTo: buffer.count, after: 0)
                return skipped > 0 || line.count > maximumBytes
                    ? .tooLong(byteCount: skipped + line.count) : .text(line)
            }
            searchFrom = buffer.count
            try fill()
            searchFrom = min(searchFrom, buffer.count)
        }
    }

    /// Everything up to the end of input.
    ///
    /// - Parameter maximumBytes: the most bytes accepted.
    /// - Throws: ``CommandError`` with code `inputOutput` when `read(2)` fails, or `invalidInput`
    ///   when the input is longer than `maximumBytes`.
    public func readAll(maximumBytes: Int) throws(CommandError) -> [UInt8] {
        while !reachedEnd {
            try fill()
            if buffer.count - start > maximumBytes {
                throw CommandError(.invalidInput, parameter: name, "\(name) is longer than \(maximumBytes) bytes")
            }
        }
        let rest = Array(buffer[start...])
        guard rest.count <= maximumBytes else {
            throw CommandError(.invalidInput, parameter: name, "\(name) is longer than \(maximumBytes) bytes")
        }
        buffer.removeAll()
        start = 0
        return rest
    }

    /// Removes the bytes before `end` from the buffer and `separator` more, returning them without a
    /// trailing `\r`.
    private func take(upTo end: Int, after separator: Int) -> [UInt8] {
        var line = Array(buffer[start..<end])
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        start = end + separator
        if start >= buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        } else if start >= Self.readSize {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return line
    }

    /// Reads one chunk into the buffer, or marks the end of input.
    private func fill() throws(CommandError) {
        guard let descriptor, !reachedEnd else {
            reachedEnd = true
            return
        }
        let oldCount = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.readSize))
        while true {
            let result = buffer.withUnsafeMutableBytes { raw in
                systemCall { Glibc.read(descriptor, raw.baseAddress! + oldCount, Self.readSize) }
            }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error):
                buffer.removeSubrange(oldCount...)
                throw CommandError(.inputOutput, parameter: name, "failed to read \(name): \(error)")
            }
            buffer.removeSubrange((oldCount + count)...)
            if count == 0 { reachedEnd = true }
            return
        }
    }
}
