extension TimingFunction: Codable {
    /// A JSON object key.
    struct Key: CodingKey, Hashable {
        var stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }

    private static let names: [(String, TimingFunction)] = [
        ("linear", .linear),
        ("default", .default),
        ("easeIn", .easeIn),
        ("easeOut", .easeOut),
        ("easeInEaseOut", .easeInEaseOut),
    ]

    /// Decodes a name or a one-kind object; see the type's documentation.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let name = try? single.decode(String.self) {
            guard let match = Self.names.first(where: { $0.0 == name }) else {
                throw DecodingError.dataCorruptedError(
                    in: single,
                    debugDescription:
                        "Unknown timing function '\(name)'; expected linear, default, easeIn, easeOut, easeInEaseOut or an object"
                )
            }
            self = match.1
            return
        }
        let container = try decoder.container(keyedBy: Key.self)
        let keys = Set(container.allKeys.map(\.stringValue))
        if keys.contains("cubicBezier") {
            try Self.requireOnly(["cubicBezier"], in: container)
            self = .cubicBezier(try container.decode(CubicBezier.self, forKey: Key("cubicBezier")))
        } else if keys.contains("steps") {
            try Self.requireOnly(["steps", "position"], in: container)
            self = .steps(try Steps(from: decoder))
        } else if keys.contains("spring") {
            try Self.requireOnly(["spring"], in: container)
            let spring = try container.nestedContainer(keyedBy: Key.self, forKey: Key("spring"))
            self = try Self.decodeSpring(spring)
        } else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "Expected a timing function name or an object with cubicBezier, steps or spring"
                )
            )
        }
    }

    private static func decodeSpring(_ container: KeyedDecodingContainer<Key>) throws -> TimingFunction {
        let keys = Set(container.allKeys.map(\.stringValue))
        func number(_ name: String) throws -> Double {
            try FiniteNumberCoding.decodeFinite(container, forKey: Key(name))
        }
        func optionalNumber(_ name: String, default value: Double) throws -> Double {
            keys.contains(name) ? try number(name) : value
        }
        func wrap<T>(_ body: () throws(TimingError) -> T) throws -> T {
            do {
                return try body()
            } catch {
                let key = error.parameter == "initialVelocity" ? "velocity" : error.parameter
                throw DecodingError.dataCorruptedError(
                    forKey: Key(key),
                    in: container,
                    debugDescription: error.message
                )
            }
        }
        let velocity = try optionalNumber("velocity", default: 0)
        if keys.contains("dampingRatio") {
            try requireOnly(["dampingRatio", "velocity"], in: container)
            let ratio = try number("dampingRatio")
            try wrap { () throws(TimingError) in try TimingError.requirePositive(ratio, "dampingRatio") }
            return .uikitSpring(dampingRatio: ratio, initialVelocity: velocity)
        }
        if keys.contains("response") || keys.contains("dampingFraction") {
            try requireOnly(["response", "dampingFraction", "velocity"], in: container)
            let response = try number("response")
            let fraction = try number("dampingFraction")
            return .spring(
                try wrap { () throws(TimingError) in
                    try Spring(response: response, dampingFraction: fraction, initialVelocity: velocity)
                        .requiringSettling(parameter: "dampingFraction")
                }
            )
        }
        if keys.contains("duration") || keys.contains("bounce") {
            try requireOnly(["duration", "bounce", "velocity"], in: container)
            let duration = try number("duration")
            let bounce = try optionalNumber("bounce", default: 0)
            return .spring(
                try wrap { () throws(TimingError) in
                    try Spring(duration: duration, bounce: bounce, initialVelocity: velocity)
                        .requiringSettling(parameter: "bounce")
                }
            )
        }
        if keys.contains("stiffness") || keys.contains("damping") || keys.contains("mass") {
            try requireOnly(
                ["mass", "stiffness", "damping", "velocity", "allowsOverdamping", "cutoff"],
                in: container
            )
            let mass = try optionalNumber("mass", default: 1)
            let stiffness = try number("stiffness")
            let damping = try number("damping")
            let allowsOverdamping =
                try container.decodeIfPresent(Bool.self, forKey: Key("allowsOverdamping")) ?? false
            let cutoff = keys.contains("cutoff") ? try number("cutoff") : nil
            return .spring(
                try wrap { () throws(TimingError) in
                    try Spring(
                        mass: mass,
                        stiffness: stiffness,
                        damping: damping,
                        initialVelocity: velocity,
                        allowsOverdamping: allowsOverdamping,
                        cutoff: cutoff
                    )
                    .requiringSettling(parameter: "damping")
                }
            )
        }
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: container.codingPath,
                debugDescription:
                    "Expected a spring with dampingRatio, mass/stiffness/damping, response/dampingFraction or duration/bounce"
            )
        )
    }

    private static func requireOnly(_ allowed: Set<String>, in container: KeyedDecodingContainer<Key>) throws {
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription:
                    "Unexpected key '\(key.stringValue)'; allowed here: \(allowed.sorted().joined(separator: ", "))"
            )
        }
    }

    /// Encodes the shortest form: a name for linear and the named curves, else an object.
    /// Physical springs encode as mass/stiffness/damping (whatever form they were decoded from),
    /// with `allowsOverdamping` and `cutoff` only when set.
    public func encode(to encoder: any Encoder) throws {
        if let name = Self.names.first(where: { $0.1 == self })?.0 {
            var container = encoder.singleValueContainer()
            try container.encode(name)
            return
        }
        if case .steps(let steps) = self {
            try steps.encode(to: encoder)
            return
        }
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .linear, .steps:
            // Handled above: linear always has a name, steps encode their own object.
            break
        case .cubicBezier(let curve):
            try container.encode(curve, forKey: Key("cubicBezier"))
        case .uikitSpring(let dampingRatio, let initialVelocity):
            var spring = container.nestedContainer(keyedBy: Key.self, forKey: Key("spring"))
            try spring.encode(dampingRatio, forKey: Key("dampingRatio"))
            try spring.encode(initialVelocity, forKey: Key("velocity"))
        case .spring(let value):
            var spring = container.nestedContainer(keyedBy: Key.self, forKey: Key("spring"))
            try spring.encode(value.mass, forKey: Key("mass"))
            try spring.encode(value.stiffness, forKey: Key("stiffness"))
            try spring.encode(value.damping, forKey: Key("damping"))
            try spring.encode(value.initialVelocity, forKey: Key("velocity"))
            if value.allowsOverdamping {
                try spring.encode(true, forKey: Key("allowsOverdamping"))
            }
            if let cutoff = value.cutoff {
                try spring.encode(cutoff, forKey: Key("cutoff"))
            }
        }
    }
}
