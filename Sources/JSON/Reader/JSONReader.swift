/// Reads JSON text (RFC 8259) into a ``JSONValue``, strictly and within limits.
///
/// The reader accepts exactly the grammar of RFC 8259 §2–§8: one value with optional whitespace
/// (space, tab, line feed, carriage return) around it; no comments, trailing commas, single quotes,
/// leading zeros, `NaN` or `Infinity`, and no byte order mark. Strings must be well-formed UTF-8 without
/// unescaped control characters, and `\u` escapes may not leave a surrogate unpaired. Objects may not
/// repeat a key. Numbers are rounded correctly to the nearest `Double`; one too large for `Double` is an
/// error, one too small becomes zero (keeping its sign).
///
/// The parser is iterative, so the nesting depth is bounded only by ``Limits/maximumDepth`` and never by
/// the thread's stack.
///
/// ```swift
/// let call = try JSONReader.parse(#"{"method":"org.varlink.service.GetInfo"}"#)
/// call["method"]?.stringValue   // "org.varlink.service.GetInfo"
/// ```
public struct JSONReader {
    /// Bounds on the resources one document may use; exceeding one is an error, never a trap.
    ///
    /// A limit of 0 or less rejects everything it counts: `maximumDepth: 0` accepts only a scalar at the
    /// top level.
    public struct Limits: Sendable, Equatable {
        /// The deepest nesting of arrays and objects: `[]` has depth 1, `[[]]` depth 2, and a scalar
        /// alone depth 0. Default 64. Exceeding it throws ``JSONError/Code/tooDeep``.
        public var maximumDepth: Int
        /// The longest input in bytes. Default 1 MiB (1,048,576). Exceeding it throws
        /// ``JSONError/Code/tooLarge`` before any byte is read.
        public var maximumBytes: Int
        /// The longest string, in bytes of UTF-8 after unescaping; applies to keys too. Default 1 MiB, so
        /// that one string may fill a default-sized document. Exceeding it throws
        /// ``JSONError/Code/invalidString``.
        public var maximumStringBytes: Int
        /// The most values in one document, counting every scalar, array and object (the top-level
        /// value included; keys are not values). Default 262,144 (2^18), which bounds the memory of
        /// the result to a few megabytes. Exceeding it throws ``JSONError/Code/tooLarge``.
        public var maximumElements: Int

        /// Creates limits; every argument has the documented default.
        public init(
            maximumDepth: Int = 64,
            maximumBytes: Int = 1 << 20,
            maximumStringBytes: Int = 1 << 20,
            maximumElements: Int = 1 << 18
        ) {
            self.maximumDepth = maximumDepth
            self.maximumBytes = maximumBytes
            self.maximumStringBytes = maximumStringBytes
            self.maximumElements = maximumElements
        }

        /// Limits that accept every document ``JSONWriter`` writes in `byteCount` bytes: nesting up to
        /// ``JSONWriter/maximumDepth``, strings and values as many as the bytes hold. For reading back text
        /// this program wrote (a stored record), which the defaults, meant for what a peer sends, may
        /// refuse.
        public static func forWrittenText(byteCount: Int) -> Limits {
            Limits(
                maximumDepth: JSONWriter.maximumDepth, maximumBytes: byteCount, maximumStringBytes: byteCount,
                maximumElements: byteCount)
        }
    }

    /// Parses one JSON document from raw bytes.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 JSON text. Only these bytes are read; no terminator is needed.
    ///   - limits: The bounds to enforce.
    /// - Returns: The value the document denotes.
    /// - Throws: ``JSONError`` with the byte offset of the first fault.
    public static func parse(_ bytes: UnsafeRawBufferPointer, limits: Limits = .init()) throws(JSONError)
        -> JSONValue
    {
        guard bytes.count <= limits.maximumBytes else {
            throw JSONError(
                code: .tooLarge,
                message: "The document has \(bytes.count) bytes, more than the limit of \(limits.maximumBytes); "
                    + "send a smaller document.",
                offset: limits.maximumBytes
            )
        }
        guard bytes.count > 0 else {
            throw JSONError(code: .unexpectedEnd, message: "The document is empty; send one JSON value.")
        }
        return try bytes.withMemoryRebound(to: UInt8.self) { (buffer) throws(JSONError) -> JSONValue in
            try JSONParser.parse(buffer, limits: limits)
        }
    }

    /// Parses one JSON document from an array of bytes; see ``parse(_:limits:)-(UnsafeRawBufferPointer,_)``.
    public static func parse(_ bytes: [UInt8], limits: Limits = .init()) throws(JSONError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONError) -> JSONValue in try parse(buffer, limits: limits) }
        }
        return try result.get()
    }

    /// Parses one JSON document from a string's UTF-8; see ``parse(_:limits:)-(UnsafeRawBufferPointer,_)``.
    public static func parse(_ text: String, limits: Limits = .init()) throws(JSONError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { utf8 in
            Result { () throws(JSONError) -> JSONValue in try parse(UnsafeRawBufferPointer(utf8), limits: limits) }
        }
        return try result.get()
    }
}
