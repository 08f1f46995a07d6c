/// A JSON value as defined by RFC 8259 §3: null, a boolean, a number, a string, an array or an object.
///
/// Numbers are IEEE 754 binary64 values (`Double`), as RFC 8259 §6 recommends for interoperability. A
/// ``JSONReader`` never produces a non-finite number and a ``JSONWriter`` refuses to write one.
///
/// Equality follows `Double`'s `==` for numbers (so `0` equals `-0`) and ignores the order of an object's
/// members (RFC 8259 §4: an object is an unordered collection), although ``JSONObject`` keeps that order.
///
/// ```swift
/// let call: JSONValue = ["method": "io.transitiond.Push", "parameters": ["stack": "main"]]
/// call["parameters"]?["stack"]?.stringValue   // "main"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// The literal `true` or `false`.
    case bool(Bool)
    /// A number; finite when it comes from ``JSONReader``.
    case number(Double)
    /// A string of Unicode scalars.
    case string(String)
    /// An ordered list of values.
    case array([JSONValue])
    /// A collection of uniquely named members, kept in the order they were inserted or read.
    case object(JSONObject)
}

extension JSONValue {
    /// The string, or `nil` when the value is not a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number, or `nil` when the value is not a number.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The number as an `Int`, or `nil` when the value is not a number, has a fractional part, or lies
    /// outside `Int`'s range. `-0` gives `0`.
    public var intValue: Int? {
        if case .number(let number) = self { return Int(exactly: number) }
        return nil
    }

    /// The boolean, or `nil` when the value is not `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements, or `nil` when the value is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// Each element read by `read`, in order, or `nil` when the value is not an array or `read` gives `nil`
    /// for an element: for readers of typed values that work without a decoder.
    public func arrayElements<Element>(_ read: (JSONValue) -> Element?) -> [Element]? {
        guard case .array(let values) = self else { return nil }
        var elements: [Element] = []
        elements.reserveCapacity(values.count)
        for value in values {
            guard let element = read(value) else { return nil }
            elements.append(element)
        }
        return elements
    }

    /// The members, or `nil` when the value is not an object.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether the value is the literal `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member named `key` when the value is an object; `nil` when the member is absent or the value
    /// is not an object. A member whose value is `null` gives `.null`, not `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when the value is an array and `index` is in range; otherwise `nil`.
    public subscript(index: Int) -> JSONValue? {
        if case .array(let array) = self, array.indices.contains(index) { return array[index] }
        return nil
    }

    /// A short name of the value's kind for messages: "null", "a boolean", "a number", "a string",
    /// "an array" or "an object".
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSONValue: CustomStringConvertible {
    /// The compact JSON text of the value, as ``JSONWriter`` writes it. A value the writer refuses (one
    /// holding an infinite or NaN number, or nested deeper than ``JSONWriter/maximumDepth``) is described
    /// by the writer's error instead, which is not JSON.
    public var description: String {
        do {
            return try JSONWriter.string(self)
        } catch {
            return "<unwritable JSON: \(error)>"
        }
    }
}
