import JSON
import Testing
import TransitionCore

@Suite("Screen")
struct ScreenTests {
    private func decode(_ text: String) throws -> Screen {
        try JSONValueDecoder().decode(Screen.self, from: try JSONReader.parse(text))
    }

    @Test func nestedFormDecodesWithUIKitDefaults() throws {
        let screen = try decode(
            #"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,10,20],"children":[{"id":"c","frame":[1,2,3,4]}]}}"#)
        #expect(screen.root.children.count == 1)
        let child = screen.root.children[0]
        #expect(child.anchorPoint == Point(x: 0.5, y: 0.5))
        #expect(child.alpha == 1)
        #expect(child.hidden == false)
        #expect(child.position == Point(x: 2.5, y: 4))
        try screen.validate()
    }

    /// A stack keeps its screens for as long as it lives, so decoded children take an array of exactly
    /// their count: decoding `[Node]` element by element left room for 8 where there were 5.
    @Test func decodedChildrenTakeNoMoreRoomThanTheyNeed() throws {
        let grandchildren = (0..<3).map { #"{"id":"g\#($0)","frame":[0,0,1,1]}"# }.joined(separator: ",")
        let children = (0..<5).map { #"{"id":"c\#($0)","frame":[0,0,2,2],"children":[\#(grandchildren)]}"# }
        let screen = try decode(
            #"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,10,20],"children":["#
                + children.joined(separator: ",") + "]}}")
        #expect(screen.root.children.count == 5)
        #expect(screen.root.children.capacity == 5)
        for child in screen.root.children {
            #expect(child.children.count == 3)
            #expect(child.children.capacity == 3)
        }
        let explicitlyEmpty = try decode(#"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,1,1],"children":null}}"#)
        #expect(explicitlyEmpty.root.children.isEmpty)
    }

    /// A node keeps its transform as functions, without `TransformList`'s cached matrix (128 bytes), which
    /// nearly doubled every node a stack holds; reading `transform` gives the same list and matrix back.
    @Test func aNodeKeepsItsTransformCompactly() {
        // 144 bytes; 272 with the matrix.
        #expect(MemoryLayout<Node>.size <= 160)
        let functions: [TransformFunction] = [
            .translate(x: 3, y: 4, z: 0), .rotate(angle: 0.5, x: 0, y: 0, z: 1),
        ]
        var node = Node(id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10), transform: TransformList(functions))
        #expect(node.transform.functions == functions)
        #expect(node.transform.matrix == TransformList(functions).matrix)
        let matrix = TransformList([.scale(x: 2, y: 3, z: 1)]).matrix
        node.transform = TransformList(matrix: matrix)
        #expect(node.transform.matrix == matrix)
        #expect(node.transform == TransformList(matrix: matrix))
        node.transform = TransformList()
        #expect(node.transform.isEmpty)
    }

    @Test func flatFormBuildsTheSameTreeWhateverTheOrder() throws {
        let flat = try decode(
            #"{"id":"s","kind":"k","nodes":[{"id":"c2","parent":"c1","frame":[0,0,1,1]},{"id":"c1","parent":"v","frame":[1,1,2,2]},{"id":"v","frame":[0,0,10,10]}]}"#
        )
        let nested = try decode(
            #"{"id":"s","kind":"k","root":{"id":"v","frame":[0,0,10,10],"children":[{"id":"c1","frame":[1,1,2,2],"children":[{"id":"c2","frame":[0,0,1,1]}]}]}}"#
        )
        #expect(flat == nested)
    }

    @Test(arguments: [
        (
            #"{"id":"s","nodes":[{"id":"a","parent":"b","frame":[0,0,1,1]},{"id":"b","parent":"a","frame":[0,0,1,1]}]}"#,
            "cycle"
        ),
        (
            #"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"a","parent":"b","frame":[0,0,1,1]},{"id":"b","parent":"a","frame":[0,0,1,1]}]}"#,
            "cycle"
        ),
        (#"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"a","parent":"zzz","frame":[0,0,1,1]}]}"#, "zzz"),
        (#"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"q","frame":[0,0,1,1]}]}"#, "no parent"),
        (#"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"r","parent":"r","frame":[0,0,1,1]}]}"#, "used twice"),
        (#"{"id":"s","root":{"id":"r","frame":[0,0,1]}}"#, "frame"),
        (#"{"id":"s","root":{"id":"r","frame":[0,0,1,1]},"nodes":[]}"#, "not both"),
    ])
    func malformedScreensAreRejectedWithTheReason(text: String, reason: String) {
        guard let description = decodingFailure(text, as: Screen.self) else { return }
        #expect(description.contains(reason), "\(description)")
    }

    /// A fault of the flat form names the entry at fault, as docs/screens.md shows (`nodes[3].parent`).
    @Test(arguments: [
        (
            #"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"a","parent":"zzz","frame":[0,0,1,1]}]}"#,
            "nodes[1].parent: "
        ),
        (#"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"q","frame":[0,0,1,1]}]}"#, "nodes[1].parent: "),
        (
            #"{"id":"s","nodes":[{"id":"r","frame":[0,0,1,1]},{"id":"r","parent":"r","frame":[0,0,1,1]}]}"#,
            "nodes[1].id: "
        ),
    ])
    func flatFormFaultsNameTheEntry(text: String, path: String) {
        guard let description = decodingFailure(text, as: Screen.self) else { return }
        #expect(description.hasPrefix(path), "\(description)")
    }

    @Test func validationNamesTheFieldAtFault() throws {
        func failure(_ mutate: (inout Screen) -> Void) -> TransitionCoreError? {
            var screen = Screen(
                id: "s", kind: "",
                root: Node(
                    id: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10),
                    children: [Node(id: "a", frame: Rect(x: 0, y: 0, width: 1, height: 1))]))
            mutate(&screen)
            do {
                try screen.validate()
                return nil
            } catch {
                return error
            }
        }
        #expect(failure { _ in } == nil)
        #expect(failure { $0.id = "" }?.parameter == "id")
        #expect(failure { $0.root.children[0].alpha = 1.5 }?.parameter == "root.children[0].alpha")
        #expect(failure { $0.root.children[0].frame.size.width = -1 }?.parameter == "root.children[0].frame")
        #expect(failure { $0.root.children[0].frame.origin.x = .nan }?.parameter == "root.children[0].frame")
        #expect(failure { $0.root.children[0].zIndex = .infinity }?.parameter == "root.children[0].zIndex")
        #expect(failure { $0.root.children[0].id = "v" }?.code == .duplicateNode)
        #expect(failure { $0.root.children[0].sharedID = "" }?.parameter == "root.children[0].sharedID")
        #expect(failure { $0.root.children[0].id = NodeID(rawValue: "a\u{7}") }?.parameter == "root.children[0].id")
        // Past 15 bytes a string is stored on the heap, not inline: both forms are read byte by byte.
        let long = NodeID(rawValue: "an-identifier-longer-than-fifteen-bytes\u{7F}")
        #expect(failure { $0.root.children[0].id = long }?.parameter == "root.children[0].id")
        #expect(failure { $0.root.children[0].id = NodeID(rawValue: "légende") } == nil)
        #expect(failure { $0.root.children[0].id = NodeID(rawValue: "a-longer-légende-on-the-heap") } == nil)
    }

    @Test func tooDeepTreesAreRejected() {
        var node = Node(id: "n0", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        for depth in 1...Screen.maximumDepth {
            node = Node(
                id: NodeID(rawValue: "n\(depth)"), frame: Rect(x: 0, y: 0, width: 1, height: 1), children: [node])
        }
        #expect(throws: TransitionCoreError.self) { try Screen(id: "s", kind: "", root: node).validate() }
    }

    @Test func encodingRoundTripsEverySeedScreen() throws {
        for name in [
            "seed000-index", "seed000-detail", "seed001-first", "seed001-second", "seed001-modal", "seed002-photos",
            "seed002-photo", "seed003-first", "seed003-second", "seed004-contacts", "seed004-profile",
        ] {
            let screen = try SeedScreens.load(name)
            try screen.validate()
            let encoded = try JSONValueEncoder().encode(screen)
            #expect(try JSONValueDecoder().decode(Screen.self, from: encoded) == screen, "\(name)")
        }
    }
}
