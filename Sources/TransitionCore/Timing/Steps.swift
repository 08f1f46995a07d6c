/// Where the jumps of a `Steps` easing fall (CSS Easing Level 1 §2.3 "Step easing functions").
/// Codable as `"jumpStart"`, `"jumpEnd"`, `"jumpNone"`, `"jumpBoth"`; decoding also accepts the
/// CSS aliases `"start"` (= jumpStart) and `"end"` (= jumpEnd).
public enum StepPosition: String, Sendable, Hashable, CaseIterable {
    /// The first jump happens at the start: the output is never 0 inside (0, 1].
    case jumpStart
    /// The last jump happens at the end: the output reaches 1 only at 1 (the default).
    case jumpEnd
    /// No jump at either end: `count` equal plateaus from 0 to 1 (needs `count >= 2`).
    case jumpNone
    /// Jumps at both ends: `count + 1` jumps.
    case jumpBoth
}

extension StepPosition: Codable {
    /// Decodes a position name or a CSS alias.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        switch name {
        case "start": self = .jumpStart
        case "end": self = .jumpEnd
        default:
            guard let position = StepPosition(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "Unknown step position '\(name)'; expected jumpStart, jumpEnd, jumpNone, jumpBoth, start or end"
                )
            }
            self = position
        }
    }

    /// Encodes the position's name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// A step easing function, CSS `steps(count, position)`: the output moves in `count` equal
/// intervals of the input, jumping between plateaus.
public struct Steps: Sendable, Hashable, Codable {
    /// The number of intervals, at least 1 (at least 2 for `jumpNone`).
    public let count: Int
    /// Where the jumps fall.
    public let position: StepPosition

    /// Creates a step function.
    ///
    /// - Throws: `TimingError` naming `count` when it is below 1, or below 2 for `jumpNone`
    ///   (CSS Easing Level 1 §2.3: steps(1, jump-none) is invalid).
    public init(count: Int, position: StepPosition = .jumpEnd) throws(TimingError) {
        let minimum = position == .jumpNone ? 2 : 1
        guard count >= minimum else {
            throw TimingError(
                code: .outOfRange,
                message: "count must be at least \(minimum) for position \(position.rawValue), got \(count)",
                parameter: "count"
            )
        }
        self.count = count
        self.position = position
    }

    private enum CodingKeys: String, CodingKey {
        case count = "steps"
        case position
    }

    /// Decodes `{"steps": n, "position": "jumpEnd"}` (position optional, default jumpEnd).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let count = try container.decode(Int.self, forKey: .count)
        let position = try container.decodeIfPresent(StepPosition.self, forKey: .position) ?? .jumpEnd
        do {
            try self.init(count: count, position: position)
        } catch {
            throw DecodingError.dataCorruptedError(forKey: .count, in: container, debugDescription: error.message)
        }
    }

    /// Encodes `{"steps": n, "position": name}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(position, forKey: .position)
    }

    /// The output progress at input progress `fraction`, by the algorithm of CSS Easing Level 1
    /// §2.3.1 "Output of a step easing function" with the before flag unset. Inputs outside
    /// [0, 1] follow the same algorithm (0 before jumpStart's first jump is never produced for
    /// input >= 0; the output is clamped to the jump range within [0, 1]). NaN gives NaN.
    public func value(at fraction: Double) -> Double {
        if fraction.isNaN { return fraction }
        let steps = Double(count)
        // 1. The current step, floor(input × steps), plus one for jump-start and jump-both.
        var currentStep = (fraction * steps).rounded(.down)
        if position == .jumpStart || position == .jumpBoth {
            currentStep += 1
        }
        // 2-3. Clamp into the range of jumps for inputs inside [0, 1].
        let jumps: Double
        switch position {
        case .jumpStart, .jumpEnd: jumps = steps
        case .jumpNone: jumps = steps - 1
        case .jumpBoth: jumps = steps + 1
        }
        if fraction >= 0 && currentStep < 0 { currentStep = 0 }
        if fraction <= 1 && currentStep > jumps { currentStep = jumps }
        return currentStep / jumps
    }
}
