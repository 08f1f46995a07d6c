/// The bytes libFuzzer hands a target, read front to back: a few leading bytes steer the run (how to
/// split the rest, which limits to apply), the remainder is the document or stream under test.
///
/// Reading past the end never fails: a missing byte reads as 0, so every input, the empty one included,
/// is a valid run.
public struct FuzzInput {
    /// The whole input.
    public let bytes: [UInt8]
    /// The index of the next unread byte.
    private var position = 0

    /// Copies the `size` bytes at `data`; `data` may be `nil` when `size` is 0.
    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    }

    /// Wraps `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { position >= bytes.count }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// The unread bytes; afterwards the input is at its end.
    public mutating func remainder() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}
