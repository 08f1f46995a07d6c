extension JSONValue: ExpressibleByNilLiteral {
    /// `nil` is `.null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// `true` and `false` are `.bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// An integer literal is a `.number`; integers beyond ±2^53 are rounded to the nearest `Double`.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// A floating-point literal is a `.number`.
    public init(floatLiteral value: Double) { self = .number(value) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// A string literal is a `.string`.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// An array literal is an `.array`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// A dictionary literal is an `.object` with the members in the order written.
    ///
    /// - Precondition: The keys are unique (a repeated key in a literal is a programming error).
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(literalMembers: elements))
    }
}
