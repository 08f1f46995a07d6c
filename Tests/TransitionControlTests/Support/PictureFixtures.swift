/// Small recordings for picture tests, as JSON lines.
enum PictureFixtures {
    /// One node's JSON with an axis-aligned quad (no transform) unless `quad` is given; `appearance` is
    /// the text of its appearance fields (`"cornerRadius":8,…`).
    static func node(
        _ screen: String?, _ name: String, kind: String = "view", x: Double, y: Double, width: Double, height: Double,
        alpha: Double = 1, hidden: Bool = false, quad: String? = nil, style: String? = nil, appearance: String? = nil
    ) -> String {
        let corners = quad ?? "[[\(x),\(y)],[\(x + width),\(y)],[\(x + width),\(y + height)],[\(x),\(y + height)]]"
        let screenText = screen.map { "\"\($0)\"" } ?? "null"
        return
            #"{"screen":\#(screenText),"node":"\#(name)","kind":"\#(kind)","position":[\#(x + width / 2),\#(y + height / 2)],"#
            + #""size":[\#(width),\#(height)],"anchorPoint":[0.5,0.5],"transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"#
            + #""alpha":\#(alpha),"hidden":\#(hidden),"z":0,"quad":\#(corners)"#
            + (appearance.map { "," + $0 } ?? "") + (style.map { ",\"style\":\($0)" } ?? "") + "}"
    }

    /// A frame's line.
    static func frame(index: Int, time: Double, progress: Double?, nodes: [String]) -> String {
        let transition =
            progress.map { #"{"id":1,"operation":"push","animator":"fade","progress":\#($0),"interactive":false}"# }
            ?? "null"
        return
            #"{"stack":"main","index":\#(index),"time":\#(time),"transition":\#(transition),"nodes":[\#(nodes.joined(separator: ","))]}"#
    }

    /// Three frames of a 200 × 100 container at 10 frames per second: a card moving right and fading,
    /// a snapshot in flight, a dimming overlay, a hidden node and a node behind the eye.
    static let small: String =
        [
            #"{"event":{"kind":"began","stack":"main","transitionId":1,"frameIndex":100}}"#,
            frame(
                index: 100, time: 0, progress: 0,
                nodes: [
                    node("a", "root", x: 0, y: 0, width: 200, height: 100),
                    node("a", "card", x: 10, y: 10, width: 40, height: 30),
                    node(
                        nil, "dim", kind: "overlay", x: 0, y: 0, width: 200, height: 100, alpha: 0,
                        style: ##"{"fill":"#000000"}"##),
                ]),
            frame(
                index: 101, time: 0.1, progress: 0.5,
                nodes: [
                    node("a", "root", x: 0, y: 0, width: 200, height: 100),
                    node("a", "card", x: 60, y: 10, width: 40, height: 30, alpha: 0.5),
                    node("a", "photo", kind: "snapshot", x: 100, y: 50, width: 20, height: 20),
                    node("a", "ghost", x: 0, y: 0, width: 5, height: 5, hidden: true),
                    node("a", "behind", x: 0, y: 0, width: 5, height: 5, quad: "[null,[1,1],[2,2],[0,2]]"),
                    node(
                        nil, "dim", kind: "overlay", x: 0, y: 0, width: 200, height: 100, alpha: 0.25,
                        style: ##"{"fill":"#000000"}"##),
                ]),
            RecordingLineText.framesMissed,
            frame(
                index: 103, time: 0.3, progress: nil,
                nodes: [
                    node("b", "root", x: 0, y: 0, width: 200, height: 100),
                    node("a", "card", x: 150, y: 10, width: 40, height: 30, alpha: 0),
                ]),
        ].joined(separator: "\n") + "\n"
}

/// Lines of recordings other than frames, as tests write them.
enum RecordingLineText {
    static let framesMissed = #"{"framesMissed":1}"#
}
