/// Numbers in human output: short, locale-independent, and stable across runs.
public enum NumberText {
    /// An integer-valued number without a fraction (`375`), others with up to `decimals` places and no
    /// trailing zeros (`0.3`, `187.5`). Numbers beyond ±1e14 are written as Swift writes them (`1e+20`).
    public static func short(_ number: Double, decimals: Int = 3) -> String {
        guard number.isFinite, abs(number) < largest else { return String(number) }
        if number == number.rounded() { return String(Int64(number)) }
        var text = fixed(number, decimals: decimals)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// The largest magnitude written digit by digit: 1e14, so that up to 3 decimals stay below 2⁶³.
    public static let largest = 1e14

    /// `number` with exactly `decimals` places (`0.250`, at most 3), rounded half away from zero; `-0`
    /// is written `0.000`. Numbers beyond ±1e14 are written as Swift writes them.
    public static func fixed(_ number: Double, decimals: Int) -> String {
        guard number.isFinite, abs(number) < largest else { return String(number) }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(number) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 0x1p62 else { return String(number) }
        let whole = Int64(scaled)
        let divisor = Int64(scale)
        let integerPart = whole / divisor
        let fraction = whole % divisor
        var text = (number < 0 && whole != 0 ? "-" : "") + String(integerPart)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// A percentage of a fraction, rounded to a whole number: `0.4249` → `42%`.
    public static func percent(_ fraction: Double) -> String {
        guard fraction.isFinite else { return "?%" }
        return String(Int64((fraction * 100).rounded(.toNearestOrAwayFromZero))) + "%"
    }
}
