/// A damped spring's motion integrated numerically, for tests to hold the closed forms against: classic
/// fourth-order Runge-Kutta on `m·u'' + c·u' + k·u = 0`, `u(0) = 1`, `u'(0) = −v₀` (u = 1 − progress),
/// which shares nothing with the closed forms under test. Its global error is O(h⁴) for a step of h seconds.
public enum ReferenceSpringIntegration {
    /// The progress `1 − u` and velocity `−u'` at `time` seconds (≥ 0), integrated in equal steps of at most
    /// `step` seconds.
    ///
    /// - Parameters:
    ///   - mass: m, > 0.
    ///   - stiffness: k.
    ///   - damping: c.
    ///   - initialVelocity: v₀, fractions of the distance per second toward the target.
    public static func state(
        mass: Double, stiffness: Double, damping: Double, initialVelocity: Double, at time: Double, step: Double
    ) -> (progress: Double, velocity: Double) {
        let steps = max(1, Int((time / step).rounded(.up)))
        let h = time / Double(steps)
        var u = 1.0
        var du = -initialVelocity
        func acceleration(_ u: Double, _ du: Double) -> Double { -(stiffness * u + damping * du) / mass }
        for _ in 0..<steps {
            let k1u = du
            let k1v = acceleration(u, du)
            let k2u = du + h / 2 * k1v
            let k2v = acceleration(u + h / 2 * k1u, du + h / 2 * k1v)
            let k3u = du + h / 2 * k2v
            let k3v = acceleration(u + h / 2 * k2u, du + h / 2 * k2v)
            let k4u = du + h * k3v
            let k4v = acceleration(u + h * k3u, du + h * k3v)
            u += h / 6 * (k1u + 2 * k2u + 2 * k3u + k4u)
            du += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return (1 - u, -du)
    }
}
