/// The tokenizer under `VarlinkInterfaceParser`: words, punctuation, whitespace and comments, with
/// line and column tracking for error messages.
struct VarlinkInterfaceScanner {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Where the last token began, for error positions.
    private var tokenLine = 1
    private var tokenColumn = 1
    /// Comment lines seen since the last `takeComment()` or `discardComment()`.
    private var comment: [String] = []

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { index >= bytes.count }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The current 1-based line and column.
    var position: (line: Int, column: Int) { (line, index - lineStart + 1) }

    /// Skips spaces, tabs, newlines and comments, collecting the comments' text.
    mutating func skipTrivia() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = index
            case UInt8(ascii: "#"):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                var start = index + 1
                if start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
                var stop = end
                if stop > start, bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
                comment.append(String(decoding: bytes[start..<stop], as: UTF8.self))
                index = end
            default:
                return
            }
        }
    }

    /// Reads a run of letters, digits and `_` (and `.` and `-` when `allowingDots`); empty when the
    /// next byte starts no word.
    mutating func readWord(allowingDots: Bool = false) -> String {
        markToken()
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isWordByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
                || (allowingDots && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")))
            guard isWordByte else { break }
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Consumes `token` (ASCII punctuation such as `->`) if it comes next.
    mutating func consume(_ token: StaticString) -> Bool {
        markToken()
        let count = token.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let matches = token.withUTF8Buffer { expected in
            for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
            return true
        }
        if matches { index += count }
        return matches
    }

    /// The comment lines collected since the last call, which then start afresh.
    mutating func takeComment() -> [String] {
        defer { comment = [] }
        return comment
    }

    /// Forgets the collected comment lines (a comment before `)` documents nothing).
    mutating func discardComment() {
        comment = []
    }

    /// An error at the start of the last token; names what was found there when the message needs it.
    func error(_ code: VarlinkInterfaceError.Code, _ message: String, parameter: String? = nil) -> VarlinkInterfaceError
    {
        // An empty name means something other than a name came next: say what it was.
        let text = parameter == "" ? "Expected a name, found ''." : message
        return VarlinkInterfaceError(
            code: code,
            message: text.replacingFoundEmptyWord(with: describeNext()),
            parameter: parameter,
            line: tokenLine,
            column: tokenColumn
        )
    }

    private mutating func markToken() {
        tokenLine = line
        tokenColumn = index - lineStart + 1
    }

    private func describeNext() -> String {
        guard index < bytes.count else { return "the end of the text" }
        let byte = bytes[index]
        return byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte \(byte)"
    }
}

extension String {
    /// Replaces `found ''` (an empty word) with a description of what was there instead.
    fileprivate func replacingFoundEmptyWord(with description: String) -> String {
        replacing("found ''", with: "found \(description)", maxReplacements: 1)
    }
}
