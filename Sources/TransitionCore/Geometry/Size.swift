import JSON

/// A width and a height, in points.
///
/// Negative values are representable (Core Animation allows them) but layout treats sizes as
/// non-negative. Encoded as the array `[width, height]`; decoding rejects NaN, infinities and
/// other lengths.
public struct Size: Sendable, Hashable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The empty size, `0 x 0`.
    public static let zero = Size(width: 0, height: 0)

    /// Component-wise sum.
    public static func + (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width + rhs.width, height: lhs.height + rhs.height)
    }

    /// Component-wise difference.
    public static func - (lhs: Size, rhs: Size) -> Size {
        Size(width: lhs.width - rhs.width, height: lhs.height - rhs.height)
    }

    /// Both extents multiplied by a scalar.
    public static func * (lhs: Size, rhs: Double) -> Size {
        Size(width: lhs.width * rhs, height: lhs.height * rhs)
    }
}

extension Size: Codable {
    /// Decodes `[width, height]`.
    public init(from decoder: any Decoder) throws {
        let values = try FiniteNumberCoding.decode(from: decoder, count: 2, shape: "[width, height]")
        self.init(width: values[0], height: values[1])
    }

    /// Encodes `[width, height]`.
    public func encode(to encoder: any Encoder) throws {
        try FiniteNumberCoding.encode([width, height], to: encoder)
    }
}

extension Size {
    /// The size `value` describes (`[width, height]`), read without a decoder: what `init(from:)` decodes,
    /// or nil where it throws (a `JSONValueDecoder` then says why).
    public init?(readingJSON value: JSONValue) {
        guard let (_, numbers) = JSONNumberArray.read(value, counts: 2...2) else { return nil }
        self.init(width: numbers[0], height: numbers[1])
    }
}
