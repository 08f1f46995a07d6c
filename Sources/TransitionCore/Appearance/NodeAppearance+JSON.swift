import JSON

extension NodeAppearance {
    /// The screen document's names of the properties, in the order they are written; each is a member of the
    /// node's object (docs/screens.md).
    enum Field: String, CaseIterable, CodingKey {
        case cornerRadius, masksToBounds, backgroundColor, borderWidth, borderColor
        case shadowOpacity, shadowRadius, shadowOffset, shadowColor
    }

    /// Decodes the properties from a node's object: absent and `null` members take their defaults.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Field.self)
        self.init()
        if let value = try container.decodeIfPresent(Double.self, forKey: .cornerRadius) { cornerRadius = value }
        if let value = try container.decodeIfPresent(Bool.self, forKey: .masksToBounds) { masksToBounds = value }
        if let value = try container.decodeIfPresent(Color.self, forKey: .backgroundColor) { backgroundColor = value }
        if let value = try container.decodeIfPresent(Double.self, forKey: .borderWidth) { borderWidth = value }
        if let value = try container.decodeIfPresent(Color.self, forKey: .borderColor) { borderColor = value }
        if let value = try container.decodeIfPresent(Double.self, forKey: .shadowOpacity) { shadowOpacity = value }
        if let value = try container.decodeIfPresent(Double.self, forKey: .shadowRadius) { shadowRadius = value }
        if let value = try container.decodeIfPresent(Size.self, forKey: .shadowOffset) { shadowOffset = value }
        if let value = try container.decodeIfPresent(Color.self, forKey: .shadowColor) { shadowColor = value }
    }

    /// Encodes the properties that differ from their defaults into a node's object.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Field.self)
        let standard = NodeAppearance.standard
        if cornerRadius != standard.cornerRadius { try container.encode(cornerRadius, forKey: .cornerRadius) }
        if masksToBounds { try container.encode(true, forKey: .masksToBounds) }
        if backgroundColor != standard.backgroundColor {
            try container.encode(backgroundColor, forKey: .backgroundColor)
        }
        if borderWidth != standard.borderWidth { try container.encode(borderWidth, forKey: .borderWidth) }
        if borderColor != standard.borderColor { try container.encode(borderColor, forKey: .borderColor) }
        if shadowOpacity != standard.shadowOpacity { try container.encode(shadowOpacity, forKey: .shadowOpacity) }
        if shadowRadius != standard.shadowRadius { try container.encode(shadowRadius, forKey: .shadowRadius) }
        if shadowOffset != standard.shadowOffset { try container.encode(shadowOffset, forKey: .shadowOffset) }
        if shadowColor != standard.shadowColor { try container.encode(shadowColor, forKey: .shadowColor) }
    }

    /// Reads the properties from a node's object as `init(from:)` decodes them; nil where that throws.
    /// `found` is false when the object has none of the members (the common case, checked first).
    init?(readingJSON object: JSONObject, found: inout Bool) {
        self.init()
        for field in Field.allCases {
            guard let value = object.valueIfPresent(forKey: field.rawValue) else { continue }
            found = true
            switch (field, value) {
            case (.masksToBounds, .bool(let flag)): masksToBounds = flag
            case (.cornerRadius, .number(let number)): cornerRadius = number
            case (.borderWidth, .number(let number)): borderWidth = number
            case (.shadowOpacity, .number(let number)): shadowOpacity = number
            case (.shadowRadius, .number(let number)): shadowRadius = number
            case (.shadowOffset, _):
                guard let size = Size(readingJSON: value) else { return nil }
                shadowOffset = size
            case (.backgroundColor, _), (.borderColor, _), (.shadowColor, _):
                guard let color = Color(readingJSON: value) else { return nil }
                switch field {
                case .backgroundColor: backgroundColor = color
                case .borderColor: borderColor = color
                default: shadowColor = color
                }
            default: return nil
            }
        }
    }

    /// Appends `,"name":value` for each property that differs from its default, as `encode(to:)` writes
    /// them; `parameter` names the node in errors.
    func appendJSON(into bytes: inout [UInt8], parameter: String) throws(JSONError) {
        let standard = NodeAppearance.standard
        func number(_ key: Field, _ value: Double) throws(JSONError) {
            bytes.append(contentsOf: ",\"\(key.rawValue)\":".utf8)
            try JSONWriter.appendFiniteNumber(value, parameter: parameter + "." + key.rawValue, into: &bytes)
        }
        func numbers(_ key: Field, _ values: [Double]) throws(JSONError) {
            bytes.append(contentsOf: ",\"\(key.rawValue)\":[".utf8)
            for (index, value) in values.enumerated() {
                if index > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
                try JSONWriter.appendFiniteNumber(value, parameter: parameter + "." + key.rawValue, into: &bytes)
            }
            JSONWriter.appendLiteral("]", into: &bytes)
        }
        if cornerRadius != standard.cornerRadius { try number(.cornerRadius, cornerRadius) }
        if masksToBounds { JSONWriter.appendLiteral(#","masksToBounds":true"#, into: &bytes) }
        if backgroundColor != standard.backgroundColor { try numbers(.backgroundColor, backgroundColor.components) }
        if borderWidth != standard.borderWidth { try number(.borderWidth, borderWidth) }
        if borderColor != standard.borderColor { try numbers(.borderColor, borderColor.components) }
        if shadowOpacity != standard.shadowOpacity { try number(.shadowOpacity, shadowOpacity) }
        if shadowRadius != standard.shadowRadius { try number(.shadowRadius, shadowRadius) }
        if shadowOffset != standard.shadowOffset {
            try numbers(.shadowOffset, [shadowOffset.width, shadowOffset.height])
        }
        if shadowColor != standard.shadowColor { try numbers(.shadowColor, shadowColor.components) }
    }
}
