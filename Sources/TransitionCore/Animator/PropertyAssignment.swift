/// A value set before the animation starts: the lines of `animateTransition:` before the animation
/// block (`toView.alpha = 0`, `layer.anchorPoint = …`, `snapshot.frame = …`).
///
/// JSON: `{"target": "to", "property": "alpha", "value": 0}`. Assignments apply in order.
public struct PropertyAssignment: Sendable, Equatable, Codable {
    /// What is changed.
    public var target: AnimatorRole
    /// Which property.
    public var property: AnimatableProperty
    /// The value set.
    public var value: PropertyValue

    /// Creates an assignment.
    public init(_ target: AnimatorRole, _ property: AnimatableProperty, _ value: PropertyValue) {
        self.target = target
        self.property = property
        self.value = value
    }

    private enum CodingKeys: String, CodingKey { case target, property, value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = try container.decode(AnimatorRole.self, forKey: .target)
        property = try container.decode(AnimatableProperty.self, forKey: .property)
        value = try PropertyValue.decode(for: property, from: try container.superDecoder(forKey: .value))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(target, forKey: .target)
        try container.encode(property, forKey: .property)
        try value.encode(to: container.superEncoder(forKey: .value))
    }
}
