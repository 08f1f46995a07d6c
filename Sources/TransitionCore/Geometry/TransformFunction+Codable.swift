extension TransformFunction: Codable {
    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }

        static let translate = Key(stringValue: "translate")
        static let scale = Key(stringValue: "scale")
        static let rotate = Key(stringValue: "rotate")
        static let perspective = Key(stringValue: "perspective")
        static let matrix = Key(stringValue: "matrix")
    }

    private static let kinds = "translate, scale, rotate, perspective, matrix"

    /// Decodes a one-key object; see the type's documentation for the shapes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription:
                        "Expected an object with exactly one key of \(Self.kinds), got \(container.allKeys.count) keys"
                )
            )
        }
        switch key.stringValue {
        case Key.translate.stringValue:
            let values = try Self.numbers(container, key, allowedCounts: [2, 3], shape: "[x, y] or [x, y, z]")
            self = .translate(x: values[0], y: values[1], z: values.count == 3 ? values[2] : 0)
        case Key.scale.stringValue:
            if let uniform = try? container.decode(Double.self, forKey: key) {
                let value = try FiniteNumberCoding.requireFinite(uniform, in: container, forKey: key)
                self = .scale(x: value, y: value, z: 1)
            } else {
                let values = try Self.numbers(
                    container, key, allowedCounts: [2, 3], shape: "a number, [x, y] or [x, y, z]")
                self = .scale(x: values[0], y: values[1], z: values.count == 3 ? values[2] : 1)
            }
        case Key.rotate.stringValue:
            if let angle = try? container.decode(Double.self, forKey: key) {
                let angle = try FiniteNumberCoding.requireFinite(angle, in: container, forKey: key)
                self = .rotate(angle: angle, x: 0, y: 0, z: 1)
            } else {
                let values = try Self.numbers(container, key, allowedCounts: [4], shape: "an angle or [angle, x, y, z]")
                self = .rotate(angle: values[0], x: values[1], y: values[2], z: values[3])
            }
        case Key.perspective.stringValue:
            let distance = try FiniteNumberCoding.decodeFinite(container, forKey: key)
            guard distance > 0 else {
                throw DecodingError.dataCorruptedError(
                    forKey: key,
                    in: container,
                    debugDescription: "Expected a perspective distance greater than 0 points, got \(distance)"
                )
            }
            self = .perspective(distance: distance)
        case Key.matrix.stringValue:
            self = .matrix(try container.decode(Transform3D.self, forKey: key))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "Unknown transform function '\(key.stringValue)'; expected one of \(Self.kinds)"
            )
        }
    }

    /// Encodes the shortest form: `translate` without a zero z, `scale` as one number when
    /// uniform in x and y with z 1, `rotate` as a bare angle about `(0, 0, 1)`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .translate(let x, let y, let z):
            try container.encode(z == 0 ? [x, y] : [x, y, z], forKey: .translate)
        case .scale(let x, let y, let z):
            if x == y && z == 1 {
                try container.encode(x, forKey: .scale)
            } else {
                try container.encode(z == 1 ? [x, y] : [x, y, z], forKey: .scale)
            }
        case .rotate(let angle, let x, let y, let z):
            if x == 0 && y == 0 && z == 1 {
                try container.encode(angle, forKey: .rotate)
            } else {
                try container.encode([angle, x, y, z], forKey: .rotate)
            }
        case .perspective(let distance):
            try container.encode(distance, forKey: .perspective)
        case .matrix(let matrix):
            try container.encode(matrix, forKey: .matrix)
        }
    }

    private static func numbers(
        _ container: KeyedDecodingContainer<Key>,
        _ key: Key,
        allowedCounts: [Int],
        shape: String
    ) throws -> [Double] {
        let values: [Double]
        do {
            values = try container.decode([Double].self, forKey: key)
        } catch DecodingError.typeMismatch {
            throw DecodingError.typeMismatch(
                [Double].self,
                .init(codingPath: container.codingPath + [key], debugDescription: "Expected \(shape)")
            )
        }
        guard allowedCounts.contains(values.count) else {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "Expected \(shape), got \(values.count) numbers"
            )
        }
        for (index, value) in values.enumerated() where !value.isFinite {
            throw DecodingError.dataCorruptedError(
                forKey: key,
                in: container,
                debugDescription: "Expected finite numbers in \(shape), got \(value) at index \(index)"
            )
        }
        return values
    }
}
