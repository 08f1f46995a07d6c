/// A value for one ``AnimatableProperty``, possibly referring to the layout (`frameOf`, `centerOf`) or to
/// the container's size through ``NumberExpression``s. Resolved into plain numbers when a plan is compiled.
///
/// JSON forms by property:
/// - position: `[x, y]`, `{"centerOf": role}`, `{"positionOf": role}`
/// - size: `[width, height]`, `{"sizeOf": role}`
/// - frame: `[x, y, width, height]`, `{"frameOf": role}` (the role's bounds converted into the target's
///   parent coordinates, as `convertRect:fromView:` does; the bounding box when transformed),
///   `{"layoutOf": role}` (the role's frame as its screen lays it out, in its own parent's coordinates,
///   not converted: for a node in the same place of another layout of the same tree, such as `matchedTo`
///   from `matchedFrom`; the container's bounds for `container`)
/// - anchorPoint: `[x, y]`
/// - transform: a list of functions, e.g. `[{"scale": 5}]`, `[{"translate": [0, "containerHeight"]}]`, or
///   `{"transformOf": role}` (the transform that lays a node whose frame is `{"frameOf": role}` on the
///   role's quad: the identity for a role drawn as an upright rectangle, else a `matrix`)
/// - alpha, zIndex, cornerRadius, borderWidth, shadowOpacity, shadowRadius: a number expression;
///   hidden, masksToBounds: `true` or `false`
/// - shadowOffset: `[width, height]`
/// - backgroundColor, borderColor, shadowColor: a colour, `[red, green, blue, alpha]` or `"#RRGGBB[AA]"`
/// - every appearance property (cornerRadius to shadowColor, masksToBounds) also `{"<property>Of": role}`,
///   the role's model value of that property (`{"cornerRadiusOf": "sharedTo"}`)
public enum PropertyValue: Sendable, Equatable {
    case point(NumberExpression, NumberExpression)
    case centerOf(AnimatorRole)
    case positionOf(AnimatorRole)
    case size(NumberExpression, NumberExpression)
    case sizeOf(AnimatorRole)
    case rect(NumberExpression, NumberExpression, NumberExpression, NumberExpression)
    case frameOf(AnimatorRole)
    case layoutOf(AnimatorRole)
    case transform([TransformFunctionTemplate])
    case number(NumberExpression)
    case flag(Bool)
    case color(Color)
    /// The role's model value of an appearance property (the property the value is for).
    case appearanceOf(AnimatableProperty, AnimatorRole)
    /// The transform laying a node whose frame is the role's bounding box on the role's quad.
    case transformOf(AnimatorRole)

    /// The roles this value refers to.
    var referencedRole: AnimatorRole? {
        switch self {
        case .centerOf(let role), .positionOf(let role), .sizeOf(let role), .frameOf(let role), .layoutOf(let role),
            .appearanceOf(_, let role), .transformOf(let role):
            return role
        default: return nil
        }
    }

    private enum ReferenceKeys: String, CodingKey {
        case centerOf, positionOf, sizeOf, frameOf, layoutOf, transformOf
        case cornerRadiusOf, masksToBoundsOf, backgroundColorOf, borderWidthOf, borderColorOf, shadowOpacityOf
        case shadowRadiusOf, shadowOffsetOf, shadowColorOf

        /// The key of `{"<property>Of": role}` for an appearance property, nil for any other property.
        init?(appearanceOf property: AnimatableProperty) {
            switch property {
            case .cornerRadius, .masksToBounds, .backgroundColor, .borderWidth, .borderColor, .shadowOpacity,
                .shadowRadius, .shadowOffset, .shadowColor:
                self.init(rawValue: property.rawValue + "Of")
            default: return nil
            }
        }
    }

    /// Decodes the form that `property` takes.
    static func decode(
        for property: AnimatableProperty, from decoder: any Decoder
    ) throws -> PropertyValue {
        switch property {
        case .position, .anchorPoint:
            if property == .position,
                let reference = try decodeReference(from: decoder, allowed: [.centerOf, .positionOf])
            {
                return reference
            }
            let numbers = try decodeNumbers(from: decoder, count: 2, shape: "[x, y]")
            return .point(numbers[0], numbers[1])
        case .size:
            if let reference = try decodeReference(from: decoder, allowed: [.sizeOf]) { return reference }
            let numbers = try decodeNumbers(from: decoder, count: 2, shape: "[width, height]")
            return .size(numbers[0], numbers[1])
        case .frame:
            if let reference = try decodeReference(from: decoder, allowed: [.frameOf, .layoutOf]) { return reference }
            let numbers = try decodeNumbers(from: decoder, count: 4, shape: "[x, y, width, height]")
            return .rect(numbers[0], numbers[1], numbers[2], numbers[3])
        case .transform:
            if let reference = try decodeReference(from: decoder, allowed: [.transformOf], shape: "a list of functions")
            {
                return reference
            }
            return .transform(try [TransformFunctionTemplate](from: decoder))
        case .alpha, .zIndex:
            return .number(try NumberExpression(from: decoder))
        case .hidden:
            return .flag(try decoder.singleValueContainer().decode(Bool.self))
        default:
            return try decodeAppearance(for: property, from: decoder)
        }
    }

    /// Decodes a value of an appearance property: its own form, or `{"<property>Of": role}`.
    private static func decodeAppearance(
        for property: AnimatableProperty, from decoder: any Decoder
    ) throws -> PropertyValue {
        if let key = ReferenceKeys(appearanceOf: property),
            let reference = try decodeReference(from: decoder, allowed: [key], shape: "a value")
        {
            return reference
        }
        switch property {
        case .masksToBounds:
            return .flag(try decoder.singleValueContainer().decode(Bool.self))
        case .cornerRadius, .borderWidth, .shadowOpacity, .shadowRadius:
            return .number(try NumberExpression(from: decoder))
        case .shadowOffset:
            let numbers = try decodeNumbers(from: decoder, count: 2, shape: "[width, height]")
            return .size(numbers[0], numbers[1])
        default:
            return .color(try Color(from: decoder))
        }
    }

    private static func decodeReference(
        from decoder: any Decoder, allowed: [ReferenceKeys], shape: String = "an array of numbers"
    ) throws -> PropertyValue? {
        guard let container = try? decoder.container(keyedBy: ReferenceKeys.self) else { return nil }
        for key in allowed where container.contains(key) {
            let role = try container.decode(AnimatorRole.self, forKey: key)
            switch key {
            case .centerOf: return .centerOf(role)
            case .positionOf: return .positionOf(role)
            case .sizeOf: return .sizeOf(role)
            case .frameOf: return .frameOf(role)
            case .layoutOf: return .layoutOf(role)
            case .transformOf: return .transformOf(role)
            default:
                let property = AnimatableProperty(rawValue: String(key.rawValue.dropLast(2)))!
                return .appearanceOf(property, role)
            }
        }
        let names = allowed.map { "{\"\($0.rawValue)\": role}" }.joined(separator: " or ")
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "expected \(shape) or \(names)"))
    }

    private static func decodeNumbers(
        from decoder: any Decoder, count: Int, shape: String
    ) throws -> [NumberExpression] {
        var container = try decoder.unkeyedContainer()
        var numbers: [NumberExpression] = []
        while !container.isAtEnd { numbers.append(try container.decode(NumberExpression.self)) }
        guard numbers.count == count else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "expected \(shape), found \(numbers.count) numbers"))
        }
        return numbers
    }

    /// Encodes in the form ``decode(for:from:)`` reads.
    func encode(to encoder: any Encoder) throws {
        switch self {
        case .point(let x, let y), .size(let x, let y):
            var container = encoder.unkeyedContainer()
            try container.encode(x)
            try container.encode(y)
        case .rect(let x, let y, let width, let height):
            var container = encoder.unkeyedContainer()
            for number in [x, y, width, height] { try container.encode(number) }
        case .centerOf(let role), .positionOf(let role), .sizeOf(let role), .frameOf(let role), .layoutOf(let role):
            var container = encoder.container(keyedBy: ReferenceKeys.self)
            let key: ReferenceKeys
            switch self {
            case .centerOf: key = .centerOf
            case .positionOf: key = .positionOf
            case .sizeOf: key = .sizeOf
            case .layoutOf: key = .layoutOf
            default: key = .frameOf
            }
            try container.encode(role, forKey: key)
        case .transform(let functions):
            try functions.encode(to: encoder)
        case .number(let number):
            try number.encode(to: encoder)
        case .flag(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .color(let color):
            try color.encode(to: encoder)
        case .appearanceOf(let property, let role):
            var container = encoder.container(keyedBy: ReferenceKeys.self)
            guard let key = ReferenceKeys(appearanceOf: property) else {
                throw EncodingError.invalidValue(
                    self, .init(codingPath: encoder.codingPath, debugDescription: "\(property) is not an appearance"))
            }
            try container.encode(role, forKey: key)
        case .transformOf(let role):
            var container = encoder.container(keyedBy: ReferenceKeys.self)
            try container.encode(role, forKey: .transformOf)
        }
    }
}
