/// A scripted gesture: the fraction a finger has dragged an interactive transition to, against time.
///
/// Written as points (`0.2@0.1,0.5@0.25,0.7@0.4`: fraction `@` seconds since the gesture began, the
/// fraction linear in between), or as a drag from 0 to a fraction over a time. The gesture starts at
/// fraction 0 at time 0, where BeginInteractive leaves the transition. `gesture` plays it as a pointer
/// (``ScriptedPan``): the daemon measures the velocity from the samples.
public struct GestureScript: Sendable, Equatable {
    /// One point of the gesture.
    public struct Point: Sendable, Equatable {
        /// Seconds since the gesture began, ≥ 0.
        public var time: Double
        /// The transition's fraction, 0 to 1.
        public var fraction: Double

        /// Creates a point.
        public init(time: Double, fraction: Double) {
            self.time = time
            self.fraction = fraction
        }
    }

    /// The points in time order, the first at time 0.
    public private(set) var points: [Point]

    /// The longest gesture: a minute, far beyond any finger.
    public static let maximumDuration = 60.0

    /// A gesture through `points`; fraction 0 at time 0 is added when the first point is later.
    ///
    /// - Throws: ``CommandError`` `invalidValue` naming `parameter` for fractions outside 0…1, times
    ///   that are negative, not increasing or past ``maximumDuration``.
    public init(points: [Point], parameter: String) throws(CommandError) {
        var all = points
        if let first = all.first, first.time > 0 { all.insert(Point(time: 0, fraction: 0), at: 0) }
        guard all.count >= 2 else {
            throw CommandError(
                .invalidValue, parameter: parameter, "\(parameter) needs at least one point after time 0")
        }
        for (index, point) in all.enumerated() {
            guard (0...1).contains(point.fraction) else {
                throw CommandError(
                    .invalidValue, parameter: parameter,
                    "\(parameter): fractions run from 0 to 1, got \(point.fraction)")
            }
            guard point.time >= 0, point.time <= Self.maximumDuration else {
                throw CommandError(
                    .invalidValue, parameter: parameter,
                    "\(parameter): times run from 0 to \(Int(Self.maximumDuration)) seconds, got \(point.time)")
            }
            if index > 0, point.time <= all[index - 1].time {
                throw CommandError(
                    .invalidValue, parameter: parameter,
                    "\(parameter): times must increase, got \(point.time) after \(all[index - 1].time)")
            }
        }
        self.points = all
    }

    /// A drag from 0 to `fraction` at constant speed over `seconds`.
    public static func drag(to fraction: Double, over seconds: Double) throws(CommandError) -> GestureScript {
        guard seconds > 0 else {
            throw CommandError(.invalidValue, parameter: "--over", "--over must be a positive number of seconds")
        }
        return try GestureScript(points: [Point(time: seconds, fraction: fraction)], parameter: "--drag-to")
    }

    /// Parses `fraction@seconds` points separated by commas: `0.3@0.1,0.7@0.4`.
    ///
    /// - Throws: ``CommandError`` `invalidValue` (usage) naming `--points`.
    public static func parsePoints(_ text: String) throws(CommandError) -> GestureScript {
        var points: [Point] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, let fraction = ParsedArguments.decimalNumber(String(parts[0])),
                let time = ParsedArguments.decimalNumber(String(parts[1]))
            else {
                throw CommandError(
                    .invalidValue, parameter: "--points",
                    "--points takes FRACTION@SECONDS points separated by commas, such as 0.3@0.1,0.7@0.4; got \"\(item)\""
                )
            }
            points.append(Point(time: time, fraction: fraction))
        }
        return try GestureScript(points: points, parameter: "--points")
    }

    /// When the finger lifts: the last point's time.
    public var duration: Double { points[points.count - 1].time }

    /// The fraction at release.
    public var releaseFraction: Double { points[points.count - 1].fraction }

    /// The fraction at `time`, linear between points, held before the first and after the last.
    public func fraction(at time: Double) -> Double {
        guard time > points[0].time else { return points[0].fraction }
        for index in 1..<points.count where time <= points[index].time {
            let start = points[index - 1]
            let end = points[index]
            let share = (time - start.time) / (end.time - start.time)
            return start.fraction + (end.fraction - start.fraction) * share
        }
        return releaseFraction
    }

    /// The samples to send at `rate` per second: one at each tick `k / rate` after time 0 up to the
    /// release, the release itself last, so that the transition stands exactly at ``releaseFraction``.
    public func samples(rate: Double) -> [Point] {
        var samples: [Point] = []
        if points[0].fraction > 0 { samples.append(points[0]) }
        var tick = 1
        while true {
            let time = Double(tick) / rate
            // A tick a hair before the release would duplicate it.
            guard time < duration - 1e-9 else { break }
            samples.append(Point(time: time, fraction: fraction(at: time)))
            tick += 1
        }
        samples.append(Point(time: duration, fraction: releaseFraction))
        return samples
    }
}
