/// ReleasePointer's reply: how the daemon ended a pointer-driven transition, and the motion the rest
/// continues.
struct PointerRelease: Sendable, Equatable, Decodable {
    /// `finish` or `cancel` (an open set: shown as the daemon wrote it).
    var decision: String
    /// The fraction at release, 0 to 1.
    var fraction: Double
    /// The pointer's velocity along the gesture's direction, in points per second.
    var velocity: Double
    /// The same in fractions of the transition per second, positive toward completion.
    var fractionVelocity: Double
}
