import TransitionCore

/// One position of a pointer (finger, mouse or pen) during a pan, as a client reports it.
///
/// `position` is in the stack's container coordinates (points, y down, as `Point`); `timestamp` is in
/// seconds on the client's own monotonic clock (a browser's `PointerEvent.timeStamp / 1000`, an input
/// event's time): only differences between one gesture's timestamps matter, so the two clocks need not
/// agree.
public struct PointerSample: Sendable, Equatable {
    /// Where the pointer is, in container points.
    public var position: Point
    /// When it was there, in seconds on the client's clock.
    public var timestamp: Double

    /// The largest timestamp accepted: about 31 years in seconds, beyond any monotonic clock's uptime.
    public static let maximumTimestamp = 1e9

    /// Creates a sample.
    public init(position: Point, timestamp: Double) {
        self.position = position
        self.timestamp = timestamp
    }

    /// Checks that the position lies within the bounds of screen coordinates
    /// (`Screen.maximumCoordinate`) and that the timestamp is finite, ≥ 0 and at most `maximumTimestamp`.
    ///
    /// - Parameter parameter: the wire name of the sample, for the error (`pointer`).
    /// - Throws: `invalidParameter` naming `<parameter>.x`, `.y` or `.timestamp`.
    func validate(parameter: String) throws(TransitionEngineError) {
        let bound = Screen.maximumCoordinate
        for (name, value) in [("x", position.x), ("y", position.y)] where !(value.isFinite && abs(value) <= bound) {
            throw TransitionEngineError(
                .invalidParameter, "Give \(parameter).\(name) as a finite number of points within ±\(Int(bound)).",
                parameter: "\(parameter).\(name)")
        }
        guard timestamp.isFinite, timestamp >= 0, timestamp <= Self.maximumTimestamp else {
            throw TransitionEngineError(
                .invalidParameter,
                "Give \(parameter).timestamp in seconds, finite, from 0 to \(Int(Self.maximumTimestamp)).",
                parameter: "\(parameter).timestamp")
        }
    }
}
