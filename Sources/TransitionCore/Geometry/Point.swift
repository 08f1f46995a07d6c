import JSON

/// A point in a two-dimensional coordinate space, in points, with y growing downward as in UIKit
/// and Core Animation on iOS.
///
/// Encoded as the array `[x, y]`; decoding rejects NaN, infinities and other lengths.
public struct Point: Sendable, Hashable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate, growing downward.
    public var y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = Point(x: 0, y: 0)

    /// Component-wise sum.
    public static func + (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    /// Component-wise difference.
    public static func - (lhs: Point, rhs: Point) -> Point {
        Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    /// Both coordinates multiplied by a scalar.
    public static func * (lhs: Point, rhs: Double) -> Point {
        Point(x: lhs.x * rhs, y: lhs.y * rhs)
    }
}

extension Point: Codable {
    /// Decodes `[x, y]`.
    public init(from decoder: any Decoder) throws {
        let values = try FiniteNumberCoding.decode(from: decoder, count: 2, shape: "[x, y]")
        self.init(x: values[0], y: values[1])
    }

    /// Encodes `[x, y]`.
    public func encode(to encoder: any Encoder) throws {
        try FiniteNumberCoding.encode([x, y], to: encoder)
    }
}

extension Point {
    /// The point `value` describes, read without a decoder: what `init(from:)` decodes, or nil where it
    /// throws (the caller's decoder then says why).
    init?(readingJSON value: JSONValue) {
        guard let (_, numbers) = JSONNumberArray.read(value, counts: 2...2) else { return nil }
        self.init(x: numbers[0], y: numbers[1])
    }
}
