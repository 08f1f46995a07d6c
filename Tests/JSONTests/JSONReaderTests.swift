import JSON
import Testing
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("JSONReader")
struct JSONReaderTests {
    /// A document touching every construct: nesting, escapes, non-ASCII, numbers of every shape.
    static let richDocument = #"""
        {"method":"io.transitiond.Push","parameters":{"stack":"main","screens":[{"id":"a","frame":[0,-12.5,3.25e2,1E-3]},
        {"id":"b\n\"q\"\u00e9\uD83D\uDE00","opacity":0.5,"hidden":false,"next":null}],"tags":["é","😀"],"empty":{},"none":[]},
        "oneway":true}
        """#

    @Test("Must-parse corpus", arguments: JSONReaderCorpus.accepted)
    func accepted(document: AcceptedDocument) throws {
        let value = try JSONReader.parse(document.bytes)
        #expect(value == document.expected)
        if case .number(let number) = value, case .number(let expected) = document.expected {
            #expect(number.bitPattern == expected.bitPattern, "sign and bits must match exactly")
        }
    }

    @Test("Must-fail corpus reports the code and offset", arguments: JSONReaderCorpus.rejected)
    func rejected(document: RejectedDocument) {
        let error = #expect(throws: JSONError.self) { try JSONReader.parse(document.bytes) }
        #expect(error?.code == document.code)
        #expect(error?.offset == document.offset)
    }

    @Test("Objects keep the order of their keys as written")
    func keyOrder() throws {
        let value = try JSONReader.parse(#"{"zeta":1,"alpha":2,"mid":3,"beta":4}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid", "beta"])
    }

    @Test("Large objects detect duplicates and keep order")
    func largeObjects() throws {
        let keys = (0..<200).map { "key\($0)" }
        let text = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONReader.parse(text).objectValue)
        #expect(object.keys == keys)
        #expect(object["key150"] == 150)
        for duplicate in [0, 15, 16, 17, 199] {
            let error = #expect(throws: JSONError.self) {
                try JSONReader.parse(text.dropLast() + ",\"key\(duplicate)\":0}")
            }
            #expect(error?.code == .duplicateKey)
            #expect(error?.message.contains("\"key\(duplicate)\"") == true)
        }
    }

    @Test("Keys that share length, first, middle and last bytes are still told apart")
    func similarKeys() throws {
        let value = try JSONReader.parse(#"{"aXbYc":1,"aZbWc":2,"animated":3,"animator":4}"#)
        #expect(value.objectValue?.keys == ["aXbYc", "aZbWc", "animated", "animator"])
        let error = #expect(throws: JSONError.self) { try JSONReader.parse(#"{"aXbYc":1,"aZbWc":2,"aXbYc":3}"#) }
        #expect(error?.code == .duplicateKey)
    }

    /// U+212A KELVIN SIGN is canonically equivalent to the ASCII letter K (Unicode: UnicodeData.txt,
    /// singleton decomposition), so Swift treats the two keys as one.
    @Test("An ASCII key and a canonically equivalent non-ASCII key are duplicates")
    func canonicallyEquivalentKeys() {
        for text in [#"{"K":1,"\u212A":2}"#, #"{"\u212A":1,"K":2}"#, "{\"K\":1,\"\u{212A}\":2}"] {
            let error = #expect(throws: JSONError.self, "\(text)") { try JSONReader.parse(text) }
            #expect(error?.code == .duplicateKey)
        }
    }

    @Test("Special bytes are found at every position of the word-at-a-time string scan")
    func stringScanPositions() throws {
        for length in 0..<40 {
            let plain = String(repeating: "a", count: length)
            #expect(try JSONReader.parse("\"\(plain)\"") == .string(plain))
            for position in 0...length {
                let prefix = String(repeating: "a", count: position)
                let suffix = String(repeating: "b", count: length - position)
                #expect(try JSONReader.parse("\"\(prefix)\\n\(suffix)\"") == .string(prefix + "\n" + suffix))
                #expect(try JSONReader.parse("\"\(prefix)é\(suffix)\"") == .string(prefix + "é" + suffix))
                let control = #expect(throws: JSONError.self) { try JSONReader.parse("\"\(prefix)\u{1}\(suffix)\"") }
                #expect(control?.offset == position + 1)
                let quote = #expect(throws: JSONError.self) { try JSONReader.parse("\"\(prefix)\"\(suffix)x\"") }
                #expect(quote?.code == .trailingCharacters)
                #expect(quote?.offset == position + 2)
            }
        }
    }

    @Test("A duplicate key error names the key and its path")
    func duplicateKeyPath() {
        let error = #expect(throws: JSONError.self) {
            try JSONReader.parse(#"{"nodes":[{"id":1},{"id":2,"id":3}]}"#)
        }
        #expect(error?.code == .duplicateKey)
        #expect(error?.parameter == "nodes[1].id")
        #expect(error?.message.contains("\"id\"") == true)
    }

    @Test("Errors carry the path of the value being read")
    func errorPaths() {
        let error = #expect(throws: JSONError.self) {
            try JSONReader.parse(#"{"a":{"b":[1,2,{"c":[true,tru]}]}}"#)
        }
        #expect(error?.code == .unexpectedCharacter)
        #expect(error?.parameter == "a.b[2].c[1]")
        #expect(error?.offset == 29)
    }

    @Test("Nesting up to the depth limit parses; one more level fails with tooDeep")
    func depthLimit() throws {
        let limit = JSONReader.Limits().maximumDepth
        #expect(limit == 64)
        let arrays = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
        #expect(throws: Never.self) { try JSONReader.parse(arrays) }
        let objects = String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)
        #expect(throws: Never.self) { try JSONReader.parse(objects) }

        let tooDeepArrays = "[" + arrays + "]"
        let arrayError = #expect(throws: JSONError.self) { try JSONReader.parse(tooDeepArrays) }
        #expect(arrayError?.code == .tooDeep)
        #expect(arrayError?.offset == limit)
        let tooDeepObjects = #"{"a":"# + objects + "}"
        let objectError = #expect(throws: JSONError.self) { try JSONReader.parse(tooDeepObjects) }
        #expect(objectError?.code == .tooDeep)
    }

    @Test("A megabyte of opening brackets fails cleanly")
    func hostileNesting() {
        let limits = JSONReader.Limits()
        for opener in ["[", #"{"a":"#, #"[{"a":"#] {
            let count = limits.maximumBytes / opener.utf8.count
            let error = #expect(throws: JSONError.self) {
                try JSONReader.parse(String(repeating: opener, count: count))
            }
            #expect(error?.code == .tooDeep)
        }
        var generous = JSONReader.Limits(maximumDepth: 100_000)
        generous.maximumBytes = 1 << 20
        let deep = String(repeating: "[", count: 100_000)
        let error = #expect(throws: JSONError.self) { try JSONReader.parse(deep, limits: generous) }
        #expect(error?.code == .unexpectedEnd, "the iterative parser reaches the end without exhausting the stack")
    }

    @Test("Limits for written text accept whatever the writer wrote in that many bytes")
    func limitsForWrittenText() throws {
        var deepest: JSONValue = [1]
        for _ in 1..<(JSONWriter.maximumDepth - 1) { deepest = [deepest] }
        var large = JSONObject()
        for index in 0..<30 { large["member\(index)"] = .string(String(repeating: "é", count: 20_000)) }
        large["numbers"] = .array((0..<300_000).map { .number(Double($0 % 10)) })
        for value in [deepest, .object(large)] {
            var text: [UInt8] = []
            try JSONWriter.write(value, into: &text)
            #expect(throws: JSONError.self, "the defaults refuse it") { try JSONReader.parse(text) }
            #expect(try JSONReader.parse(text, limits: .forWrittenText(byteCount: text.count)) == value)
        }
    }

    @Test("Size limits: bytes, string bytes, values")
    func sizeLimits() throws {
        let text = #"{"name":"abcdefghij","list":[1,2,3]}"#
        let bytes = text.utf8.count
        #expect(throws: Never.self) { try JSONReader.parse(text, limits: .init(maximumBytes: bytes)) }
        let tooLarge = #expect(throws: JSONError.self) {
            try JSONReader.parse(text, limits: .init(maximumBytes: bytes - 1))
        }
        #expect(tooLarge?.code == .tooLarge)

        #expect(throws: Never.self) { try JSONReader.parse(text, limits: .init(maximumStringBytes: 10)) }
        let longString = #expect(throws: JSONError.self) {
            try JSONReader.parse(text, limits: .init(maximumStringBytes: 9))
        }
        #expect(longString?.code == .invalidString)
        #expect(longString?.offset == 8)
        // The limit counts decoded bytes: "\u00e9" is six bytes of input and two of UTF-8.
        #expect(try JSONReader.parse(#""\u00e9""#, limits: .init(maximumStringBytes: 2)) == "é")
        let escaped = #expect(throws: JSONError.self) {
            try JSONReader.parse(#""\u00e9""#, limits: .init(maximumStringBytes: 1))
        }
        #expect(escaped?.code == .invalidString)

        // The document holds 6 values: the object, the string, the array and its three numbers.
        #expect(throws: Never.self) { try JSONReader.parse(text, limits: .init(maximumElements: 6)) }
        let tooMany = #expect(throws: JSONError.self) { try JSONReader.parse(text, limits: .init(maximumElements: 5)) }
        #expect(tooMany?.code == .tooLarge)
    }

    @Test("Every proper prefix of a valid document fails with unexpectedEnd at its end")
    func truncation() throws {
        let bytes = Array(Self.richDocument.utf8)
        #expect(throws: Never.self) { try JSONReader.parse(bytes) }
        for length in 0..<bytes.count {
            let prefix = Array(bytes[..<length])
            let error = #expect(throws: JSONError.self, "prefix of \(length) bytes") { try JSONReader.parse(prefix) }
            #expect(error?.code == .unexpectedEnd, "prefix of \(length) bytes: \(printable(prefix))")
            #expect(error?.offset == length, "prefix of \(length) bytes")
        }
    }

    @Test("The three entry points agree")
    func entryPoints() throws {
        let fromString = try JSONReader.parse(Self.richDocument)
        let bytes = Array(Self.richDocument.utf8)
        let fromArray = try JSONReader.parse(bytes)
        let fromBuffer = try bytes.withUnsafeBytes { buffer in try JSONReader.parse(buffer) }
        #expect(fromString == fromArray)
        #expect(fromArray == fromBuffer)
        #expect(fromString["parameters"]?["screens"]?[1]?["id"] == "b\n\"q\"é😀")
        let empty = #expect(throws: JSONError.self) {
            try JSONReader.parse(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        #expect(empty?.code == .unexpectedEnd)
    }

    @Test("Random mutations of valid documents never crash, and what parses round-trips")
    func mutations() throws {
        let seed: UInt64 = 0x5EED_0001
        var generator = SeededGenerator(seed: seed)
        let sources = JSONReaderCorpus.accepted.map(\.bytes) + [Array(Self.richDocument.utf8)]
        let interesting: [UInt8] =
            Array(#"{}[]",:\/"0123456789-+.eEtrufalsn "#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        for iteration in 0..<20_000 {
            var bytes = sources.randomElement(using: &generator)!
            for _ in 0...Int.random(in: 0...3, using: &generator) {
                let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
                let byte = interesting.randomElement(using: &generator)!
                switch Int.random(in: 0..<3, using: &generator) {
                case 0 where !bytes.isEmpty: bytes[position] = byte
                case 1 where !bytes.isEmpty: bytes.remove(at: position)
                default: bytes.insert(byte, at: position)
                }
            }
            guard let value = try? JSONReader.parse(bytes) else { continue }
            let written = try JSONWriter.string(value)
            let reparsed = try JSONReader.parse(written)
            #expect(reparsed == value, "seed \(seed) iteration \(iteration): \(printable(bytes))")
        }
    }

    @Test("Error descriptions name the code, offset and path")
    func errorDescription() {
        let error = #expect(throws: JSONError.self) { try JSONReader.parse(#"{"a": 01}"#) }
        #expect(error?.description.hasPrefix("invalidNumber at byte 7 (a): Leading zeros") == true)
        let bom = #expect(throws: JSONError.self) { try JSONReader.parse([0xEF, 0xBB, 0xBF, 0x31]) }
        #expect(bom?.message.contains("byte order mark") == true)
    }

    /// A 200-byte Varlink call parsed by a test file that imports no Foundation, from a module whose
    /// sources import none either.
    @Test("Parsing a 200-byte call needs no Foundation")
    func noFoundation() throws {
        let call =
            #"{"method":"io.transitiond.Push","parameters":{"stack":"main","screen":{"id":"detail","#
            + #""animator":"zoom"},"animated":true,"durationSeconds":0.35,"origin":[12.5,80,390,844]},"more":false}"#
        #expect(call.utf8.count >= 180)
        let value = try JSONReader.parse(call)
        #expect(value["parameters"]?["origin"] == [12.5, 80, 390, 844])

        let sourceDirectory = RepositoryFiles.path("Sources/JSON")
        let files = Self.swiftFiles(under: sourceDirectory)
        #expect(files.count > 5, "found the module's sources at \(sourceDirectory)")
        for file in files {
            for line in (TextFile.read(file) ?? "").split(separator: "\n") where line.hasPrefix("import ") {
                #expect(!line.contains("Foundation"), "\(file): \(line)")
            }
        }
    }

    /// The Swift files under `directory`, recursively.
    static func swiftFiles(under directory: String) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var files: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let path = directory + "/" + name
            if entry.pointee.d_type == UInt8(DT_DIR) {
                files += swiftFiles(under: path)
            } else if name.hasSuffix(".swift") {
                files.append(path)
            }
        }
        return files
    }
}
