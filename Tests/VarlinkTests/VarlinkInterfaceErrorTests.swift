import Testing
import Varlink

/// Definitions the parser must refuse, with the fault it must report. One case per line, each with a
/// trailing comma. The first group follows libvarlink's `lib/test-interface.c` `test_invalid`.
@Suite struct VarlinkInterfaceErrorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let code: VarlinkInterfaceError.Code
        var testDescription: String { "\(code): \(text.debugDescription)" }
        init(_ text: String, _ code: VarlinkInterfaceError.Code) {
            self.text = text
            self.code = code
        }
    }

    @Test(arguments: [
        Case("interface com.example.test\ntypeFoo()", .syntax),
        Case("interface com.example.test\nerror Foo\n", .invalidTypeDefinition),
        Case("interface com.example.test\nmethod Foo() -> string", .invalidTypeDefinition),
        Case("interface com.example.test\nmethod Foo int -> ()", .invalidTypeDefinition),
        Case("interface com.example.test\ntype Bar ()\nmethod Foo Bar -> ()", .invalidTypeDefinition),
        Case("interface com.example.test\ntype Foo string", .invalidTypeDefinition),
        Case("", .syntax),
        Case("# only a comment", .syntax),
        Case("method A() -> ()", .syntax),
        Case("interface", .invalidInterfaceName),
        Case("interface ab", .invalidInterfaceName),
        Case("interface a.b-\nmethod A() -> ()", .invalidInterfaceName),
        Case("interface a.b\nmethod a() -> ()", .invalidMemberName),
        Case("interface a.b\nmethod _A() -> ()", .invalidMemberName),
        Case("interface a.b\ntype foo (a: int)", .invalidMemberName),
        Case("interface a.b\nerror E (A_: int)", .invalidFieldName),
        Case("interface a.b\nerror E (_a: int)", .invalidFieldName),
        Case("interface a.b\nmethod A() -> ()\nmethod A() -> ()", .duplicateMember),
        Case("interface a.b\ntype A (x: int)\nmethod A() -> ()", .duplicateMember),
        Case("interface a.b\nerror A ()\ntype A (x: int)", .duplicateMember),
        Case("interface a.b\nmethod A(x: int, x: string) -> ()", .duplicateField),
        Case("interface a.b\ntype E (one, two, one)", .duplicateField),
        Case("interface a.b\nmethod A(x: Missing) -> ()", .unknownType),
        Case("interface a.b\nmethod A() -> ()\nmethod B(x: A) -> ()", .unknownType),
        Case("interface a.b\nerror E ()\nmethod B(x: []E) -> ()", .unknownType),
        Case("interface a.b\nmethod A(x: ??int) -> ()", .syntax),
        Case("interface a.b\nmethod A(x: [int]string) -> ()", .syntax),
        Case("interface a.b\nmethod A(x: [string string) -> ()", .syntax),
        Case("interface a.b\nmethod A(x: int,) -> ()", .invalidFieldName),
        Case("interface a.b\nmethod A(x: int y: int) -> ()", .syntax),
        Case("interface a.b\nmethod A(x) -> ()", .invalidTypeDefinition),
        Case("interface a.b\nmethod A(x: int) ()", .syntax),
        Case("interface a.b\nmethod A(x: int) -> (", .invalidFieldName),
        Case("interface a.b\nmethod A(x: integer) -> ()", .syntax),
        Case("interface a.b\ntype E (one, two: int)", .syntax),
        Case("interface a.b\ntype S (one: int, two)", .syntax),
        Case("interface a.b\nmethod A(x: int) -> () extra", .syntax),
        Case("interface a.b\nmethod A(x: ?) -> ()", .syntax),
        Case("interface a.b\nmethod A(x: \u{00E9}) -> ()", .syntax),
    ])
    func refuses(_ testCase: Case) {
        #expect {
            try VarlinkInterface(parsing: testCase.text)
        } throws: { error in
            (error as? VarlinkInterfaceError)?.code == testCase.code
        }
    }

    @Test func reportsLineColumnAndName() {
        do {
            _ = try VarlinkInterface(parsing: "interface a.b\n\nmethod A(\n  x: Missing\n) -> ()")
            Issue.record("parsed an unknown type")
        } catch {
            #expect(error.code == .unknownType)
            #expect(error.parameter == "Missing")
            #expect(error.line == 4)
            #expect(error.column == 6)
            #expect(error.description.hasPrefix("4:6: unknownType: The type 'Missing' is not defined"))
        }
    }

    @Test func namesWhatItFoundAtTheEnd() {
        do {
            _ = try VarlinkInterface(parsing: "interface a.b\nmethod A(x: int) -> (")
            Issue.record("parsed an unterminated structure")
        } catch {
            #expect(error.message.contains("found the end of the text"))
            #expect(error.line == 2)
        }
    }

    @Test func refusesTypesNestedTooDeeply() {
        let deep = String(repeating: "[]", count: VarlinkInterface.maximumTypeNesting + 1) + "int"
        #expect(throws: VarlinkInterfaceError.self) {
            try VarlinkInterface(parsing: "interface a.b\nmethod A(x: \(deep)) -> ()")
        }
        let allowed = String(repeating: "[]", count: VarlinkInterface.maximumTypeNesting - 2) + "int"
        #expect(throws: Never.self) {
            try VarlinkInterface(parsing: "interface a.b\nmethod A(x: \(allowed)) -> ()")
        }
    }
}
