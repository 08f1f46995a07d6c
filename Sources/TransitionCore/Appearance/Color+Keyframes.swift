extension Color: KeyframeInterpolatable {
    /// Each component linearly from `a` to `b` (sRGB, not premultiplied), unclamped so that a keyframe
    /// segment's overshooting curve extrapolates; the track clamps what it draws.
    public static func interpolate(_ a: Color, _ b: Color, fraction: Double) -> Color {
        Color(
            red: a.red + (b.red - a.red) * fraction, green: a.green + (b.green - a.green) * fraction,
            blue: a.blue + (b.blue - a.blue) * fraction, alpha: a.alpha + (b.alpha - a.alpha) * fraction)
    }

    /// The Euclidean distance between the four components, for paced keyframes.
    public func distance(to other: Color) -> Double {
        let differences = [red - other.red, green - other.green, blue - other.blue, alpha - other.alpha]
        return differences.reduce(0) { $0 + $1 * $1 }.squareRoot()
    }
}
