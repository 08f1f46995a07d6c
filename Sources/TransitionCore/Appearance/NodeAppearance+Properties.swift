extension NodeAppearance {
    /// Where a number property (`cornerRadius`, `borderWidth`, `shadowOpacity`, `shadowRadius`) or a colour
    /// property (`backgroundColor`, `borderColor`, `shadowColor`) is kept; nil for any other property.
    private static func numberPath(of property: AnimatableProperty) -> WritableKeyPath<NodeAppearance, Double>? {
        switch property {
        case .cornerRadius: return \.cornerRadius
        case .borderWidth: return \.borderWidth
        case .shadowOpacity: return \.shadowOpacity
        case .shadowRadius: return \.shadowRadius
        default: return nil
        }
    }

    private static func colorPath(of property: AnimatableProperty) -> WritableKeyPath<NodeAppearance, Color>? {
        switch property {
        case .backgroundColor: return \.backgroundColor
        case .borderColor: return \.borderColor
        case .shadowColor: return \.shadowColor
        default: return nil
        }
    }

    /// The value of a number property, or nil for any other property.
    func number(of property: AnimatableProperty) -> Double? { Self.numberPath(of: property).map { self[keyPath: $0] } }

    /// Sets a number property; other properties are left alone.
    mutating func setNumber(_ number: Double, of property: AnimatableProperty) {
        if let path = Self.numberPath(of: property) { self[keyPath: path] = number }
    }

    /// The value of a colour property, or nil for any other property.
    func color(of property: AnimatableProperty) -> Color? { Self.colorPath(of: property).map { self[keyPath: $0] } }

    /// Sets a colour property; other properties are left alone.
    mutating func setColor(_ color: Color, of property: AnimatableProperty) {
        if let path = Self.colorPath(of: property) { self[keyPath: path] = color }
    }
}
