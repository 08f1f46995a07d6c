import JSON

/// A rectangle given by its origin (the corner with the smallest coordinates when the size is
/// non-negative) and its size, in points.
///
/// Encoded as the array `[x, y, width, height]`; decoding rejects NaN, infinities and other lengths.
/// The edge accessors follow CGRect: `minX` is the smaller of the two x edges even when the width
/// is negative.
public struct Rect: Sendable, Hashable {
    /// The origin corner.
    public var origin: Point
    /// The extent from the origin.
    public var size: Size

    /// Creates a rectangle from an origin and a size.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its four numbers.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The rectangle at the origin with zero size.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest x coordinate of the rectangle.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The x coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest x coordinate of the rectangle.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest y coordinate of the rectangle.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The y coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest y coordinate of the rectangle.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The centre point, `(midX, midY)`.
    public var center: Point { Point(x: midX, y: midY) }
}

extension Rect: Codable {
    /// Decodes `[x, y, width, height]`.
    public init(from decoder: any Decoder) throws {
        let values = try FiniteNumberCoding.decode(from: decoder, count: 4, shape: "[x, y, width, height]")
        self.init(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    /// Encodes `[x, y, width, height]`.
    public func encode(to encoder: any Encoder) throws {
        try FiniteNumberCoding.encode([origin.x, origin.y, size.width, size.height], to: encoder)
    }
}

extension Rect {
    /// The rectangle `value` describes, read without a decoder: what `init(from:)` decodes, or nil where it
    /// throws (the caller's decoder then says why).
    init?(readingJSON value: JSONValue) {
        guard let (_, numbers) = JSONNumberArray.read(value, counts: 4...4) else { return nil }
        self.init(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}
