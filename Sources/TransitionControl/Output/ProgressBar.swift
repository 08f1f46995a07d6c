/// A text progress bar: `[#########...........]`.
public enum ProgressBar {
    /// The bar's width inside the brackets when nothing else is asked: 20 cells, 5% each.
    public static let defaultWidth = 20

    /// The bar for `fraction` (clamped to 0…1) with `width` cells inside the brackets, filled cells
    /// rounded down so that a full bar means done.
    public static func text(fraction: Double, width: Int) -> String {
        let clamped = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        let width = max(width, 1)
        let filled = min(width, Int((clamped * Double(width)).rounded(.down)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }
}
