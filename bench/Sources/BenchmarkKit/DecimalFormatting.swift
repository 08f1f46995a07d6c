/// Fixed-decimal text for tables, independent of locale.
public enum DecimalFormatting {
    /// `value` rounded half away from zero to `decimals` places ("17.3", "-0.05", "3").
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15 else { return "\(value)" }
        let units = UInt64(scaled)
        let whole = units / UInt64(scale)
        let fraction = units % UInt64(scale)
        var text = (value < 0 && units != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// `value` with three significant digits for magnitudes up to 1000 and none after the point above.
    public static func significant(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 100 { return fixed(value, decimals: 0) }
        if magnitude >= 10 { return fixed(value, decimals: 1) }
        return fixed(value, decimals: 2)
    }

    /// `value` rounded to a whole number with a comma every three digits ("45,210", "-1,000").
    public static func grouped(_ value: Double) -> String {
        let digits = fixed(abs(value), decimals: 0)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value <= -0.5 ? "-" : "") + text
    }
}
