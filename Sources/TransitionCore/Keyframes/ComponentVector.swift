/// A vector of any fixed dimension, for animating arbitrary numeric properties (colours,
/// corner radii, custom style fields) with keyframes. Values of different dimensions cannot be
/// interpolated: `Keyframes` rejects them at init.
///
/// Encoded as a plain array of finite numbers. Each interpolation allocates the result's
/// storage, so this type suits offline evaluation rather than per-frame hot paths.
public struct ComponentVector: Sendable, Hashable, Codable {
    /// The components.
    public var components: [Double]

    /// Creates a vector.
    public init(_ components: [Double]) {
        self.components = components
    }

    /// The number of components.
    public var dimension: Int { components.count }

    /// Decodes an array of finite numbers.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var components: [Double] = []
        while !container.isAtEnd {
            let value = try container.decode(Double.self)
            guard value.isFinite else {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: container.codingPath,
                        debugDescription: "Expected a finite number at index \(components.count), got \(value)"
                    )
                )
            }
            components.append(value)
        }
        self.init(components)
    }

    /// Encodes the components as one array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for component in components {
            try container.encode(component)
        }
    }
}

extension ComponentVector: KeyframeVector {
    /// Component-wise linear interpolation; the shorter vector's missing components count as 0
    /// (never reached through `Keyframes`, which requires equal dimensions).
    public static func interpolate(_ a: ComponentVector, _ b: ComponentVector, fraction: Double) -> ComponentVector {
        combine(a, b) { x, y in x + (y - x) * fraction }
    }

    /// The Euclidean distance.
    public func distance(to other: ComponentVector) -> Double {
        var sum = 0.0
        for index in 0..<max(dimension, other.dimension) {
            let difference = other.component(index) - component(index)
            sum += difference * difference
        }
        return sum.squareRoot()
    }

    /// Vectors of the same dimension are compatible.
    public func isInterpolationCompatible(with other: ComponentVector) -> Bool {
        dimension == other.dimension
    }

    /// Component-wise sum.
    public static func + (lhs: ComponentVector, rhs: ComponentVector) -> ComponentVector {
        combine(lhs, rhs, +)
    }

    /// Component-wise difference.
    public static func - (lhs: ComponentVector, rhs: ComponentVector) -> ComponentVector {
        combine(lhs, rhs, -)
    }

    /// Every component multiplied by a scalar.
    public static func * (lhs: ComponentVector, rhs: Double) -> ComponentVector {
        ComponentVector(lhs.components.map { $0 * rhs })
    }

    private func component(_ index: Int) -> Double {
        index < components.count ? components[index] : 0
    }

    private static func combine(
        _ a: ComponentVector,
        _ b: ComponentVector,
        _ operation: (Double, Double) -> Double
    ) -> ComponentVector {
        let count = max(a.dimension, b.dimension)
        var result: [Double] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(operation(a.component(index), b.component(index)))
        }
        return ComponentVector(result)
    }
}
