extension JSONValue: Codable {
    /// Decodes any JSON value: `null`, a boolean, a number, a string, an array or an object, tried in
    /// that order. With ``JSONValueDecoder`` the value is handed over as it is; with other decoders,
    /// integers wider than 2^53 are rounded to `Double`.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() {
                self = .null
                return
            }
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
                return
            }
            if let number = try? container.decode(Double.self) {
                self = .number(number)
                return
            }
            if let string = try? container.decode(String.self) {
                self = .string(string)
                return
            }
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd { elements.append(try container.decode(JSONValue.self)) }
            self = .array(elements)
            return
        }
        let container = try decoder.container(keyedBy: JSONCodingKey.self)
        var object = JSONObject()
        for key in container.allKeys {
            object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
        self = .object(object)
    }

    /// Encodes the value with the matching container: objects keyed by their member names, in order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .object(let object):
            var container = encoder.container(keyedBy: JSONCodingKey.self)
            for (key, value) in object { try container.encode(value, forKey: JSONCodingKey(stringValue: key)) }
        }
    }
}

extension JSONObject: Codable {
    /// Decodes a JSON object; any other value is a `typeMismatch`. With ``JSONValueDecoder`` the members
    /// are handed over as they are, in order.
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        guard case .object(let object) = value else {
            throw JSONUnboxing.mismatch(JSONObject.self, expected: "an object", found: value, at: decoder.codingPath)
        }
        self = object
    }

    /// Encodes the members in order, as ``JSONValue/object(_:)`` does.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue.object(self).encode(to: encoder)
    }
}
