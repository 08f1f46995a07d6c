/// A list of transform functions in CSS order, and the matrix they make.
///
/// The LAST function is applied to points first, as in CSS `transform: f1 f2 f3`. In Core
/// Animation terms the matrix is built from the identity by applying each function's
/// `CATransform3D...` call in list order (`t = identity; for f in functions { t = f.matrix * t }`),
/// so `[perspective(500), rotate(-π/2 about y)]` is `t.m34 = -1/500; t = CATransform3DRotate(t,
/// -π/2, 0, 1, 0)`: rotate, then project.
///
/// Encoded as a JSON array of functions; the empty array is the identity.
public struct TransformList: Sendable, Hashable {
    /// The functions, or nil for a list made by `init(matrix:)`, which stands for
    /// `[.matrix(matrix)]` without allocating an array.
    private var storedFunctions: [TransformFunction]?

    /// The functions, in CSS order. Setting them recomputes `matrix`. A list made by
    /// `init(matrix:)` reports `[.matrix(matrix)]` (allocating that array on each read).
    public var functions: [TransformFunction] {
        get { storedFunctions ?? [.matrix(matrix)] }
        set {
            storedFunctions = newValue
            matrix = Self.product(of: newValue)
        }
    }

    /// The product of all functions (cached).
    public private(set) var matrix: Transform3D

    /// Creates a list.
    public init(_ functions: [TransformFunction] = []) {
        self.storedFunctions = functions
        self.matrix = Self.product(of: functions)
    }

    /// The one-function list `[.matrix(matrix)]`, made without allocating: what interpolation
    /// produces between keyframes.
    public init(matrix: Transform3D) {
        self.storedFunctions = nil
        self.matrix = matrix
    }

    /// The empty list (the identity).
    public static let identity = TransformList()

    /// Whether the list has no functions.
    public var isEmpty: Bool { storedFunctions?.isEmpty ?? false }

    /// The product of functions in CSS order; an empty slice gives the identity.
    static func product(of functions: some Sequence<TransformFunction>) -> Transform3D {
        var result = Transform3D.identity
        for function in functions {
            result = function.matrix * result
        }
        return result
    }

    /// Two lists are equal when they hold the same functions (a matrix-only list equals
    /// `[.matrix(m)]`).
    public static func == (lhs: TransformList, rhs: TransformList) -> Bool {
        if lhs.storedFunctions == nil && rhs.storedFunctions == nil { return lhs.matrix == rhs.matrix }
        return lhs.functions == rhs.functions
    }

    /// Hashes the functions.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(functions)
    }
}

extension TransformList: Codable {
    /// Decodes an array of transform functions.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(try container.decode([TransformFunction].self))
    }

    /// Encodes the functions as one array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(functions)
    }
}
