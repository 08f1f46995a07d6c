import Testing
import TransitionControl
import TransitionCore

@Suite("render options")
struct RenderOptionsTests {
    @Test(arguments: [
        ("375x667", 375.0, 667.0),
        ("1024.5x768", 1024.5, 768.0),
        ("1e3x2e2", 1000.0, 200.0),
    ])
    func sizes(text: String, width: Double, height: Double) throws {
        #expect(try RenderOptions.size(text) == Size(width: width, height: height))
    }

    @Test(arguments: ["375", "375x", "x667", "375x667x1", "0x667", "375x-1", "axb", "375X667", "inf x1", "nanx1", ""])
    func malformedSizesAreUsageErrors(text: String) {
        do {
            _ = try RenderOptions.size(text)
            Issue.record("\(text) accepted")
        } catch {
            #expect(error.code == .invalidValue)
            #expect(error.exitCode == .usage)
            #expect(error.parameter == "--size")
        }
    }

    func arguments(_ pairs: [(String, String)]) -> ParsedArguments {
        var parsed = ParsedArguments(commandPath: ["render"])
        for (name, value) in pairs { parsed.add(name, value: value) }
        return parsed
    }

    let required = [
        ("animator", "zoom"), ("operation", "push"), ("from", "a.json"), ("to", "b.json"), ("size", "375x667"),
    ]

    @Test func defaultsAndValues() throws {
        let defaults = try RenderOptions(arguments: arguments(required))
        #expect(
            defaults
                == RenderOptions(
                    animator: "zoom", operation: .push, from: "a.json", to: "b.json",
                    containerSize: Size(width: 375, height: 667)))
        #expect(defaults.framesPerSecond == 60)
        #expect(defaults.stack == "offline")
        #expect(defaults.sourceNode == nil)
        let given = try RenderOptions(
            arguments: arguments(required + [("fps", "120"), ("source", "tile3"), ("stack", "main")]))
        #expect(given.framesPerSecond == 120)
        #expect(given.sourceNode == NodeID(rawValue: "tile3"))
        #expect(given.stack == "main")
        #expect(try RenderOptions(arguments: arguments(required + [("fps", "1000")])).framesPerSecond == 1000)
        #expect(try RenderOptions(arguments: arguments(required + [("fps", "1")])).framesPerSecond == 1)
    }

    @Test(arguments: [
        ("fps", "0", "--fps must be a number from 1 to 1000, got \"0\""),
        ("fps", "1000.5", "--fps must be a number from 1 to 1000, got \"1000.5\""),
        ("fps", "sixty", "--fps must be a number from 1 to 1000, got \"sixty\""),
        (
            "operation", "sideways",
            "--operation must be one of push, pop, present, dismiss, selectTab, got \"sideways\""
        ),
        ("stack", "", "--stack must not be empty"),
    ])
    func badValuesAreUsageErrors(name: String, value: String, message: String) {
        do {
            _ = try RenderOptions(arguments: arguments(required + [(name, value)]))
            Issue.record("--\(name)=\(value) accepted")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.parameter == "--\(name)")
            #expect(error.message == message)
        }
    }
}
