import JSON
import Testing
import Varlink

@Suite struct VarlinkInterfaceValidationTests {
    static let interface = try! VarlinkInterface(
        parsing: """
            interface org.example.validation

            type Point (x: float, y: float)

            type Item (
              name: string,
              count: int,
              tags: ?[]string,
              kind: (small, large)
            )

            type Tree (label: string, children: []Tree)

            method Check(
              flag: bool,
              where: Point,
              items: []Item,
              labels: [string]int,
              options: ?(verbose: bool, level: ?int),
              extra: object,
              tree: ?Tree
            ) -> ()
            """)

    static let input = interface.method(named: "Check")!.input

    static let valid: JSONObject = [
        "flag": true,
        "where": ["x": 1, "y": 2.5],
        "items": [
            ["name": "a", "count": 1, "kind": "small"],
            ["name": "b", "count": 2, "tags": ["t"], "kind": "large"],
            ["name": "c", "count": -3, "tags": nil, "kind": "small"],
        ],
        "labels": ["left": 1, "right": 2],
        "options": ["verbose": false],
        "extra": ["anything": [1, "two", nil]],
        "tree": ["label": "root", "children": [["label": "leaf", "children": []]]],
    ]

    @Test func acceptsValidParameters() throws {
        try Self.interface.validate(parameters: Self.valid, of: Self.input)
        var minimal = Self.valid
        minimal["options"] = nil
        minimal["tree"] = .null
        try Self.interface.validate(parameters: minimal, of: Self.input)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let change: @Sendable (inout JSONObject) -> Void
        let parameter: String
        let code: VarlinkValidationError.Code
        let label: String
        var testDescription: String { label }
        init(
            _ label: String,
            _ parameter: String,
            _ code: VarlinkValidationError.Code,
            _ change: @escaping @Sendable (inout JSONObject) -> Void
        ) {
            self.label = label
            self.parameter = parameter
            self.code = code
            self.change = change
        }
    }

    /// Each case breaks one value of a valid object; the error must name exactly that value.
    @Test(arguments: [
        Case("missing flag", "flag", .missingField) { $0["flag"] = nil },
        Case("null flag", "flag", .wrongType) { $0["flag"] = .null },
        Case("string flag", "flag", .wrongType) { $0["flag"] = "yes" },
        Case("missing nested field", "where.y", .missingField) { $0["where"] = ["x": 1] },
        Case("nested wrong type", "where.x", .wrongType) { $0["where"] = ["x": "1", "y": 2] },
        Case("nested unknown field", "where.z", .unknownField) { $0["where"] = ["x": 1, "y": 2, "z": 3] },
        Case("array element", "items[2].count", .notAnInteger) { value in
            value["items"] = [
                ["name": "a", "count": 1, "kind": "small"],
                ["name": "b", "count": 2, "kind": "small"],
                ["name": "c", "count": 2.5, "kind": "small"],
            ]
        },
        Case("array element enum", "items[0].kind", .unknownEnumValue) {
            $0["items"] = [["name": "a", "count": 1, "kind": "huge"]]
        },
        Case("array inside element", "items[0].tags[1]", .wrongType) { value in
            value["items"] = [["name": "a", "count": 1, "kind": "small", "tags": ["x", 2]]]
        },
        Case("not an array", "items", .wrongType) { $0["items"] = ["name": "a"] },
        Case("map value", "labels.right", .wrongType) { $0["labels"] = ["left": 1, "right": "2"] },
        Case("optional struct field", "options.level", .notAnInteger) {
            $0["options"] = ["verbose": true, "level": 1e30]
        },
        Case("object", "extra", .wrongType) { $0["extra"] = [1] },
        Case("recursive type", "tree.children[0].children", .missingField) { value in
            value["tree"] = ["label": "root", "children": [["label": "leaf"]]]
        },
        Case("unknown top-level field", "surprise", .unknownField) { $0["surprise"] = 1 },
    ])
    func reportsTheFirstFault(_ testCase: Case) {
        var parameters = Self.valid
        testCase.change(&parameters)
        do {
            try Self.interface.validate(parameters: parameters, of: Self.input)
            Issue.record("accepted \(JSONValue.object(parameters))")
        } catch {
            #expect(error.parameter == testCase.parameter)
            #expect(error.code == testCase.code)
            #expect(error.varlinkError == .invalidParameter(testCase.parameter))
        }
    }

    @Test func explainsTheFault() {
        var parameters = Self.valid
        parameters["where"] = ["x": "1", "y": 2]
        #expect {
            try Self.interface.validate(parameters: parameters, of: Self.input)
        } throws: { error in
            (error as? VarlinkValidationError)?.description == "where.x: Expected a number, found a string."
        }
        parameters = Self.valid
        parameters["flag"] = nil
        #expect {
            try Self.interface.validate(parameters: parameters, of: Self.input)
        } throws: { error in
            (error as? VarlinkValidationError)?.message == "The field 'flag' of type bool is required."
        }
    }

    /// `int` accepts exactly the integral numbers representable in 64 bits.
    @Test(arguments: [
        (0.0, true),
        (-0.0, true),
        (42.0, true),
        (-9.223372036854775808e18, true),
        (9.223372036854775807e18, false),
        (0.5, false),
        (1e300, false),
    ])
    func checksIntegers(_ number: Double, _ isValid: Bool) {
        let valid = (try? Self.interface.validate(.number(number), of: .int)) != nil
        #expect(valid == isValid)
    }

    @Test func reportsUnknownNamedTypesOfUncheckedInterfaces() {
        let interface = VarlinkInterface(name: "a.b", members: [])
        #expect {
            try interface.validate(.string("x"), of: .named("Missing"), at: "field")
        } throws: { error in
            (error as? VarlinkValidationError)?.code == .unknownType
        }
    }
}
