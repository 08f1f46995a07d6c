import JSON
import Testing
import TransitionCore

/// A node's appearance in screen documents: Core Animation's defaults, the JSON forms, validation.
@Suite("Node appearance")
struct NodeAppearanceTests {
    private func decode(_ text: String) throws -> Screen {
        try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(text))
    }

    private func screen(child: String) throws -> Screen {
        try decode(
            #"{"id":"s","root":{"id":"v","frame":[0,0,10,10],"children":[{"id":"a","frame":[0,0,1,1]"#
                + child + "}]}}")
    }

    /// The defaults as Apple's CALayer reference states them: cornerRadius 0, masksToBounds false,
    /// backgroundColor nil, borderWidth 0, borderColor opaque black, shadowOpacity 0, shadowRadius 3,
    /// shadowOffset (0, −3), shadowColor opaque black.
    @Test func aNodeThatSetsNothingHasCoreAnimationsDefaults() throws {
        let node = try screen(child: "").root.children[0]
        let appearance = node.appearance
        #expect(appearance.cornerRadius == 0)
        #expect(appearance.masksToBounds == false)
        #expect(appearance.backgroundColor == Color(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(appearance.borderWidth == 0)
        #expect(appearance.borderColor == Color(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(appearance.shadowOpacity == 0)
        #expect(appearance.shadowRadius == 3)
        #expect(appearance.shadowOffset == Size(width: 0, height: -3))
        #expect(appearance.shadowColor == Color(red: 0, green: 0, blue: 0, alpha: 1))
        #expect(appearance.isStandard)
    }

    @Test func everyFieldIsReadFromTheNodeObject() throws {
        let node = try screen(
            child: ##","cornerRadius":12,"masksToBounds":true,"backgroundColor":"#FF8000","borderWidth":1.5,"##
                + #""borderColor":[0,0.5,1,0.25],"shadowOpacity":0.3,"shadowRadius":8,"shadowOffset":[2,4],"#
                + ##""shadowColor":"#33669980""##
        ).root.children[0]
        #expect(
            node.appearance
                == NodeAppearance(
                    cornerRadius: 12, masksToBounds: true, backgroundColor: Color(red: 1, green: 128 / 255, blue: 0),
                    borderWidth: 1.5, borderColor: Color(red: 0, green: 0.5, blue: 1, alpha: 0.25), shadowOpacity: 0.3,
                    shadowRadius: 8, shadowOffset: Size(width: 2, height: 4),
                    shadowColor: Color(red: 0x33 / 255, green: 0x66 / 255, blue: 0x99 / 255, alpha: 0x80 / 255)))
    }

    @Test func anAppearanceIsWrittenBackAndReadBackTheSame() throws {
        let text =
            #"{"id":"s","kind":"","root":{"id":"v","frame":[0,0,10,10],"cornerRadius":4,"masksToBounds":true,"#
            + #""backgroundColor":[1,0,0,1],"borderWidth":2,"borderColor":[0,0,1,1],"shadowOpacity":0.5,"#
            + #""shadowRadius":6,"shadowOffset":[0,2],"shadowColor":[0,0,0,0.5]}}"#
        let screen = try decode(text)
        var direct: [UInt8] = []
        try screen.appendJSON(into: &direct)
        #expect(String(decoding: direct, as: UTF8.self) == text)
        var codable: [UInt8] = []
        try JSONWriter.write(try JSONValueEncoder().encode(screen), into: &codable)
        #expect(codable == direct)
        #expect(Screen(readingJSON: try JSONReader.parse(text)) == screen)
    }

    /// A node whose fields are spelled out at their defaults is the node that leaves them out.
    @Test func defaultsSpelledOutAreLeftOut() throws {
        let spelled = try screen(
            child: #","cornerRadius":0,"masksToBounds":false,"backgroundColor":[0,0,0,0],"borderWidth":0,"#
                + ##""borderColor":"#000000","shadowOpacity":0,"shadowRadius":3,"shadowOffset":[0,-3],"##
                + ##""shadowColor":"#000000FF""##)
        #expect(spelled == (try screen(child: "")))
    }

    @Test(arguments: [
        (#","cornerRadius":"4""#, "cornerRadius"),
        (#","masksToBounds":1"#, "masksToBounds"),
        (##","backgroundColor":"#FF00""##, "backgroundColor"),
        (##","backgroundColor":"#GG0000""##, "backgroundColor"),
        (#","borderColor":[0,0,0]"#, "borderColor"),
        (#","shadowColor":"red""#, "shadowColor"),
        (#","shadowOffset":[1]"#, "shadowOffset"),
        (#","shadowRadius":true"#, "shadowRadius"),
    ])
    func malformedFieldsAreRefusedNamingThem(child: String, field: String) throws {
        let text =
            #"{"id":"s","root":{"id":"v","frame":[0,0,10,10],"children":[{"id":"a","frame":[0,0,1,1]"#
            + child + "}]}}"
        guard let description = decodingFailure(text, as: Screen.self) else { return }
        #expect(description.contains(field), "\(description)")
        #expect(Screen(readingJSON: try JSONReader.parse(text)) == nil)
    }

    @Test(arguments: [
        (#","cornerRadius":-1"#, "cornerRadius", "from 0 to 1000000"),
        (#","cornerRadius":1000001"#, "cornerRadius", "from 0 to 1000000"),
        (#","borderWidth":-0.5"#, "borderWidth", "from 0 to 1000000"),
        (#","shadowRadius":2e6"#, "shadowRadius", "from 0 to 1000000"),
        (#","shadowOpacity":1.5"#, "shadowOpacity", "from 0 to 1"),
        (#","shadowOpacity":-0.1"#, "shadowOpacity", "from 0 to 1"),
        (#","shadowOffset":[0,-1000001]"#, "shadowOffset", "±1000000"),
        (#","backgroundColor":[0,0,2,1]"#, "backgroundColor", "blue must be a number from 0 to 1"),
        (#","borderColor":[-1,0,0,1]"#, "borderColor", "red must be a number from 0 to 1"),
        (#","shadowColor":[0,0,0,1.01]"#, "shadowColor", "alpha must be a number from 0 to 1"),
    ])
    func valuesOutOfRangeAreInvalidNamingTheField(child: String, field: String, message: String) throws {
        let screen = try screen(child: child)
        #expect {
            try screen.validate()
        } throws: { error in
            guard let error = error as? TransitionCoreError else { return false }
            return error.code == .invalidValue && error.parameter == "root.children[0].\(field)"
                && error.message.contains(message)
        }
    }

    @Test func valuesAtTheirLimitsAreValid() throws {
        try screen(
            child: #","cornerRadius":1000000,"borderWidth":0,"shadowRadius":1000000,"shadowOpacity":1,"#
                + #""shadowOffset":[-1000000,1000000],"backgroundColor":[1,1,1,1],"borderColor":[0,0,0,0]"#
        ).validate()
    }

    /// A node without an appearance keeps it in no storage of its own: one word, not the whole value.
    @Test func aNodeWithoutAnAppearanceGrowsByOneWord() {
        #expect(MemoryLayout<Node>.size <= 152)
    }
}
