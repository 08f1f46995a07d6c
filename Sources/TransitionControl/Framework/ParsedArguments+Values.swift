extension ParsedArguments {
    /// The last value of an option the parser already required, or a `missingOption` usage error for
    /// a command that requires it without declaring it so.
    public func requiredValue(_ name: String) throws(CommandError) -> String {
        guard let value = value(name) else {
            throw CommandError(.missingOption, parameter: "--" + name, "missing required option --\(name)")
        }
        return value
    }

    /// The option's value as a finite number in `range`, `defaultValue` when absent.
    ///
    /// Accepts decimal notation with an optional sign, fraction and exponent (`60`, `59.94`, `1e2`);
    /// no hexadecimal, `inf` or `nan`.
    ///
    /// - Throws: ``CommandError`` `invalidValue` (a usage error) naming the option and the range.
    public func number(_ name: String, in range: ClosedRange<Double>, defaultValue: Double) throws(CommandError)
        -> Double
    {
        guard let text = value(name) else { return defaultValue }
        guard let number = Self.decimalNumber(text), range.contains(number) else {
            throw CommandError(
                .invalidValue, parameter: "--" + name,
                "--\(name) must be a number from \(Self.text(range.lowerBound)) to \(Self.text(range.upperBound)), got \"\(text)\""
            )
        }
        return number
    }

    /// The option's value converted to one of a `RawRepresentable` type's cases, or nil when absent.
    ///
    /// - Throws: ``CommandError`` `invalidValue` naming the option and the accepted values.
    public func choice<Value: RawRepresentable & CaseIterable>(_ name: String, as type: Value.Type)
        throws(CommandError) -> Value? where Value.RawValue == String
    {
        guard let text = value(name) else { return nil }
        guard let result = Value(rawValue: text) else {
            let accepted = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandError(
                .invalidValue, parameter: "--" + name, "--\(name) must be one of \(accepted), got \"\(text)\"")
        }
        return result
    }

    /// `text` as a finite `Double` when it is plain decimal notation, else nil.
    public static func decimalNumber(_ text: String) -> Double? {
        let allowed = Set("0123456789+-.eE")
        guard !text.isEmpty, text.allSatisfy({ allowed.contains($0) }), let number = Double(text), number.isFinite
        else { return nil }
        return number
    }

    /// A number for messages: integers without a fraction.
    static func text(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    }
}
