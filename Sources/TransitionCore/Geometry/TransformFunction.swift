/// One CSS-style transform function. A `TransformList` multiplies them in CSS order.
///
/// JSON (angles in radians, lengths in points): `{"translate": [x, y]}` or `[x, y, z]`;
/// `{"scale": s}` (meaning `(s, s, 1)` as CSS `scale(s)`), `[x, y]` or `[x, y, z]`;
/// `{"rotate": angle}` (about z) or `[angle, x, y, z]`; `{"perspective": distance}` with
/// `distance > 0`; `{"matrix": [m11, ..., m44]}`. Exactly one key per object.
public enum TransformFunction: Sendable, Hashable {
    /// A translation in points (`CATransform3DMakeTranslation`).
    case translate(x: Double, y: Double, z: Double)
    /// A scale by factors (`CATransform3DMakeScale`); zero and negative factors are allowed.
    case scale(x: Double, y: Double, z: Double)
    /// A rotation by `angle` radians about the axis `(x, y, z)` (`CATransform3DMakeRotation`);
    /// a zero axis means no rotation.
    case rotate(angle: Double, x: Double, y: Double, z: Double)
    /// Perspective with the eye `distance` points in front of the plane: `m34 = -1/distance`.
    /// An infinite distance is no perspective (the identity; used when padding lists).
    case perspective(distance: Double)
    /// An arbitrary matrix.
    case matrix(Transform3D)

    /// The function's matrix, in Core Animation's row-vector convention.
    public var matrix: Transform3D {
        switch self {
        case .translate(let x, let y, let z):
            return .translation(x: x, y: y, z: z)
        case .scale(let x, let y, let z):
            return .scale(x: x, y: y, z: z)
        case .rotate(let angle, let x, let y, let z):
            return .rotation(angle: angle, x: x, y: y, z: z)
        case .perspective(let distance):
            return .perspective(distance: distance)
        case .matrix(let matrix):
            return matrix
        }
    }

    /// The identity function of the same kind, used to pad the shorter list when interpolating
    /// (CSS Transforms 2 §"Interpolation of Transforms"): zero translation, unit scale, a zero
    /// angle about the same axis, infinite perspective distance, the identity matrix.
    public var identityOfSameKind: TransformFunction {
        switch self {
        case .translate:
            return .translate(x: 0, y: 0, z: 0)
        case .scale:
            return .scale(x: 1, y: 1, z: 1)
        case .rotate(_, let x, let y, let z):
            return .rotate(angle: 0, x: x, y: y, z: z)
        case .perspective:
            return .perspective(distance: .infinity)
        case .matrix:
            return .matrix(.identity)
        }
    }
}
