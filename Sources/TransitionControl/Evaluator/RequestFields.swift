import JSON

/// Typed access to the fields of one request object (or a nested object such as a transform step),
/// producing ``EvaluationError``s that name the field's path.
struct RequestFields {
    let object: JSONObject
    /// The object's own path (`steps[2]`), empty at the top level.
    let path: String

    /// Wraps `value`, which must be an object using only `allowed` field names.
    ///
    /// - Parameter describing: what the object is, for the unknown-field message (`kind spring`).
    init(_ value: JSONValue, path: String = "", allowed: [String], describing: String) throws(EvaluationError) {
        guard let object = value.objectValue else {
            throw EvaluationError(.notAnObject, parameter: path, "expected an object, got \(value.kindDescription)")
        }
        for key in object.keys where !allowed.contains(key) {
            throw EvaluationError(
                .unknownField, parameter: Self.join(path, key),
                "unknown field for \(describing); its fields are \(allowed.joined(separator: ", "))")
        }
        self.object = object
        self.path = path
    }

    /// The path of a member: `name` or `path.name`.
    func name(_ field: String) -> String {
        Self.join(path, field)
    }

    static func join(_ path: String, _ field: String) -> String {
        path.isEmpty ? field : path + "." + field
    }

    /// The member, or nil when it is absent or `null`.
    func optional(_ field: String) -> JSONValue? {
        guard let value = object[field], !value.isNull else { return nil }
        return value
    }

    /// The member, which must be present and not `null`.
    func required(_ field: String) throws(EvaluationError) -> JSONValue {
        guard let value = object[field] else {
            throw EvaluationError(.missingField, parameter: name(field), "required field is missing")
        }
        guard !value.isNull else {
            throw EvaluationError(.wrongType, parameter: name(field), "must not be null")
        }
        return value
    }

    func number(_ field: String) throws(EvaluationError) -> Double {
        try Self.number(try required(field), path: name(field))
    }

    func number(_ field: String, default defaultValue: Double) throws(EvaluationError) -> Double {
        guard let value = optional(field) else { return defaultValue }
        return try Self.number(value, path: name(field))
    }

    func bool(_ field: String, default defaultValue: Bool) throws(EvaluationError) -> Bool {
        guard let value = optional(field) else { return defaultValue }
        guard let bool = value.boolValue else {
            throw EvaluationError(
                .wrongType, parameter: name(field), "expected true or false, got \(value.kindDescription)")
        }
        return bool
    }

    func string(_ field: String) throws(EvaluationError) -> String {
        let value = try required(field)
        guard let string = value.stringValue else {
            throw EvaluationError(.wrongType, parameter: name(field), "expected a string, got \(value.kindDescription)")
        }
        return string
    }

    /// An array of exactly `count` numbers.
    func numbers(_ field: String, count: Int) throws(EvaluationError) -> [Double] {
        try Self.numbers(try required(field), path: name(field), count: count)
    }

    /// An array of exactly `count` numbers, or `defaultValue` when absent.
    func numbers(_ field: String, count: Int, default defaultValue: [Double]) throws(EvaluationError) -> [Double] {
        guard let value = optional(field) else { return defaultValue }
        return try Self.numbers(value, path: name(field), count: count)
    }

    /// An array of any length of numbers, or nil when absent.
    func optionalNumbers(_ field: String) throws(EvaluationError) -> [Double]? {
        guard let value = optional(field) else { return nil }
        return try Self.numbers(value, path: name(field), count: nil)
    }

    /// The elements of an array member.
    func array(_ field: String) throws(EvaluationError) -> [JSONValue] {
        try Self.array(try required(field), path: name(field))
    }

    static func number(_ value: JSONValue, path: String) throws(EvaluationError) -> Double {
        guard let number = value.doubleValue else {
            throw EvaluationError(.wrongType, parameter: path, "expected a number, got \(value.kindDescription)")
        }
        return number
    }

    static func array(_ value: JSONValue, path: String) throws(EvaluationError) -> [JSONValue] {
        guard let elements = value.arrayValue else {
            throw EvaluationError(.wrongType, parameter: path, "expected an array, got \(value.kindDescription)")
        }
        return elements
    }

    /// An array of numbers, of exactly `count` elements unless `count` is nil.
    static func numbers(_ value: JSONValue, path: String, count: Int?) throws(EvaluationError) -> [Double] {
        guard let elements = value.arrayValue else {
            let shape = count.map { "an array of \($0) numbers" } ?? "an array of numbers"
            throw EvaluationError(.wrongType, parameter: path, "expected \(shape), got \(value.kindDescription)")
        }
        if let count, elements.count != count {
            throw EvaluationError(
                .wrongType, parameter: path, "expected an array of \(count) numbers, got \(elements.count) elements")
        }
        var result: [Double] = []
        result.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            result.append(try number(element, path: path + "[\(index)]"))
        }
        return result
    }

    /// The string member `field` of a request object that chooses what the other fields mean (`op`,
    /// `api`), read before the other fields are checked.
    ///
    /// - Parameter choices: the accepted values, listed in the message when the field is missing.
    static func selector(_ request: JSONValue, field: String, choices: [String]) throws(EvaluationError) -> String {
        guard let value = request[field], !value.isNull else {
            throw EvaluationError(
                .missingField, parameter: field,
                "required field is missing; use one of \(choices.joined(separator: ", "))")
        }
        guard let string = value.stringValue else {
            throw EvaluationError(.wrongType, parameter: field, "expected a string, got \(value.kindDescription)")
        }
        return string
    }
}
