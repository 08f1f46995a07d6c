import Testing
import Varlink

/// An interface using every construct of the language, with comments in every place they attach.
let richInterfaceText = """
    # An example interface.
    #
    # It uses every construct of the language.
    interface org.example.rich

    # A drive's state.
    type State (
      # Doing nothing.
      idle,
      spooling,
      busy
    )

    type Coordinate (
      # Degrees.
      longitude: float,
      latitude: float,
      distance: int
    )

    type Everything (
      flag: bool,
      whole: int,
      half: float,
      name: string,
      opaque: object,
      mode: (one, two, three),
      pair: (first: int, second: string),
      list: []string,
      dictionary: [string]string,
      set: [string](),
      maybe: ?string,
      maybeList: ?[](first: int, second: ?[]State),
      other: Coordinate,
      documented: (
        # The inner field.
        inner: int
      )
    )

    # Moves the drive.
    method Jump(target: Coordinate, everything: ?Everything) -> (state: State)

    method Nothing() -> ()

    # Streams the drive's state.
    method Monitor(
      # How many updates to send.
      count: int
    ) -> (state: State, coordinates: []Coordinate)

    # The drive is busy.
    error Busy (state: State, retryAfterSeconds: ?float)

    error Broken ()

    """

@Suite struct VarlinkInterfaceTests {
    @Test func parsesEveryConstruct() throws {
        let interface = try VarlinkInterface(parsing: richInterfaceText)
        #expect(interface.name == "org.example.rich")
        #expect(interface.comment == ["An example interface.", "", "It uses every construct of the language."])
        #expect(
            interface.members.map(\.name) == [
                "State", "Coordinate", "Everything", "Jump", "Nothing", "Monitor", "Busy", "Broken",
            ])
        #expect(
            interface.typeDefinition(named: "State")?.type
                == .enumeration([
                    VarlinkEnumValue(name: "idle", comment: ["Doing nothing."]),
                    VarlinkEnumValue(name: "spooling"),
                    VarlinkEnumValue(name: "busy"),
                ])
        )
        guard case .structure(let fields)? = interface.typeDefinition(named: "Everything")?.type else {
            Issue.record("Everything is not a structure")
            return
        }
        let types = Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.type) })
        #expect(types["flag"] == .bool)
        #expect(types["whole"] == .int)
        #expect(types["half"] == .float)
        #expect(types["name"] == .string)
        #expect(types["opaque"] == .object)
        #expect(types["mode"] == .enumeration([.init(name: "one"), .init(name: "two"), .init(name: "three")]))
        #expect(types["pair"] == .structure([.init(name: "first", type: .int), .init(name: "second", type: .string)]))
        #expect(types["list"] == .array(.string))
        #expect(types["dictionary"] == .map(.string))
        #expect(types["set"] == .map(.structure([])))
        #expect(types["maybe"] == .optional(.string))
        #expect(
            types["maybeList"]
                == .optional(
                    .array(
                        .structure([
                            .init(name: "first", type: .int),
                            .init(name: "second", type: .optional(.array(.named("State")))),
                        ])))
        )
        #expect(types["other"] == .named("Coordinate"))
        #expect(types["documented"] == .structure([.init(name: "inner", type: .int, comment: ["The inner field."])]))

        let jump = try #require(interface.method(named: "Jump"))
        #expect(jump.comment == ["Moves the drive."])
        #expect(jump.input.map(\.name) == ["target", "everything"])
        #expect(jump.output == [VarlinkField(name: "state", type: .named("State"))])
        #expect(interface.method(named: "Monitor")?.input.first?.comment == ["How many updates to send."])
        #expect(interface.error(named: "Busy")?.parameters.count == 2)
        #expect(interface.error(named: "Broken")?.parameters == [])
        #expect(interface.method(named: "Busy") == nil)
        #expect(interface.methods.map(\.name) == ["Jump", "Nothing", "Monitor"])
    }

    /// The round trip of systemd's `test-varlink-idl.c`: parse, format, parse, format; both texts and
    /// both models identical.
    @Test(arguments: [
        richInterfaceText,
        VarlinkServiceInterface.description,
        "interface a.b",
        "interface a.b\nmethod A() -> ()",
        "# c\ninterface a.b\n# d\nerror E (x: [string][string]?[]int)",
    ])
    func roundTrips(_ text: String) throws {
        let parsed = try VarlinkInterface(parsing: text)
        let formatted = parsed.formatted()
        let reparsed = try VarlinkInterface(parsing: formatted)
        #expect(reparsed == parsed)
        #expect(reparsed.formatted() == formatted)
    }

    @Test func formatsCanonically() throws {
        let text = "interface   a.b  method Ping( text :string,count:?int)->( text: string )# trailing\ntype T(b,a)"
        let formatted = try VarlinkInterface(parsing: text).formatted()
        #expect(
            formatted == """
                interface a.b

                method Ping(text: string, count: ?int) -> (text: string)

                # trailing
                type T (
                  b,
                  a
                )

                """
        )
    }

    @Test func formatsLongMethodsOnSeveralLines() throws {
        let fields = (1...12).map { "parameterNumber\($0): string" }.joined(separator: ", ")
        let formatted = try VarlinkInterface(parsing: "interface a.b\nmethod Long(\(fields)) -> ()").formatted()
        #expect(formatted.hasPrefix("interface a.b\n\nmethod Long(\n  parameterNumber1: string,\n"))
        #expect(formatted.hasSuffix("  parameterNumber12: string\n) -> ()\n"))
    }

    @Test func describesTypesInline() {
        let type = VarlinkType.optional(
            .array(
                .structure([
                    .init(name: "name", type: .string, comment: ["dropped"]),
                    .init(name: "set", type: .map(.structure([]))),
                ])))
        #expect(type.description == "?[](name: string, set: [string]())")
        #expect(VarlinkType.enumeration([.init(name: "a"), .init(name: "b")]).description == "(a, b)")
    }

    @Test func acceptsWindowsLineEndingsAndTabs() throws {
        let interface = try VarlinkInterface(parsing: "# doc\r\ninterface a.b\r\n\tmethod\tA(x:\tint) -> ()\r\n")
        #expect(interface.comment == ["doc"])
        #expect(interface.method(named: "A")?.input == [VarlinkField(name: "x", type: .int)])
    }
}
