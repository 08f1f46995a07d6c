/// A failure to read or write JSON: what went wrong, where, and what to do about it.
///
/// ```swift
/// do { _ = try JSONReader.parse("{\"a\": 01}") }
/// catch { print(error) }   // invalidNumber at byte 7 (a): Leading zeros are not allowed in a number; …
/// ```
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure. New codes may be added: switch over it with a `default` branch.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private enum Kind: String, Sendable {
            case unexpectedEnd, unexpectedCharacter, invalidNumber, invalidString, invalidUTF8, invalidEscape
            case duplicateKey, tooDeep, tooLarge, trailingCharacters, nonFiniteNumber
        }

        private let kind: Kind
        private init(_ kind: Kind) { self.kind = kind }

        /// The input ends before the value is complete; `offset` is the input's length.
        public static let unexpectedEnd = Code(.unexpectedEnd)
        /// A byte that cannot start or continue a value here (including a byte order mark).
        public static let unexpectedCharacter = Code(.unexpectedCharacter)
        /// A number that breaks the RFC 8259 §6 grammar (leading zero, missing digits).
        public static let invalidNumber = Code(.invalidNumber)
        /// A string with an unescaped control character (U+0000–U+001F), or longer than the limit allows.
        public static let invalidString = Code(.invalidString)
        /// Bytes that are not well-formed UTF-8 (RFC 3629 §4): overlong forms, encoded surrogates,
        /// truncated sequences, values above U+10FFFF.
        public static let invalidUTF8 = Code(.invalidUTF8)
        /// An unknown escape after `\`, a malformed `\u` escape, or a `\u` surrogate without its pair.
        public static let invalidEscape = Code(.invalidEscape)
        /// An object names the same key twice; the message names the key.
        public static let duplicateKey = Code(.duplicateKey)
        /// Arrays and objects are nested deeper than the limit allows.
        public static let tooDeep = Code(.tooDeep)
        /// The input, a string, or the number of values exceeds a limit.
        public static let tooLarge = Code(.tooLarge)
        /// Something other than whitespace follows the value.
        public static let trailingCharacters = Code(.trailingCharacters)
        /// A number overflows `Double` when read, or a number to write is infinite or NaN.
        public static let nonFiniteNumber = Code(.nonFiniteNumber)

        /// The code's name, for example `duplicateKey`.
        public var description: String { kind.rawValue }
    }

    /// The kind of failure.
    public var code: Code
    /// What went wrong and what to do, in one or two sentences.
    public var message: String
    /// The byte offset in the input where the fault was detected, from 0; 0 for writer errors.
    public var offset: Int
    /// The path of the value at fault, such as `parameters.nodes[2].frame`; empty at the top level.
    public var parameter: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The kind of failure.
    ///   - message: What went wrong and what to do.
    ///   - offset: The byte offset of the fault in the input, from 0.
    ///   - parameter: The path of the value at fault; empty at the top level.
    public init(code: Code, message: String, offset: Int = 0, parameter: String = "") {
        self.code = code
        self.message = message
        self.offset = offset
        self.parameter = parameter
    }

    /// The code, the offset, the path when known, and the message, for example
    /// `duplicateKey at byte 12 (nodes[0]): Duplicate key "id"; …`.
    public var description: String {
        let place = parameter.isEmpty ? "" : " (\(parameter))"
        return "\(code) at byte \(offset)\(place): \(message)"
    }
}
