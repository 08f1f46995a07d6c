import JSON

/// Frames read from a recording or a render (JSON lines, ``RecordingLine``), reduced to what pictures
/// draw, on a timeline in seconds.
public struct PictureFrames: Sendable {
    /// One node of one frame.
    public struct Node: Sendable, Equatable {
        /// `screen/node`, or the node alone for overlays: the node's identity across frames.
        public var key: String
        /// `view`, `snapshot` or `overlay`.
        public var kind: String
        /// The anchor point in container coordinates, points.
        public var position: (x: Double, y: Double)
        /// The bounds size, points.
        public var size: (width: Double, height: Double)
        /// Effective opacity, 0 to 1.
        public var alpha: Double
        /// The corners after every transform (top-left, top-right, bottom-right, bottom-left), or nil
        /// when one lies at or behind the eye.
        public var quad: [(x: Double, y: Double)]?
        /// The node's own transform, m11 … m44.
        public var transform: [Double]
        /// An overlay's fill colour from its style, if it has a usable one.
        public var fill: String?
        /// The node's appearance fields, nil when the frame gives none (docs/frames.md).
        public var appearance: PictureAppearance? = nil
        /// The key of the node that clips this one (`clippedBy`, in the same screen), nil when none does.
        /// Snapshots and overlays are never clipped.
        public var clippedBy: String? = nil

        /// Whether every field is equal (tuples are compared member by member).
        public static func == (left: Node, right: Node) -> Bool {
            left.key == right.key && left.kind == right.kind && left.position == right.position
                && left.size == right.size && left.alpha == right.alpha && left.transform == right.transform
                && left.fill == right.fill && left.appearance == right.appearance && left.clippedBy == right.clippedBy
                && left.quad?.map { [$0.x, $0.y] } == right.quad?.map { [$0.x, $0.y] }
        }
    }

    /// One frame.
    public struct Frame: Sendable, Equatable {
        /// The frame index as recorded.
        public var index: Int64
        /// Seconds from the first frame, on the timeline of ``PictureFrames/framesPerSecond``.
        public var time: Double
        /// The transition's progress, nil when settled.
        public var progress: Double?
        /// Visible nodes (not hidden) in painting order.
        public var nodes: [Node]
    }

    /// The frames in order.
    public var frames: [Frame]
    /// The frame rate the timeline uses: frame `i` is at `(index_i − index_0) / framesPerSecond`.
    public var framesPerSecond: Double
    /// The container's size in points.
    public var containerSize: (width: Double, height: Double)
    /// Each node's colour.
    private var colors: [String: String] = [:]
    /// The style of each node of the screens the input holds (`{"screen": …}` lines), by
    /// `screen/node`; a node without a style maps to null. Empty for input without screens.
    public var styles: [String: JSONValue] = [:]
    /// The parent of each node of the screens the input holds, both as `screen/node`: where a renderer
    /// draws a border, after the node's last descendant. Empty for input without screens.
    public var parents: [String: String] = [:]

    /// Whether some node of some frame has an appearance field or is clipped.
    public var hasAppearance: Bool {
        frames.contains { $0.nodes.contains { $0.appearance != nil || $0.clippedBy != nil } }
    }

    /// The timeline's length in seconds (the last frame's time).
    public var duration: Double { frames.last?.time ?? 0 }

    /// The frame rate assumed when the frames do not show it: 60 Hz.
    public static let defaultFramesPerSecond = 60.0

    /// Reads JSON lines.
    ///
    /// - Parameters:
    ///   - framesPerSecond: the timeline's rate; nil infers it from consecutive frames of a transition
    ///     (index difference over time difference), else 60.
    ///   - containerSize: the container's size; nil takes the largest view of the last frame (a
    ///     screen's root fills the container).
    ///   - source: the input's name, for messages.
    /// - Throws: ``CommandError`` `invalidInput` for a line that is not JSON (with its number), or input
    ///   without frames.
    public init(
        lines bytes: [UInt8], framesPerSecond: Double? = nil, containerSize: (width: Double, height: Double)? = nil,
        source: String
    ) throws(CommandError) {
        var objects: [JSONObject] = []
        var screens: [JSONObject] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
            do {
                switch try RecordingLine.parse(Array(line)) {
                case .frame(let frame): objects.append(frame)
                case .screen(let screen): screens.append(screen)
                case .event, .framesMissed, nil: break
                }
            } catch {
                throw CommandError(
                    .invalidInput, parameter: "FILE", "\(source): line \(lineNumber) is not JSON: \(error.description)")
            }
        }
        guard let first = objects.first else {
            throw CommandError(
                .invalidInput, parameter: "FILE", "\(source) holds no frames (JSON lines with \"nodes\")")
        }
        let rate = framesPerSecond ?? Self.inferredRate(objects) ?? Self.defaultFramesPerSecond
        let firstIndex = Self.index(first)
        frames = objects.map { object in
            Frame(
                index: Self.index(object), time: Double(Self.index(object) - firstIndex) / rate,
                progress: object["transition"]?["progress"]?.doubleValue,
                nodes: (object["nodes"]?.arrayValue ?? []).compactMap(Self.node))
        }
        self.framesPerSecond = rate
        self.containerSize = containerSize ?? Self.container(of: frames[frames.count - 1])
        colors = PictureColor.colors(for: keys)
        styles = Self.styles(of: screens)
        parents = Self.parents(of: screens)
    }

    static func index(_ frame: JSONObject) -> Int64 {
        Int64(frame["index"]?.doubleValue ?? 0)
    }

    /// The median of index difference over time difference between consecutive frames of one
    /// transition, rounded to a whole rate when within half a percent of one.
    static func inferredRate(_ frames: [JSONObject]) -> Double? {
        var rates: [Double] = []
        for (previous, next) in zip(frames, frames.dropFirst()) {
            guard let id = previous["transition"]?["id"], id == next["transition"]?["id"],
                let start = previous["time"]?.doubleValue, let end = next["time"]?.doubleValue, end > start
            else { continue }
            let steps = Double(index(next) - index(previous))
            if steps > 0 { rates.append(steps / (end - start)) }
        }
        guard !rates.isEmpty else { return nil }
        let median = rates.sorted()[rates.count / 2]
        let whole = median.rounded()
        return abs(median - whole) <= whole * 0.005 ? whole : median
    }

    static func node(_ value: JSONValue) -> Node? {
        guard value["hidden"]?.boolValue != true else { return nil }
        let name = value["node"]?.stringValue ?? "?"
        let key = value["screen"]?.stringValue.map { $0 + "/" + name } ?? name
        let quad: [(x: Double, y: Double)]? = value["quad"]?.arrayValue.flatMap { corners in
            let points = corners.compactMap { corner -> (x: Double, y: Double)? in
                guard let x = corner[0]?.doubleValue, let y = corner[1]?.doubleValue else { return nil }
                return (x, y)
            }
            return points.count == 4 ? points : nil
        }
        var fill: String?
        if let text = value["style"]?["fill"]?.stringValue, PictureColor.isSafe(text) { fill = text }
        let kind = value["kind"]?.stringValue ?? "view"
        var clippedBy: String?
        if kind == "view", let screen = value["screen"]?.stringValue, let clipper = value["clippedBy"]?.stringValue {
            clippedBy = screen + "/" + clipper
        }
        return Node(
            key: key, kind: kind,
            position: (value["position"]?[0]?.doubleValue ?? 0, value["position"]?[1]?.doubleValue ?? 0),
            size: (value["size"]?[0]?.doubleValue ?? 0, value["size"]?[1]?.doubleValue ?? 0),
            alpha: min(max(value["alpha"]?.doubleValue ?? 1, 0), 1), quad: quad,
            transform: value["transform"]?.arrayValue?.compactMap(\.doubleValue) ?? [],
            fill: fill, appearance: PictureAppearance(frameNode: value), clippedBy: clippedBy)
    }

    /// The largest view's size (a screen's root fills the container), else the quads' extent from the
    /// origin.
    static func container(of frame: Frame) -> (width: Double, height: Double) {
        let views = frame.nodes.filter { $0.kind == "view" && $0.size.width > 0 && $0.size.height > 0 }
        if let root = views.max(by: { $0.size.width * $0.size.height < $1.size.width * $1.size.height }) {
            return root.size
        }
        let corners = frame.nodes.flatMap { $0.quad ?? [] }
        return (max(1, corners.map(\.x).max() ?? 1), max(1, corners.map(\.y).max() ?? 1))
    }

    /// The colour of the node `key` (``PictureColor/colors(for:)`` over ``keys``).
    public func color(of key: String) -> String {
        colors[key] ?? PictureColor.palette[0]
    }

    /// Every node key in order of first appearance.
    public var keys: [String] {
        var seen = Set<String>()
        var keys: [String] = []
        for frame in frames {
            for node in frame.nodes where seen.insert(node.key).inserted { keys.append(node.key) }
        }
        return keys
    }
}
