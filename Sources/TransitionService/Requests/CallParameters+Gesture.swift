import JSON
import TransitionCore
import TransitionEngine

extension CallParameters {
    /// The pan of `BeginInteractive` or `CatchTransition`: `gesture` (defaults for what it leaves out) and
    /// `pointer`, the touch-down; nil when neither is given.
    ///
    /// - Throws: `InvalidValue` naming `pointer` when a gesture comes without it, or the field at fault.
    func panStart() throws(ServiceError) -> PanStart? {
        let gestureObject = object["gesture"]?.objectValue
        guard let pointer = try optionalPointer("pointer") else {
            if gestureObject != nil {
                throw .invalidValue("pointer", "Give 'pointer', where and when the pan began, with 'gesture'.")
            }
            return nil
        }
        guard let gestureObject else { return PanStart(gesture: PanGesture(), touchDown: pointer) }
        let fields = CallParameters(gestureObject)
        var edge: PanGesture.Edge?
        if let text = fields.optionalString("edge") {
            guard let parsed = PanGesture.Edge(rawValue: text) else {
                throw .invalidValue("gesture.edge", "Give 'gesture.edge' as left, right, top or bottom.")
            }
            edge = parsed
        }
        var direction: PanGesture.Direction?
        if let text = fields.optionalString("direction") {
            guard let parsed = PanGesture.Direction(rawValue: text) else {
                throw .invalidValue("gesture.direction", "Give 'gesture.direction' as right, left, down or up.")
            }
            direction = parsed
        }
        let gesture = PanGesture(
            edge: edge, edgeWidth: fields.optionalNumber("edgeWidth") ?? PanGesture.defaultEdgeWidth,
            direction: direction, distance: fields.optionalNumber("distance"))
        return PanStart(gesture: gesture, touchDown: pointer)
    }

    /// A `PointerSample` object (`x`, `y`, `timestamp`; the IDL checked they are numbers), or nil when
    /// absent. The engine checks the ranges.
    func optionalPointer(_ name: String) throws(ServiceError) -> PointerSample? {
        guard let value = object[name], value != .null else { return nil }
        guard let fields = value.objectValue, let x = fields["x"]?.doubleValue, let y = fields["y"]?.doubleValue,
            let timestamp = fields["timestamp"]?.doubleValue
        else {
            throw .invalidValue(name, "Give '\(name)' as {\"x\": points, \"y\": points, \"timestamp\": seconds}.")
        }
        return PointerSample(position: Point(x: x, y: y), timestamp: timestamp)
    }

    /// A completion curve by name (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`), or nil when absent.
    func optionalCurve(_ name: String) throws(ServiceError) -> CubicBezier? {
        guard let text = optionalString(name) else { return nil }
        switch text {
        case "linear": return .linear
        case "easeIn": return .easeIn
        case "easeOut": return .easeOut
        case "easeInEaseOut": return .easeInEaseOut
        default: throw .invalidValue(name, "Give '\(name)' as linear, easeIn, easeOut or easeInEaseOut.")
        }
    }

    /// Resume's continuation: `velocity`, `curve` and `durationFactor`, or nil when none is given (Resume as
    /// before: normal speed, linear).
    func resumeContinuation() throws(ServiceError) -> ResumeContinuation? {
        let velocity = optionalNumber("velocity")
        let curve = try optionalCurve("curve")
        let durationFactor = optionalNumber("durationFactor")
        guard velocity != nil || curve != nil || durationFactor != nil else { return nil }
        return ResumeContinuation(velocity: velocity, curve: curve, durationFactor: durationFactor)
    }
}
