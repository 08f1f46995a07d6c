import JSON
import Testing

/// A document that must parse, with the value it denotes.
struct AcceptedDocument: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let expected: JSONValue

    init(_ text: String, _ expected: JSONValue) {
        bytes = Array(text.utf8)
        self.expected = expected
    }

    var testDescription: String { printable(bytes) }
}

/// A document that must fail, with the error code and byte offset it must report.
struct RejectedDocument: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let code: JSONError.Code
    let offset: Int

    init(_ text: String, _ code: JSONError.Code, at offset: Int) {
        self.init(bytes: Array(text.utf8), code, at: offset)
    }

    init(bytes: [UInt8], _ code: JSONError.Code, at offset: Int) {
        self.bytes = bytes
        self.code = code
        self.offset = offset
    }

    var testDescription: String { printable(bytes) }
}

/// Bytes shown with non-printable ones as `\xNN`.
func printable(_ bytes: [UInt8]) -> String {
    var text = ""
    for byte in bytes {
        if byte >= 0x20, byte < 0x7F {
            text.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
    return text
}

/// `"` + bytes + `"`: a string literal whose contents are raw bytes.
func quoted(_ bytes: UInt8...) -> [UInt8] { [0x22] + bytes + [0x22] }

enum JSONReaderCorpus {
    /// Documents every RFC 8259 reader must accept. Numeric references: CPython's `float()`, which rounds
    /// correctly (David Gay's algorithm).
    static let accepted: [AcceptedDocument] = [
        AcceptedDocument("null", nil),
        AcceptedDocument("true", true),
        AcceptedDocument("false", false),
        AcceptedDocument("0", 0),
        AcceptedDocument("1", 1),
        AcceptedDocument("-1", -1),
        AcceptedDocument("1.5", 1.5),
        AcceptedDocument("-0.25", -0.25),
        AcceptedDocument("1e2", 100),
        AcceptedDocument("1E2", 100),
        AcceptedDocument("1e+2", 100),
        AcceptedDocument("1e-2", 0.01),
        AcceptedDocument("-1.25e-3", -0.00125),
        AcceptedDocument("0.0", 0),
        AcceptedDocument("0e0", 0),
        AcceptedDocument("0e-0", 0),
        AcceptedDocument("1e0000000000000000000002", 100),
        AcceptedDocument("0.1", 0.1),
        AcceptedDocument("123456789", 123_456_789),
        AcceptedDocument("9007199254740993", 9_007_199_254_740_992),
        AcceptedDocument("9007199254740995", 9_007_199_254_740_996),
        AcceptedDocument("1e23", 1e23),
        AcceptedDocument("8.589973e9", 8_589_973_000),
        AcceptedDocument("123456789012345678901234567890", 1.2345678901234568e+29),
        AcceptedDocument("0.000000000000000000000000000000000000000000001e300", 1e255),
        AcceptedDocument("1.7976931348623157e308", .number(.greatestFiniteMagnitude)),
        AcceptedDocument("1.7976931348623158e308", .number(.greatestFiniteMagnitude)),
        AcceptedDocument("-1.7976931348623157e308", .number(-.greatestFiniteMagnitude)),
        AcceptedDocument("2.2250738585072014e-308", .number(.leastNormalMagnitude)),
        AcceptedDocument("4.9406564584124654e-324", .number(.leastNonzeroMagnitude)),
        AcceptedDocument("2.4703282292062328e-324", .number(.leastNonzeroMagnitude)),
        AcceptedDocument("2.4703282292062327e-324", 0),
        AcceptedDocument("1e-400", 0),
        AcceptedDocument("1.00000000000000011102230246251565404236316680908203125", 1),
        AcceptedDocument("1.00000000000000011102230246251565404236316680908203126", 1.0000000000000002),
        AcceptedDocument(#""""#, ""),
        AcceptedDocument(#""abc""#, "abc"),
        AcceptedDocument(#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"),
        AcceptedDocument(#""\u0000""#, "\u{0}"),
        AcceptedDocument(#""\u001f""#, "\u{1F}"),
        AcceptedDocument(#""\u00e9\u00E9""#, "éé"),
        AcceptedDocument(#""\uD83D\uDE00""#, "😀"),
        AcceptedDocument(#""\ud83d\ude00""#, "😀"),
        AcceptedDocument(#""\uFFFF""#, "\u{FFFF}"),
        AcceptedDocument(#""\u2028\u2029""#, "\u{2028}\u{2029}"),
        AcceptedDocument("\"é😀中\"", "é😀中"),
        AcceptedDocument("\"\u{7F}\"", "\u{7F}"),
        AcceptedDocument("\"\u{10FFFF}\"", "\u{10FFFF}"),
        AcceptedDocument(#""a\nb" "#, "a\nb"),
        AcceptedDocument(#""/*not a comment*/""#, "/*not a comment*/"),
        AcceptedDocument("[]", []),
        AcceptedDocument("{}", [:]),
        AcceptedDocument("[[]]", [[]]),
        AcceptedDocument("[{}]", [[:]]),
        AcceptedDocument("[[[1]],[2]]", [[[1]], [2]]),
        AcceptedDocument(" [ 1 , 2 ] ", [1, 2]),
        AcceptedDocument("\t\n\r [1]\r\n", [1]),
        AcceptedDocument("[1,\"a\",true,false,null,{},[]]", [1, "a", true, false, nil, [:], []]),
        AcceptedDocument(#"{"a":[1,{"b":null}]}"#, ["a": [1, ["b": nil]]]),
        AcceptedDocument(#"{"":1}"#, ["": 1]),
        AcceptedDocument(#"{"a":1,"A":2}"#, ["a": 1, "A": 2]),
        AcceptedDocument(#"{"a":{"a":{"a":1}}}"#, ["a": ["a": ["a": 1]]]),
        AcceptedDocument(#"{"a":1,"b":{"a":2}}"#, ["a": 1, "b": ["a": 2]]),
        AcceptedDocument(#"{ "a" : 1 , "b" : [ ] }"#, ["a": 1, "b": []]),
        AcceptedDocument(#"[{"a":1},{"a":2}]"#, [["a": 1], ["a": 2]]),
    ]

    /// Documents every strict RFC 8259 reader must reject, with our code and the offset of the fault.
    static let rejected: [RejectedDocument] = [
        // Structure and truncation.
        RejectedDocument("", .unexpectedEnd, at: 0),
        RejectedDocument(" \n", .unexpectedEnd, at: 2),
        RejectedDocument("[", .unexpectedEnd, at: 1),
        RejectedDocument("[1,", .unexpectedEnd, at: 3),
        RejectedDocument("{\"a\":", .unexpectedEnd, at: 5),
        RejectedDocument("{\"a\"", .unexpectedEnd, at: 4),
        RejectedDocument("[1,]", .unexpectedCharacter, at: 3),
        RejectedDocument("{\"a\":1,}", .unexpectedCharacter, at: 7),
        RejectedDocument("{,}", .unexpectedCharacter, at: 1),
        RejectedDocument("[,1]", .unexpectedCharacter, at: 1),
        RejectedDocument("[1,,2]", .unexpectedCharacter, at: 3),
        RejectedDocument("[1 2]", .unexpectedCharacter, at: 3),
        RejectedDocument("{\"a\" 1}", .unexpectedCharacter, at: 5),
        RejectedDocument("{\"a\"}", .unexpectedCharacter, at: 4),
        RejectedDocument("{\"a\":}", .unexpectedCharacter, at: 5),
        RejectedDocument("{\"a\":1 \"b\":2}", .unexpectedCharacter, at: 7),
        RejectedDocument("[\"a\" : 1]", .unexpectedCharacter, at: 5),
        RejectedDocument("{a:1}", .unexpectedCharacter, at: 1),
        RejectedDocument("{'a':1}", .unexpectedCharacter, at: 1),
        RejectedDocument("['a']", .unexpectedCharacter, at: 1),
        RejectedDocument("{1:1}", .unexpectedCharacter, at: 1),
        RejectedDocument("[1}", .unexpectedCharacter, at: 2),
        RejectedDocument("{\"a\":1]", .unexpectedCharacter, at: 6),
        RejectedDocument("]", .unexpectedCharacter, at: 0),
        RejectedDocument("[]]", .trailingCharacters, at: 2),
        RejectedDocument("{} {}", .trailingCharacters, at: 3),
        RejectedDocument("null x", .trailingCharacters, at: 5),
        RejectedDocument("1 2", .trailingCharacters, at: 2),
        RejectedDocument("\"a\"\"b\"", .trailingCharacters, at: 3),
        // Comments, literals and whitespace JSON does not have.
        RejectedDocument("[1]//c", .trailingCharacters, at: 3),
        RejectedDocument("/*c*/[1]", .unexpectedCharacter, at: 0),
        RejectedDocument("[1/*c*/]", .unexpectedCharacter, at: 2),
        RejectedDocument("# c\n1", .unexpectedCharacter, at: 0),
        RejectedDocument("tru", .unexpectedEnd, at: 3),
        RejectedDocument("trUe", .unexpectedCharacter, at: 2),
        RejectedDocument("True", .unexpectedCharacter, at: 0),
        RejectedDocument("nul", .unexpectedEnd, at: 3),
        RejectedDocument("nulll", .trailingCharacters, at: 4),
        RejectedDocument("falsy", .unexpectedCharacter, at: 4),
        RejectedDocument("undefined", .unexpectedCharacter, at: 0),
        RejectedDocument("NaN", .unexpectedCharacter, at: 0),
        RejectedDocument("Infinity", .unexpectedCharacter, at: 0),
        RejectedDocument("-Infinity", .invalidNumber, at: 1),
        RejectedDocument("\u{0B}1", .unexpectedCharacter, at: 0),
        RejectedDocument("\u{0C}[]", .unexpectedCharacter, at: 0),
        RejectedDocument("\u{A0}1", .unexpectedCharacter, at: 0),
        RejectedDocument(bytes: [0xEF, 0xBB, 0xBF] + Array("{}".utf8), .unexpectedCharacter, at: 0),
        RejectedDocument(bytes: [0xC3, 0xA9], .unexpectedCharacter, at: 0),
        RejectedDocument(bytes: [0x5B, 0x00, 0x5D], .unexpectedCharacter, at: 1),
        // Numbers (RFC 8259 §6).
        RejectedDocument("01", .invalidNumber, at: 1),
        RejectedDocument("00", .invalidNumber, at: 1),
        RejectedDocument("-01", .invalidNumber, at: 2),
        RejectedDocument("[007]", .invalidNumber, at: 2),
        RejectedDocument("1.", .unexpectedEnd, at: 2),
        RejectedDocument("[1.]", .invalidNumber, at: 3),
        RejectedDocument("1.e5", .invalidNumber, at: 2),
        RejectedDocument(".5", .unexpectedCharacter, at: 0),
        RejectedDocument("+1", .unexpectedCharacter, at: 0),
        RejectedDocument("-", .unexpectedEnd, at: 1),
        RejectedDocument("-a", .invalidNumber, at: 1),
        RejectedDocument("- 1", .invalidNumber, at: 1),
        RejectedDocument("1e", .unexpectedEnd, at: 2),
        RejectedDocument("1e+", .unexpectedEnd, at: 3),
        RejectedDocument("1ea", .invalidNumber, at: 2),
        RejectedDocument("[1e]", .invalidNumber, at: 3),
        RejectedDocument("[1e-]", .invalidNumber, at: 4),
        RejectedDocument("0x10", .trailingCharacters, at: 1),
        RejectedDocument("1.5.5", .trailingCharacters, at: 3),
        RejectedDocument("1_000", .trailingCharacters, at: 1),
        RejectedDocument("1e400", .nonFiniteNumber, at: 0),
        RejectedDocument("-1e400", .nonFiniteNumber, at: 0),
        RejectedDocument("[1.7976931348623159e308]", .nonFiniteNumber, at: 1),
        RejectedDocument("123456789012345678901234567890e300", .nonFiniteNumber, at: 0),
        // Strings (RFC 8259 §7).
        RejectedDocument("\"abc", .unexpectedEnd, at: 4),
        RejectedDocument("\"\\", .unexpectedEnd, at: 2),
        RejectedDocument("\"a\tb\"", .invalidString, at: 2),
        RejectedDocument("\"a\nb\"", .invalidString, at: 2),
        RejectedDocument("\"\u{0}\"", .invalidString, at: 1),
        RejectedDocument("\"\u{1F}\"", .invalidString, at: 1),
        RejectedDocument("\"\\x\"", .invalidEscape, at: 2),
        RejectedDocument("\"\\a\"", .invalidEscape, at: 2),
        RejectedDocument("\"\\U00e9\"", .invalidEscape, at: 2),
        RejectedDocument("\"\\'\"", .invalidEscape, at: 2),
        RejectedDocument("\"\\u12\"", .invalidEscape, at: 5),
        RejectedDocument("\"\\u12G4\"", .invalidEscape, at: 5),
        RejectedDocument("\"\\u-123\"", .invalidEscape, at: 3),
        RejectedDocument("\"\\uD800\"", .invalidEscape, at: 1),
        RejectedDocument("\"\\uDBFF\"", .invalidEscape, at: 1),
        RejectedDocument("\"\\uDC00\"", .invalidEscape, at: 1),
        RejectedDocument("\"a\\uDFFF\"", .invalidEscape, at: 2),
        RejectedDocument("\"\\uD800\\u0041\"", .invalidEscape, at: 1),
        RejectedDocument("\"\\uD800\\uD800\"", .invalidEscape, at: 1),
        RejectedDocument("\"\\uD800x\"", .invalidEscape, at: 1),
        RejectedDocument("\"\\uD800\\n\"", .invalidEscape, at: 1),
        RejectedDocument("\"\\uD800", .unexpectedEnd, at: 7),
        RejectedDocument("\"\\uD800\\", .unexpectedEnd, at: 8),
        RejectedDocument("\"\\uD800\\uDC", .unexpectedEnd, at: 11),
        // Malformed UTF-8 inside strings (RFC 3629 §3–§4).
        RejectedDocument(bytes: quoted(0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xBF), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0x61, 0x80, 0x80), .invalidUTF8, at: 2),
        RejectedDocument(bytes: quoted(0xC0, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xC1, 0xBF), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xE0, 0x80, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xE0, 0x9F, 0xBF), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xF0, 0x80, 0x80, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xF0, 0x8F, 0xBF, 0xBF), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xED, 0xA0, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xED, 0xBF, 0xBF), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xF4, 0x90, 0x80, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xF5, 0x80, 0x80, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xF8, 0x88, 0x80, 0x80, 0x80), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xFE), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xFF), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xC3), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xC3, 0x28), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xE2, 0x82), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xE2, 0x28, 0xA1), .invalidUTF8, at: 1),
        RejectedDocument(bytes: quoted(0xF0, 0x9F, 0x98), .invalidUTF8, at: 1),
        RejectedDocument(bytes: [0x22, 0xE2, 0x82], .unexpectedEnd, at: 3),
        RejectedDocument(bytes: [0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], .invalidUTF8, at: 2),
        // Duplicate keys, compared as Swift strings (canonical equivalence).
        RejectedDocument(#"{"a":1,"a":2}"#, .duplicateKey, at: 7),
        RejectedDocument(#"{"a":1,"b":2,"a":3}"#, .duplicateKey, at: 13),
        RejectedDocument(#"{"a":{"b":1,"b":2}}"#, .duplicateKey, at: 12),
        RejectedDocument(#"{"a":1,"\u0061":2}"#, .duplicateKey, at: 7),
        RejectedDocument(#"{"é":1,"e\u0301":2}"#, .duplicateKey, at: 8),
        RejectedDocument(#"[{"x":[]},{"x":1,"x":2}]"#, .duplicateKey, at: 17),
    ]
}
