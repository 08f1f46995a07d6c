/// A 4x4 homogeneous transform in Core Animation's convention (`CATransform3D`).
///
/// Entries are named `m<row><column>`. Points are ROW vectors multiplied on the left:
/// `[x, y, z, 1] * M`, so the translation lives in `m41, m42, m43` and the perspective term in
/// `m34` (`m34 = -1/distance` puts the eye at `z = distance` looking toward negative z).
/// `a * b` means "apply `a`, then `b`" (`CATransform3DConcat(a, b)`). See docs/math.md.
///
/// Encoded as an array of the 16 entries `m11, m12, ..., m44`; decoding rejects NaN, infinities
/// and other lengths.
public struct Transform3D: Sendable, Hashable {
    /// Row 1, column 1.
    public var m11: Double
    /// Row 1, column 2.
    public var m12: Double
    /// Row 1, column 3.
    public var m13: Double
    /// Row 1, column 4.
    public var m14: Double
    /// Row 2, column 1.
    public var m21: Double
    /// Row 2, column 2.
    public var m22: Double
    /// Row 2, column 3.
    public var m23: Double
    /// Row 2, column 4.
    public var m24: Double
    /// Row 3, column 1.
    public var m31: Double
    /// Row 3, column 2.
    public var m32: Double
    /// Row 3, column 3.
    public var m33: Double
    /// Row 3, column 4.
    public var m34: Double
    /// Row 4, column 1.
    public var m41: Double
    /// Row 4, column 2.
    public var m42: Double
    /// Row 4, column 3.
    public var m43: Double
    /// Row 4, column 4.
    public var m44: Double

    /// Creates a matrix from its 16 entries.
    public init(
        m11: Double,
        m12: Double,
        m13: Double,
        m14: Double,
        m21: Double,
        m22: Double,
        m23: Double,
        m24: Double,
        m31: Double,
        m32: Double,
        m33: Double,
        m34: Double,
        m41: Double,
        m42: Double,
        m43: Double,
        m44: Double
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// The identity transform.
    public static let identity = Transform3D(
        m11: 1, m12: 0, m13: 0, m14: 0,
        m21: 0, m22: 1, m23: 0, m24: 0,
        m31: 0, m32: 0, m33: 1, m34: 0,
        m41: 0, m42: 0, m43: 0, m44: 1
    )

    /// Creates a matrix from 16 entries in row-major order (`m11, m12, m13, m14, m21, ...`).
    ///
    /// - Throws: `GeometryError` with code `wrongCount` unless there are exactly 16 entries, or
    ///   `notFinite` naming the first NaN or infinite entry (`entries[i]`).
    public init(rowMajor entries: some Collection<Double>) throws(GeometryError) {
        guard entries.count == 16 else {
            throw GeometryError(
                code: .wrongCount,
                message: "A transform needs exactly 16 entries (m11 ... m44), got \(entries.count)",
                parameter: "entries"
            )
        }
        let values = Array(entries)
        for (index, entry) in values.enumerated() where !entry.isFinite {
            throw GeometryError(
                code: .notFinite,
                message: "Transform entries must be finite numbers, got \(entry)",
                parameter: "entries[\(index)]"
            )
        }
        self.init(
            m11: values[0], m12: values[1], m13: values[2], m14: values[3],
            m21: values[4], m22: values[5], m23: values[6], m24: values[7],
            m31: values[8], m32: values[9], m33: values[10], m34: values[11],
            m41: values[12], m42: values[13], m43: values[14], m44: values[15]
        )
    }

    /// The 16 entries in row-major order, `m11` first. Allocates: meant for encoding, not for
    /// per-frame work.
    public var rowMajorEntries: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44]
    }
}

extension Transform3D: Codable {
    /// Decodes an array of 16 finite numbers `m11 ... m44`.
    public init(from decoder: any Decoder) throws {
        let values = try FiniteNumberCoding.decode(from: decoder, count: 16, shape: "[m11, m12, ..., m44]")
        try self.init(rowMajor: values)
    }

    /// Encodes the 16 entries `m11 ... m44` as one array.
    public func encode(to encoder: any Encoder) throws {
        try FiniteNumberCoding.encode(rowMajorEntries, to: encoder)
    }
}

extension Transform3D {
    /// Row 1 as a vector `(m11, m12, m13, m14)`: the image of the x axis.
    var row1: SIMD4<Double> {
        get { SIMD4(m11, m12, m13, m14) }
        set { (m11, m12, m13, m14) = (newValue.x, newValue.y, newValue.z, newValue.w) }
    }
    /// Row 2 as a vector `(m21, m22, m23, m24)`: the image of the y axis.
    var row2: SIMD4<Double> {
        get { SIMD4(m21, m22, m23, m24) }
        set { (m21, m22, m23, m24) = (newValue.x, newValue.y, newValue.z, newValue.w) }
    }
    /// Row 3 as a vector `(m31, m32, m33, m34)`: the image of the z axis.
    var row3: SIMD4<Double> {
        get { SIMD4(m31, m32, m33, m34) }
        set { (m31, m32, m33, m34) = (newValue.x, newValue.y, newValue.z, newValue.w) }
    }
    /// Row 4 as a vector `(m41, m42, m43, m44)`: the translation row.
    var row4: SIMD4<Double> {
        get { SIMD4(m41, m42, m43, m44) }
        set { (m41, m42, m43, m44) = (newValue.x, newValue.y, newValue.z, newValue.w) }
    }

    /// Creates a matrix from its four rows.
    init(row1: SIMD4<Double>, row2: SIMD4<Double>, row3: SIMD4<Double>, row4: SIMD4<Double>) {
        self.init(
            m11: row1.x, m12: row1.y, m13: row1.z, m14: row1.w,
            m21: row2.x, m22: row2.y, m23: row2.z, m24: row2.w,
            m31: row3.x, m32: row3.y, m33: row3.z, m34: row3.w,
            m41: row4.x, m42: row4.y, m43: row4.z, m44: row4.w
        )
    }
}
