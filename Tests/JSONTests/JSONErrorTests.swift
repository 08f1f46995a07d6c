import JSON
import Testing

@Suite("JSONError")
struct JSONErrorTests {
    static let allCodes: [JSONError.Code] = [
        .unexpectedEnd,
        .unexpectedCharacter,
        .invalidNumber,
        .invalidString,
        .invalidUTF8,
        .invalidEscape,
        .duplicateKey,
        .tooDeep,
        .tooLarge,
        .trailingCharacters,
        .nonFiniteNumber,
    ]

    @Test("Codes are distinct and describe themselves by name")
    func codes() {
        #expect(Set(Self.allCodes).count == Self.allCodes.count)
        #expect(
            Self.allCodes.map(\.description) == [
                "unexpectedEnd", "unexpectedCharacter", "invalidNumber", "invalidString", "invalidUTF8",
                "invalidEscape",
                "duplicateKey", "tooDeep", "tooLarge", "trailingCharacters", "nonFiniteNumber",
            ])
    }

    @Test("description puts the code, offset and path before the message")
    func description() {
        let error = JSONError(code: .duplicateKey, message: "Duplicate key.", offset: 12, parameter: "nodes[0].id")
        #expect(error.description == "duplicateKey at byte 12 (nodes[0].id): Duplicate key.")
        let topLevel = JSONError(code: .unexpectedEnd, message: "Empty.")
        #expect(topLevel.description == "unexpectedEnd at byte 0: Empty.")
        #expect(topLevel == JSONError(code: .unexpectedEnd, message: "Empty.", offset: 0, parameter: ""))
        #expect(topLevel != JSONError(code: .unexpectedEnd, message: "Empty.", offset: 1))
    }
}
