/// Four corners of a possibly non-rectangular quadrilateral, such as a layer's bounds after a
/// perspective projection. The corners are named for the untransformed rectangle they came from.
///
/// Encoded as `[[x, y], [x, y], [x, y], [x, y]]` in the order top-left, top-right, bottom-right,
/// bottom-left (clockwise on screen, where y grows downward).
public struct Quad: Sendable, Hashable {
    /// The image of the rectangle's top-left corner.
    public var topLeft: Point
    /// The image of the rectangle's top-right corner.
    public var topRight: Point
    /// The image of the rectangle's bottom-right corner.
    public var bottomRight: Point
    /// The image of the rectangle's bottom-left corner.
    public var bottomLeft: Point

    /// Creates a quadrilateral from its corners.
    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The corners of a rectangle.
    public init(_ rect: Rect) {
        self.init(
            topLeft: Point(x: rect.minX, y: rect.minY),
            topRight: Point(x: rect.maxX, y: rect.minY),
            bottomRight: Point(x: rect.maxX, y: rect.maxY),
            bottomLeft: Point(x: rect.minX, y: rect.maxY)
        )
    }

    /// The smallest axis-aligned rectangle containing all four corners.
    public var boundingRect: Rect {
        let minX = min(min(topLeft.x, topRight.x), min(bottomRight.x, bottomLeft.x))
        let maxX = max(max(topLeft.x, topRight.x), max(bottomRight.x, bottomLeft.x))
        let minY = min(min(topLeft.y, topRight.y), min(bottomRight.y, bottomLeft.y))
        let maxY = max(max(topLeft.y, topRight.y), max(bottomRight.y, bottomLeft.y))
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}

extension Quad: Codable {
    /// Decodes four `[x, y]` arrays.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        if let count = container.count, count != 4 {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription:
                        "Expected 4 corners [topLeft, topRight, bottomRight, bottomLeft], got \(count) elements"
                )
            )
        }
        var corners: [Point] = []
        while !container.isAtEnd && corners.count < 4 {
            corners.append(try container.decode(Point.self))
        }
        guard corners.count == 4, container.isAtEnd else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath,
                    debugDescription: "Expected exactly 4 corners [topLeft, topRight, bottomRight, bottomLeft]"
                )
            )
        }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// Encodes four `[x, y]` arrays.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(topLeft)
        try container.encode(topRight)
        try container.encode(bottomRight)
        try container.encode(bottomLeft)
    }
}
