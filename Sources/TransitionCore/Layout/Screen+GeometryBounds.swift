extension Screen {
    /// The largest coordinate or size accepted in a frame and in a translation, in points: the largest
    /// container `CreateStack` accepts. Beyond it nothing is on screen, and nested transforms could
    /// overflow to infinities.
    public static let maximumCoordinate = 1_000_000.0
    /// The largest scale factor accepted (in magnitude). With at most `maximumDepth` levels of nesting
    /// and coordinates within `maximumCoordinate`, every product stays far inside `Double`'s range.
    public static let maximumScale = 1_000.0
    /// The largest anchor-point component accepted (unit coordinates: 0 to 1 spans the bounds).
    public static let maximumAnchorComponent = 1_000.0
    /// The largest rotation angle accepted (in magnitude), in radians: about 159 turns.
    public static let maximumRotationRadians = 1_000.0
    /// The shortest perspective distance accepted, in points (CSS Transforms 2 treats shorter depths as
    /// 1px; a distance near 0 makes the projection divide by almost nothing).
    public static let minimumPerspectiveDistance = 1.0
    /// The largest matrix entry accepted (in magnitude), for `matrix` transform functions.
    public static let maximumMatrixEntry = 1_000_000.0

    /// Why the geometry of one node is out of bounds: the field (relative to the node) and what to do,
    /// or nil when it is within bounds. Values are finite already (`validate()` checks that first).
    static func geometryProblem(of node: Node) -> (field: String, message: String)? {
        let frame = node.frame
        if abs(frame.origin.x) > maximumCoordinate || abs(frame.origin.y) > maximumCoordinate
            || abs(frame.size.width) > maximumCoordinate || abs(frame.size.height) > maximumCoordinate
        {
            return ("frame", "every number must be within ±\(Int(maximumCoordinate)) points")
        }
        if abs(node.anchorPoint.x) > maximumAnchorComponent || abs(node.anchorPoint.y) > maximumAnchorComponent {
            return ("anchorPoint", "each component must be within ±\(Int(maximumAnchorComponent))")
        }
        // The stored functions, not `node.transform`: that builds a list and multiplies out its matrix.
        for (index, function) in node.transformFunctions.enumerated() {
            if let message = problem(of: function) { return ("transform[\(index)]", message) }
        }
        return nil
    }

    /// Why a transform function is out of the bounds above, or nil when it is within them: for screens'
    /// nodes and for the values animators resolve (`PlanCompiler`).
    static func problem(of function: TransformFunction) -> String? {
        switch function {
        case .translate(let x, let y, let z):
            guard [x, y, z].allSatisfy({ $0.isFinite && abs($0) <= maximumCoordinate }) else {
                return "a translation must be within ±\(Int(maximumCoordinate)) points"
            }
        case .scale(let x, let y, let z):
            guard [x, y, z].allSatisfy({ $0.isFinite && abs($0) <= maximumScale }) else {
                return "a scale factor must be within ±\(Int(maximumScale))"
            }
        case .rotate(let angle, let x, let y, let z):
            guard angle.isFinite, abs(angle) <= maximumRotationRadians else {
                return "a rotation must be within ±\(Int(maximumRotationRadians)) radians"
            }
            guard [x, y, z].allSatisfy({ $0.isFinite && abs($0) <= maximumCoordinate }) else {
                return "a rotation axis must have components within ±\(Int(maximumCoordinate))"
            }
        case .perspective(let distance):
            // Finite as well: an infinite distance (no perspective at all) cannot be written as JSON, so a
            // stack holding it could never be stored (docs/screens.md).
            guard distance.isFinite, distance >= minimumPerspectiveDistance else {
                let minimum = Int(minimumPerspectiveDistance)
                return "a perspective distance must be a finite number of at least \(minimum) point"
            }
        case .matrix(let matrix):
            let entries = [
                matrix.m11, matrix.m12, matrix.m13, matrix.m14, matrix.m21, matrix.m22, matrix.m23, matrix.m24,
                matrix.m31, matrix.m32, matrix.m33, matrix.m34, matrix.m41, matrix.m42, matrix.m43, matrix.m44,
            ]
            guard entries.allSatisfy({ $0.isFinite && abs($0) <= maximumMatrixEntry }) else {
                return "matrix entries must be within ±\(Int(maximumMatrixEntry))"
            }
        }
        return nil
    }
}
