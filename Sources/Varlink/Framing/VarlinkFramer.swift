#if canImport(Glibc)
    import Glibc
#endif

/// Splits a byte stream into Varlink messages.
///
/// Varlink messages are JSON texts, each terminated by one NUL byte (varlink.org, "Method Call":
/// "every message is terminated by a NUL byte"). Bytes may arrive split at any offset: append them as
/// they come and take whole messages out with `nextMessage()`. The framer holds at most one partial
/// message; a partial message longer than `maximumMessageBytes` is an error, reported as soon as it is
/// known, without waiting for its terminator.
///
/// ```swift
/// var framer = VarlinkFramer()
/// framer.append(received)
/// while let message = try framer.nextMessage() { handle(message) }
/// ```
public struct VarlinkFramer: Sendable {
    /// The default largest message accepted, in bytes, without its NUL terminator: 1 MiB.
    ///
    /// Large enough for any call we expect (a full screen tree is a few tens of KiB) and small enough
    /// that a thousand clients each sending one cannot exhaust memory.
    public static let defaultMaximumMessageBytes = 1 << 20

    /// The largest message accepted, in bytes, not counting its NUL terminator. At least 1.
    public let maximumMessageBytes: Int

    /// Received bytes; `buffer[readIndex...]` is not yet returned as messages.
    private var buffer: [UInt8] = []
    /// Index of the first byte not yet returned.
    private var readIndex = 0
    /// `buffer[readIndex..<scannedIndex]` is known to contain no NUL, so it is never searched twice.
    private var scannedIndex = 0

    /// Creates an empty framer.
    ///
    /// - Parameter maximumMessageBytes: the largest message accepted, in bytes, without the NUL
    ///   terminator; values below 1 are raised to 1.
    public init(maximumMessageBytes: Int = VarlinkFramer.defaultMaximumMessageBytes) {
        self.maximumMessageBytes = max(1, maximumMessageBytes)
    }

    /// The number of received bytes not yet returned as messages (the partial message and any whole
    /// messages not yet taken).
    public var bufferedByteCount: Int { buffer.count - readIndex }

    /// The buffer's capacity in bytes: what the framer holds, whatever it has buffered.
    public var bufferCapacity: Int { buffer.capacity }

    /// Appends received bytes. Any split is fine, including an empty buffer.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes.bindMemory(to: UInt8.self))
    }

    /// Appends received bytes from an array. Any split is fine, including an empty array.
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Takes the next whole message out of the buffer, without its NUL terminator.
    ///
    /// - Returns: the message bytes (possibly empty, for two NULs in a row), or `nil` when no whole
    ///   message is buffered yet.
    /// - Throws: `VarlinkConnectionError.Code.messageTooLarge` when a message, whole or partial, is
    ///   longer than `maximumMessageBytes`. The stream cannot be resynchronised after that: close it.
    public mutating func nextMessage() throws(VarlinkConnectionError) -> [UInt8]? {
        guard let terminator = findTerminator() else {
            if buffer.count - readIndex > maximumMessageBytes {
                throw tooLarge(atLeast: buffer.count - readIndex)
            }
            return nil
        }
        let length = terminator - readIndex
        if length > maximumMessageBytes {
            throw tooLarge(atLeast: length)
        }
        let message = Array(buffer[readIndex..<terminator])
        take(through: terminator)
        releaseIfDrained()
        return message
    }

    /// Moves past the message that ends at the NUL at `terminator`.
    private mutating func take(through terminator: Int) {
        readIndex = terminator + 1
        scannedIndex = readIndex
    }

    /// The most buffer capacity kept once every byte is taken (64 KiB): an idle connection that once
    /// carried a large message does not hold a buffer of its size for as long as it stays open.
    static let retainedCapacity = 64 << 10

    /// Empties the buffer once every byte in it has been taken, keeping its capacity up to
    /// `retainedCapacity`.
    private mutating func releaseIfDrained() {
        guard readIndex == buffer.count else { return }
        if buffer.capacity > Self.retainedCapacity {
            buffer = []
        } else {
            buffer.removeAll(keepingCapacity: true)
        }
        readIndex = 0
        scannedIndex = 0
    }

    /// Offers the buffered whole messages, in place and without their NUL terminators, to `body` one after
    /// the other, taking each out of the buffer while `body` returns true.
    ///
    /// - Returns: the number of messages taken. It stops at the first message `body` declines (which
    ///   stays the next message), when no whole message is left, or at a message over
    ///   `maximumMessageBytes` (`nextMessage()` then reports it).
    public mutating func takeMessages(while body: (UnsafeRawBufferPointer) -> Bool) -> Int {
        var taken = 0
        while let terminator = findTerminator(), terminator - readIndex <= maximumMessageBytes {
            let start = readIndex
            let accepted = buffer.withUnsafeBytes { bytes in
                body(UnsafeRawBufferPointer(rebasing: bytes[start..<terminator]))
            }
            guard accepted else { break }
            taken += 1
            take(through: terminator)
        }
        releaseIfDrained()
        return taken
    }

    /// The index of the first NUL at or after `readIndex`, searching only bytes not searched before.
    private mutating func findTerminator() -> Int? {
        let start = max(scannedIndex, readIndex)
        guard start < buffer.count else { return nil }
        let found: Int? = buffer.withUnsafeBytes { bytes in
            // memchr is vectorised by the C library; a byte loop in Swift is several times slower
            // (PERFORMANCE-NOTES.md, "System calls and the runtime").
            guard let base = bytes.baseAddress,
                let hit = memchr(base + start, 0, bytes.count - start)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        scannedIndex = found ?? buffer.count
        return found
    }

    /// Drops already returned bytes when they are at least half of the buffer, so the buffer never
    /// grows beyond twice the data it holds and each byte is moved at most a constant number of times.
    private mutating func compactIfWorthwhile() {
        guard readIndex > 0, readIndex * 2 >= buffer.count else { return }
        buffer.removeSubrange(0..<readIndex)
        scannedIndex -= readIndex
        readIndex = 0
    }

    private func tooLarge(atLeast length: Int) -> VarlinkConnectionError {
        VarlinkConnectionError(
            code: .messageTooLarge,
            message: "A message of at least \(length) bytes exceeds the limit of \(maximumMessageBytes) bytes;"
                + " send smaller messages or raise the limit.",
            parameter: nil
        )
    }
}
