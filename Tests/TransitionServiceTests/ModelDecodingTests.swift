import JSON
import Testing
import TransitionCore

@testable import TransitionService

/// Screens, animators and rules from call parameters, with errors naming the field from the top of the
/// parameters.
@Suite struct ModelDecodingTests {
    @Test func flatAndNestedScreensDecode() throws {
        let nested = try ModelDecoding.screen(
            [
                "id": "a",
                "root": ["id": "v", "frame": [0, 0, 10, 10], "children": [["id": "c", "frame": [1, 1, 2, 2]]]],
            ],
            path: "screen")
        #expect(nested.root.children.first?.id == "c")
        let flat = try ModelDecoding.screen(
            [
                "id": "a",
                "nodes": [["id": "c", "parent": "v", "frame": [1, 1, 2, 2]], ["id": "v", "frame": [0, 0, 10, 10]]],
            ],
            path: "screen")
        #expect(flat == nested)
    }

    @Test(
        arguments: [
            (["id": "a"] as JSONValue, "screen.nodes"),
            (["id": "", "root": ["id": "v", "frame": [0, 0, 1, 1]]], "screen.id"),
            (["id": "a", "root": ["id": "v", "frame": [0, 0, 1]]], "screen.root.frame"),
            (["id": "a", "root": ["id": "v", "frame": [0, 0, 1, 1], "alpha": 2]], "screen.root.alpha"),
            (
                [
                    "id": "a",
                    "root": ["id": "v", "frame": [0, 0, 1, 1], "children": [["id": "v", "frame": [0, 0, 1, 1]]]],
                ],
                "screen.root.children[0].id"
            ),
            // The flat form's faults name the entry of `nodes`, as the client wrote it.
            (
                [
                    "id": "a",
                    "nodes": [
                        ["id": "v", "frame": [0, 0, 1, 1]],
                        ["id": "c", "parent": "x", "frame": [0, 0, 1, 1]],
                    ],
                ],
                "screen.nodes[1].parent"
            ),
            (
                [
                    "id": "a",
                    "nodes": [
                        ["id": "v", "frame": [0, 0, 1, 1]],
                        ["id": "c", "parent": "v", "frame": [0, 0, 1, 1], "alpha": 3],
                    ],
                ],
                "screen.nodes[1].alpha"
            ),
        ] as [(JSONValue, String)])
    func screenErrorsNameTheField(value: JSONValue, parameter: String) {
        do {
            _ = try ModelDecoding.screen(value, path: "screen")
            Issue.record("decoded \(value)")
        } catch {
            #expect(error.code == .invalidScreen)
            #expect(error.parameter == parameter, "\(error)")
        }
    }

    @Test func rulesDecodeWithDefaults() throws {
        let rules = try ModelDecoding.rules(
            [["animator": "zoom"], ["operation": "pop", "fromScreen": "a", "animator": "fade", "interactive": false]],
            path: "rules")
        #expect(rules[0].animator == "zoom")
        #expect(rules[0].interactive)
        #expect(rules[0].operation == nil)
        #expect(rules[1].operation == .pop)
        #expect(rules[1].fromScreen == "a")
        #expect(!rules[1].interactive)
        #expect(throws: ServiceError.self) { try ModelDecoding.rules([["animator": ""]], path: "rules") }
    }

    @Test func pathsJoin() {
        #expect(ModelDecoding.join("screen", "root.frame") == "screen.root.frame")
        #expect(ModelDecoding.join("screens", "[2].id") == "screens[2].id")
        #expect(ModelDecoding.join("screen", "") == "screen")
    }
}
