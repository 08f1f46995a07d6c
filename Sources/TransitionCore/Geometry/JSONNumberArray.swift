import JSON

/// Writes and reads a short JSON array of numbers (a point, a size, a rect, a transform function's
/// arguments) directly, as `FiniteNumberCoding` does through `Codable`, without an array to hold them.
enum JSONNumberArray {
    /// Appends `[first, second…]` with the first `count` of the four numbers, each checked finite.
    ///
    /// - Precondition: `count` is in `1...4`.
    /// - Throws: ``JSONError/Code/nonFiniteNumber`` naming `parameter`; `bytes` then holds part of the array
    ///   (the caller's writer discards its whole text).
    static func append(
        count: Int, _ first: Double, _ second: Double = 0, _ third: Double = 0, _ fourth: Double = 0,
        parameter: @autoclosure () -> String, into bytes: inout [UInt8]
    ) throws(JSONError) {
        precondition((1...4).contains(count), "JSONNumberArray writes one to four numbers")
        JSONWriter.appendLiteral("[", into: &bytes)
        for index in 0..<count {
            if index > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
            let number =
                switch index {
                case 0: first
                case 1: second
                case 2: third
                default: fourth
                }
            try JSONWriter.appendFiniteNumber(number, parameter: parameter(), into: &bytes)
        }
        JSONWriter.appendLiteral("]", into: &bytes)
    }

    /// The numbers of `value` when it is an array of finite numbers whose count is in `counts`, in a vector
    /// whose lanes past the count are 0; nil for anything else (`FiniteNumberCoding.decode` then says why).
    ///
    /// - Precondition: `counts` lies within `1...4`.
    static func read(_ value: JSONValue, counts: ClosedRange<Int>) -> (count: Int, numbers: SIMD4<Double>)? {
        precondition(counts.lowerBound >= 1 && counts.upperBound <= 4, "JSONNumberArray reads one to four numbers")
        guard case .array(let elements) = value, counts.contains(elements.count) else { return nil }
        var numbers = SIMD4<Double>()
        for index in elements.indices {
            guard case .number(let number) = elements[index], number.isFinite else { return nil }
            numbers[index] = number
        }
        return (elements.count, numbers)
    }
}
