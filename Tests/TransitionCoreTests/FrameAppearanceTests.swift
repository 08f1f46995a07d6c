import JSON
import Testing
import TransitionCore

/// The appearance fields of frame nodes: written only where they are not the defaults, and `clippedBy`
/// naming the nearest clipping ancestor.
@Suite("Frame appearance")
struct FrameAppearanceTests {
    private static let container = Size(width: 100, height: 200)

    private func frameText(_ nodes: [NodeState]) -> String {
        Frame(stack: "s", index: 0, time: 0, transition: nil, nodes: nodes).json
    }

    /// The node's JSON object in `text` from its `"node"` member to the end of the object (enough to tell
    /// which appearance fields follow its quad).
    private func tail(of node: String, in text: String) -> Substring {
        let marker = #""node":"\#(node)""#
        guard let start = text.range(of: marker) else { return "" }
        let rest = text[start.upperBound...]
        let quad = rest.range(of: #""quad":"#)!
        let end = rest[quad.upperBound...].range(of: "]]")!
        let after = rest[end.upperBound...]
        return after[..<(after.firstIndex(of: "}") ?? after.endIndex)]
    }

    @Test func clippingNamesTheNearestClippingAncestor() {
        let screen = Screen(
            id: "s", kind: "",
            root: Node(
                id: "root", frame: Rect(x: 0, y: 0, width: 1, height: 1),
                appearance: NodeAppearance(cornerRadius: 12, masksToBounds: true),
                children: [
                    Node(
                        id: "card", frame: Rect(x: 10, y: 10, width: 50, height: 50),
                        children: [
                            Node(
                                id: "photo", frame: Rect(x: 0, y: 0, width: 50, height: 30),
                                appearance: NodeAppearance(masksToBounds: true),
                                children: [Node(id: "caption", frame: Rect(x: 0, y: 0, width: 5, height: 5))])
                        ])
                ]))
        let nodes = SettledLayout.nodes(of: screen, containerSize: Self.container)
        #expect(nodes.map(\.clippedBy) == [nil, "root", "root", "photo"])
        let text = frameText(nodes)
        #expect(tail(of: "root", in: text) == #","cornerRadius":12,"masksToBounds":true"#)
        #expect(tail(of: "card", in: text) == #","clippedBy":"root""#)
        #expect(tail(of: "photo", in: text) == #","masksToBounds":true,"clippedBy":"root""#)
        #expect(tail(of: "caption", in: text) == #","clippedBy":"photo""#)
    }

    @Test func everyFieldIsWrittenWhenNotItsDefault() {
        let appearance = NodeAppearance(
            cornerRadius: 4.5, backgroundColor: Color(red: 1, green: 0.5, blue: 0, alpha: 1), borderWidth: 2,
            borderColor: Color(red: 0, green: 0, blue: 1, alpha: 0.25), shadowOpacity: 0.5, shadowRadius: 10,
            shadowOffset: Size(width: 0, height: 4), shadowColor: Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 1))
        let screen = Screen(
            id: "s", kind: "", root: Node(id: "v", frame: Rect(x: 0, y: 0, width: 1, height: 1), appearance: appearance)
        )
        let nodes = SettledLayout.nodes(of: screen, containerSize: Self.container)
        #expect(nodes[0].appearance == appearance)
        #expect(
            tail(of: "v", in: frameText(nodes))
                == #","cornerRadius":4.500000,"backgroundColor":[1,0.500000,0,1],"borderWidth":2,"#
                + #""borderColor":[0,0,1,0.250000],"shadowOpacity":0.500000,"shadowRadius":10,"shadowOffset":[0,4],"#
                + #""shadowColor":[0.200000,0.200000,0.200000,1]"#)
    }

    /// A screen whose nodes set no appearance gives the frame it gave before appearances existed: no new
    /// member on any node, and node states equal to ones built without appearances.
    @Test func nodesWithoutAnAppearanceWriteNothingNew() {
        let screen = Screen(
            id: "s", kind: "",
            root: Node(
                id: "v", frame: Rect(x: 0, y: 0, width: 1, height: 1),
                children: [Node(id: "a", frame: Rect(x: 1, y: 2, width: 3, height: 4), alpha: 0.5)]))
        let text = frameText(SettledLayout.nodes(of: screen, containerSize: Self.container))
        #expect(
            text
                == #"{"stack":"s","index":0,"time":0,"transition":null,"nodes":["#
                + #"{"screen":"s","node":"v","kind":"view","position":[50,100],"size":[100,200],"#
                + #""anchorPoint":[0.500000,0.500000],"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"alpha":1,"#
                + #""hidden":false,"z":0,"quad":[[0,0],[100,0],[100,200],[0,200]]},"#
                + #"{"screen":"s","node":"a","kind":"view","position":[2.500000,4],"size":[3,4],"#
                + #""anchorPoint":[0.500000,0.500000],"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"#
                + #""alpha":0.500000,"hidden":false,"z":1,"quad":[[1,2],[4,2],[4,6],[1,6]]}]}"#)
    }
}
