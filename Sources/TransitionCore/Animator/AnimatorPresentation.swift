import JSON

/// What stays on screen while a screen is presented with this animator in the `custom` presentation style:
/// the declarative form of a `UIPresentationController`, whose `frameOfPresentedViewInContainerView` places
/// the presented view and whose presentation transition leaves chrome (a dimming view) behind it.
///
/// JSON, beside an animator's `variants`:
///
///     "presentation": {
///       "frame": [0, "containerHeight * 0.4", "containerWidth", "containerHeight * 0.6"],
///       "chrome": [{"overlay": "dimming", "alpha": 0.4, "style": {"fill": "#000000"}}]
///     }
///
/// - `frame` is the presented screen's root frame in the container, `[x, y, width, height]` in points,
///   as number expressions of `containerWidth` and `containerHeight` (no `duration`, no role geometry).
///   Absent: the container. The present's `to` screen and the dismiss's `from` screen are laid out there
///   during their transitions, and the settled frame draws the presented screen there.
/// - `chrome` lists overlays, in the layer format (docs/animators.md), at the values they rest at once the
///   present has completed (an absent `alpha` is 1 here, where a layer's is 0): the settled frame draws
///   them above the screens under the presented one and below it, bottom first, until the dismiss begins.
///   The present variant animates them in (its own layers declare overlays of the same ids) and the
///   dismiss variant animates them away.
///
/// Expressions are evaluated with the stack's container size each time the settled frame is laid out, so
/// a presentation follows the container when it changes.
public struct AnimatorPresentation: Sendable, Equatable, Codable {
    /// The longest `chrome` list accepted.
    public static let maximumChromeCount = 16

    /// The presented screen's root frame, `[x, y, width, height]` points; nil covers the container.
    public var frame: [NumberExpression]?
    /// The overlays that stay drawn under the presented screen, bottom first, at their resting values.
    public var chrome: [LayerPlacement.Overlay]

    /// Creates a presentation.
    public init(frame: [NumberExpression]? = nil, chrome: [LayerPlacement.Overlay] = []) {
        self.frame = frame
        self.chrome = chrome
    }

    private enum CodingKeys: String, CodingKey { case frame, chrome }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        frame = try container.decodeIfPresent([NumberExpression].self, forKey: .frame)
        chrome = try container.decodeIfPresent([LayerPlacement.Overlay].self, forKey: .chrome) ?? []
        if let frame, frame.count != 4 {
            throw DecodingError.dataCorruptedError(
                forKey: .frame, in: container, debugDescription: "expected [x, y, width, height]")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(frame, forKey: .frame)
        if !chrome.isEmpty { try container.encode(chrome, forKey: .chrome) }
    }

    /// An overlay of the chrome at its resting values, in container coordinates.
    public struct RestingOverlay: Sendable, Equatable {
        /// The overlay's identifier (a frame's `node`).
        public var id: String
        /// Its frame in the container, points.
        public var frame: Rect
        /// Its opacity, 0…1.
        public var alpha: Double
        /// What renderers draw, passed through.
        public var style: JSONValue?
    }

    /// The presentation in a container of `containerSize`: the presented screen's root frame and the chrome.
    public struct Resolved: Sendable, Equatable {
        /// The presented screen's root frame in the container, points.
        public var frame: Rect
        /// The chrome, bottom first.
        public var chrome: [RestingOverlay]
    }

    /// Evaluates the frame and the chrome in a container of `containerSize`.
    ///
    /// - Throws: `invalidAnimator` naming `presentation.frame[i]`, `presentation.chrome[i].…` for an
    ///   expression that uses `duration` or a role's geometry or is not finite, a frame without a positive
    ///   width and height, an alpha outside 0…1, an empty or repeated overlay id, or more than
    ///   ``maximumChromeCount`` overlays.
    public func resolved(in containerSize: Size) throws(TransitionCoreError) -> Resolved {
        let environment = NumberExpression.Environment(
            containerWidth: containerSize.width, containerHeight: containerSize.height, duration: 0)
        func evaluate(_ expression: NumberExpression, path: @autoclosure () -> String) throws(TransitionCoreError)
            -> Double
        {
            guard !expression.mentionsDuration else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(), "a presentation lasts beyond its transition: use no duration")
            }
            let value = expression.evaluate(in: environment)
            guard value.isFinite else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path(),
                    "must be a finite number of containerWidth and containerHeight (no role's geometry)")
            }
            return value
        }
        func rect(_ numbers: [NumberExpression]?, path: String) throws(TransitionCoreError) -> Rect {
            guard let numbers else { return Rect(origin: .zero, size: containerSize) }
            var values: [Double] = []
            for (index, number) in numbers.enumerated() {
                values.append(try evaluate(number, path: path + "[\(index)]"))
            }
            guard values[2] > 0, values[3] > 0 else {
                throw TransitionCoreError(.invalidAnimator, parameter: path, "width and height must be greater than 0")
            }
            return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
        }
        guard chrome.count <= Self.maximumChromeCount else {
            throw TransitionCoreError(
                .invalidAnimator, parameter: "presentation.chrome",
                "give at most \(Self.maximumChromeCount) overlays")
        }
        var resting: [RestingOverlay] = []
        var seen = Set<String>()
        for (index, overlay) in chrome.enumerated() {
            let path = "presentation.chrome[\(index)]"
            guard !overlay.overlay.isEmpty, seen.insert(overlay.overlay).inserted else {
                throw TransitionCoreError(
                    .invalidAnimator, parameter: path + ".overlay", "must be a unique, non-empty id")
            }
            let alpha = try overlay.alpha.map { (number) throws(TransitionCoreError) in
                try evaluate(number, path: path + ".alpha")
            }
            guard (0...1).contains(alpha ?? 1) else {
                throw TransitionCoreError(.invalidAnimator, parameter: path + ".alpha", "must be between 0 and 1")
            }
            resting.append(
                RestingOverlay(
                    id: overlay.overlay, frame: try rect(overlay.frame, path: path + ".frame"), alpha: alpha ?? 1,
                    style: overlay.style))
        }
        return Resolved(frame: try rect(frame, path: "presentation.frame"), chrome: resting)
    }
}
