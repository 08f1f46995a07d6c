import JSON

extension VarlinkInterface {
    /// Checks `parameters` against a structure of this interface (a method's `input` or `output`, or an
    /// error's `parameters`).
    ///
    /// Every field that is not optional must be present and not `null`; an optional field may be
    /// absent or `null`; no undeclared field may appear; each value must have its declared type
    /// (`int`: integral and within 64 bits; `object`: any JSON object; enumerations: one of the values;
    /// named types resolved in this interface). Fields are checked in declaration order, undeclared
    /// ones after, so the error names the first fault in a stable order.
    ///
    /// - Throws: `VarlinkValidationError` for the first value at fault, with its path.
    public func validate(parameters: JSONObject, of fields: [VarlinkField]) throws(VarlinkValidationError) {
        try validate(object: parameters, fields: fields, path: "")
    }

    /// Checks one value against a type of this interface; `path` names the value in errors (empty for
    /// the top level).
    ///
    /// - Throws: `VarlinkValidationError` for the first value at fault, with its path.
    public func validate(_ value: JSONValue, of type: VarlinkType, at path: String = "") throws(VarlinkValidationError)
    {
        switch type {
        case .optional(let wrapped):
            if value.isNull { return }
            try validate(value, of: wrapped, at: path)
        case .bool:
            guard case .bool = value else { throw wrongType(value, "a boolean", path) }
        case .int:
            guard case .number(let number) = value else { throw wrongType(value, "an integer", path) }
            // Exactly the Doubles that convert to Int64 without loss of integrality or range.
            guard number.rounded(.towardZero) == number, number >= -0x1p63, number < 0x1p63 else {
                throw VarlinkValidationError(
                    code: .notAnInteger,
                    message: "Expected an integer within 64 bits, found \(number).",
                    parameter: path
                )
            }
        case .float:
            guard case .number = value else { throw wrongType(value, "a number", path) }
        case .string:
            guard case .string = value else { throw wrongType(value, "a string", path) }
        case .object:
            guard case .object = value else { throw wrongType(value, "an object", path) }
        case .named(let name):
            guard let definition = typeDefinition(named: name) else {
                throw VarlinkValidationError(
                    code: .unknownType,
                    message: "The interface does not define the type '\(name)'.",
                    parameter: path
                )
            }
            try validate(value, of: definition.type, at: path)
        case .structure(let fields):
            guard case .object(let object) = value else { throw wrongType(value, "an object", path) }
            try validate(object: object, fields: fields, path: path)
        case .enumeration(let values):
            guard case .string(let string) = value else { throw wrongType(value, "a string", path) }
            guard values.contains(where: { $0.name == string }) else {
                let expected = values.map { "'\($0.name)'" }.joined(separator: ", ")
                throw VarlinkValidationError(
                    code: .unknownEnumValue,
                    message: "'\(string)' is not one of \(expected).",
                    parameter: path
                )
            }
        case .array(let element):
            guard case .array(let elements) = value else { throw wrongType(value, "an array", path) }
            for (index, item) in elements.enumerated() {
                try validate(item, of: element, at: "\(path)[\(index)]")
            }
        case .map(let element):
            guard case .object(let object) = value else { throw wrongType(value, "an object (a map)", path) }
            for (key, item) in object {
                try validate(item, of: element, at: join(path, key))
            }
        }
    }

    private func validate(object: JSONObject, fields: [VarlinkField], path: String) throws(VarlinkValidationError) {
        var presentCount = 0
        for field in fields {
            let fieldPath = join(path, field.name)
            guard let value = object[field.name] else {
                if case .optional = field.type { continue }
                throw VarlinkValidationError(
                    code: .missingField,
                    message: "The field '\(field.name)' of type \(field.type) is required.",
                    parameter: fieldPath
                )
            }
            presentCount += 1
            try validate(value, of: field.type, at: fieldPath)
        }
        // Keys are unique, so when every key is a declared field there is nothing more to look for.
        guard presentCount < object.count else { return }
        for key in object.keys where !fields.contains(where: { $0.name == key }) {
            let expected = fields.isEmpty ? "no fields" : fields.map(\.name).joined(separator: ", ")
            throw VarlinkValidationError(
                code: .unknownField,
                message: "The field '\(key)' is not declared; expected \(expected).",
                parameter: join(path, key)
            )
        }
    }

    private func join(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : "\(path).\(name)"
    }

    private func wrongType(_ value: JSONValue, _ expected: String, _ path: String) -> VarlinkValidationError {
        VarlinkValidationError(
            code: .wrongType,
            message: "Expected \(expected), found \(value.kindDescription).",
            parameter: path
        )
    }
}
