/// Several messages in one write, and screens too large for a table line.
extension MalformedCase {
    /// `texts`, each followed by its NUL, in one write.
    private static func pipelined(_ texts: [String]) -> [UInt8] {
        Array(texts.map { $0 + "\0" }.joined().utf8)
    }

    /// Pipelined calls are answered in order, each with its own error; a oneway call's error is not sent;
    /// a bad message after good calls ends the connection once they are answered.
    static let pipelines: [MalformedCase] = [
        MalformedCase(
            .oneway, "two bad calls pipelined",
            bytes: pipelined([callText("Pop", #"{"stack":"root"}"#), callText("Nope", "{}")]),
            replies: [.error("StackUnderflow", "stack", ["stack": "root"]), .methodNotFound("io.transitiond.Nope")],
            fate: .survives),
        MalformedCase(
            .oneway, "a bad call, then a good one",
            bytes: pipelined([callText("GetStack", #"{"name":5}"#), callText("ListStacks", "{}")]),
            replies: [.invalidParameter("name"), .success], fate: .survives),
        MalformedCase(
            .oneway, "a oneway bad call, then one with a reply",
            bytes: pipelined([
                #"{"method":"io.transitiond.Pop","parameters":{"stack":"root"},"oneway":true}"#,
                callText("Dismiss", #"{"stack":"idle"}"#),
            ]),
            replies: [.error("NothingPresented", "stack", ["stack": "idle"])], fate: .survives),
        MalformedCase(
            .oneway, "a bad call, then one that is not JSON",
            bytes: pipelined([callText("Pop", #"{"stack":"nope"}"#), "{"]),
            replies: [.noSuchStack("nope")], fate: .closed),
        MalformedCase(
            .oneway, "a change, then one that is not JSON",
            bytes: pipelined([callText("Pop", #"{"stack":"root"}"#), "[1,2"]),
            replies: [.error("StackUnderflow", "stack", ["stack": "root"])], fate: .closed),
        MalformedCase(
            .oneway, "100 bad calls pipelined",
            bytes: pipelined((0..<100).map { callText("Scrub", #"{"stack":"idle","fraction":\#($0 + 2)}"#) }),
            replies: Array(repeating: .invalidValue("fraction"), count: 100), fate: .survives),
    ]

    /// A flat screen whose nodes form a chain `count` levels deep.
    private static func chain(_ count: Int) -> String {
        let nodes = (0..<count).map { index in
            index == 0
                ? #"{"id":"n0","frame":[0,0,1,1]}"#
                : #"{"id":"n\#(index)","parent":"n\#(index - 1)","frame":[0,0,1,1]}"#
        }
        return #"{"id":"chain","nodes":[\#(nodes.joined(separator: ","))]}"#
    }

    /// A screen in the nested form whose nodes form a chain `count` levels deep.
    private static func nestedChain(_ count: Int) -> String {
        var node = #"{"id":"n\#(count - 1)","frame":[0,0,1,1]}"#
        for index in stride(from: count - 2, through: 0, by: -1) {
            node = #"{"id":"n\#(index)","frame":[0,0,1,1],"children":[\#(node)]}"#
        }
        return #"{"id":"chain","root":\#(node)}"#
    }

    /// A screen whose root has `count` children: `count + 1` nodes.
    private static func wide(_ count: Int) -> String {
        let children = (0..<count).map { #"{"id":"c\#($0)","frame":[0,0,1,1]}"# }
        return #"{"id":"wide","root":{"id":"view","frame":[0,0,375,667],"children":["#
            + children.joined(separator: ",") + "]}}"
    }

    /// A Push of `screen` onto `idle`, with its NUL.
    private static func push(_ screen: String) -> [UInt8] {
        Array(callText("Push", #"{"stack":"idle","screen":\#(screen)}"#).utf8) + [0]
    }

    /// Screens past the limits of docs/screens.md: 64 levels and 4,096 nodes.
    static let largeScreens: [MalformedCase] = [
        MalformedCase(
            .screens, "65 levels", bytes: push(chain(65)), replies: [.invalidScreen("screen.nodes[64]")],
            fate: .survives),
        MalformedCase(
            .screens, "65 levels, nested form", bytes: push(nestedChain(65)),
            replies: [.invalidScreen("screen.root" + String(repeating: ".children[0]", count: 64))], fate: .survives),
        MalformedCase(
            .screens, "4097 nodes", bytes: push(wide(4096)), replies: [.invalidScreen("screen.root.children[4095]")],
            fate: .survives),
    ]
}
