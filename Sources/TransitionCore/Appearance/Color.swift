/// A colour: red, green, blue and alpha components from 0 to 1, in sRGB, not premultiplied.
///
/// This is the colour space Core Animation interpolates a `CGColor` property in by default when both ends
/// are device RGB colours: each component, alpha included, moves linearly from one end to the other, and the
/// colour components are not multiplied by alpha first (halfway from opaque red `[1, 0, 0, 1]` to clear
/// `[0, 0, 0, 0]` is `[0.5, 0, 0, 0.5]`). A renderer converts the sRGB components to its own space.
///
/// JSON: the array `[red, green, blue, alpha]`, or in screen documents also the strings `"#RRGGBB"` (alpha 1)
/// and `"#RRGGBBAA"` of hexadecimal digits, each pair divided by 255. Always written as the array.
public struct Color: Sendable, Hashable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1 (opaque).
    public var alpha: Double

    /// Creates a colour from its sRGB components, 0…1 each, not premultiplied.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Opaque black, Core Animation's default `borderColor` and `shadowColor`.
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Transparent black, what Core Animation draws for a `nil` `backgroundColor` (nothing).
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour `fraction` of the way from `start` to `end`, each component linearly (not premultiplied,
    /// sRGB), as Core Animation interpolates a colour; `fraction` outside 0…1 extrapolates (a spring's
    /// overshoot) and the result is clamped to 0…1 per component.
    public static func interpolated(from start: Color, to end: Color, fraction: Double) -> Color {
        func mix(_ from: Double, _ to: Double) -> Double { min(max(from + (to - from) * fraction, 0), 1) }
        return Color(
            red: mix(start.red, end.red), green: mix(start.green, end.green), blue: mix(start.blue, end.blue),
            alpha: mix(start.alpha, end.alpha))
    }

    /// The components in the order written: red, green, blue, alpha.
    public var components: [Double] { [red, green, blue, alpha] }

    /// The name of the first component that is not a finite number from 0 to 1, or nil when all are.
    var firstComponentOutOfRange: String? {
        for (name, value) in [("red", red), ("green", green), ("blue", blue), ("alpha", alpha)]
        where !(value.isFinite && (0...1).contains(value)) {
            return name
        }
        return nil
    }
}
