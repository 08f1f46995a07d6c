/// A JSON value kept as the compact text ``JSONWriter`` writes for it: for a value a program stores and
/// passes on without looking inside, such as a node's free-form style. The text takes about one byte per
/// byte of JSON, where a ``JSONValue`` tree takes up to sixteen (24 bytes for a number written in two:
/// an array of `0`s), and writing it again is a copy.
///
/// Two texts are equal when their values are (``JSONValue``'s equality: an object's members in any
/// order): the same bytes are equal at the cost of comparing them, other bytes are read back and compared
/// as values. A value JSON cannot carry (a non-finite number) is kept as a tree, and writing it throws as
/// ``JSONWriter/write(_:into:)`` does.
public struct JSONText: Sendable, Equatable {
    private enum Storage: Sendable, Equatable {
        case text([UInt8])
        case unwritable(JSONValue)
    }

    private let storage: Storage

    /// Keeps `value` as its compact text (a tree for a value that cannot be written).
    public init(_ value: JSONValue) {
        var bytes: [UInt8] = []
        do {
            try JSONWriter.write(value, into: &bytes)
            storage = .text(bytes)
        } catch {
            storage = .unwritable(value)
        }
    }

    /// The value, read back from the text on each access.
    public var value: JSONValue {
        switch storage {
        case .text(let bytes):
            // Text JSONWriter wrote reads back under the limits made for written text.
            (try? JSONReader.parse(bytes, limits: .forWrittenText(byteCount: bytes.count))) ?? .null
        case .unwritable(let value): value
        }
    }

    /// How many bytes the text takes; 0 for a value kept as a tree.
    public var byteCount: Int {
        if case .text(let bytes) = storage { return bytes.count }
        return 0
    }

    /// Whether the values are equal: the same text, or texts that read back as equal values.
    public static func == (lhs: JSONText, rhs: JSONText) -> Bool {
        if case .text(let left) = lhs.storage, case .text(let right) = rhs.storage, left == right { return true }
        return lhs.value == rhs.value
    }

    /// Appends the text to `bytes`.
    ///
    /// - Throws: ``JSONError`` (`nonFiniteNumber`) for a value JSON cannot carry; `bytes` is then as
    ///   ``JSONWriter/write(_:into:)`` leaves it.
    public func write(into bytes: inout [UInt8]) throws(JSONError) {
        switch storage {
        case .text(let text): bytes.append(contentsOf: text)
        case .unwritable(let value): try JSONWriter.write(value, into: &bytes)
        }
    }
}
