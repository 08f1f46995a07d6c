import JSON
import TransitionCore
import TransitionEngine

/// Typed access to a call's parameters, which already passed the IDL's validation (so every present
/// field has its declared JSON type). The accessors add what the IDL cannot say: ranges, enumerations
/// spelled as strings, screens and rules decoded into the model. Each failure is a `ServiceError` naming
/// the parameter.
struct CallParameters {
    /// The call's `parameters` object.
    let object: JSONObject

    init(_ object: JSONObject) { self.object = object }

    /// A required string.
    func string(_ name: String) throws(ServiceError) -> String {
        guard let value = object[name]?.stringValue else {
            throw .invalidValue(name, "Give '\(name)' as a string.")
        }
        return value
    }

    /// An optional string; `nil` when absent or `null`.
    func optionalString(_ name: String) -> String? { object[name]?.stringValue }

    /// A stack or other identifier: 1 to 256 bytes of UTF-8 without control characters.
    func identifier(_ name: String) throws(ServiceError) -> String {
        let value = try string(name)
        guard Self.isValidIdentifier(value) else {
            throw .invalidValue(name, "Give '\(name)' as 1 to 256 bytes of text without control characters.")
        }
        return value
    }

    /// An optional boolean with its default.
    func bool(_ name: String, default defaultValue: Bool) -> Bool { object[name]?.boolValue ?? defaultValue }

    /// A required number.
    func number(_ name: String) throws(ServiceError) -> Double {
        guard let value = object[name]?.doubleValue else { throw .invalidValue(name, "Give '\(name)' as a number.") }
        return value
    }

    /// An optional number; `nil` when absent or `null`.
    func optionalNumber(_ name: String) -> Double? { object[name]?.doubleValue }

    /// A fraction in [0, 1].
    func fraction(_ name: String) throws(ServiceError) -> Double {
        let value = try number(name)
        guard value >= 0, value <= 1 else {
            throw .invalidValue(name, "Give '\(name)' from 0 to 1; \(value) is outside.")
        }
        return value
    }

    /// A container dimension: positive and at most `maximumContainerPoints`.
    func containerDimension(_ name: String) throws(ServiceError) -> Double {
        let value = try number(name)
        guard value > 0, value <= Self.maximumContainerPoints else {
            throw .invalidValue(
                name, "Give '\(name)' in points, above 0 and at most \(Int(Self.maximumContainerPoints)).")
        }
        return value
    }

    /// The largest container side accepted, in points: far beyond any display, small enough that layout
    /// arithmetic stays exact to a millionth of a point.
    static let maximumContainerPoints = 1_000_000.0

    /// Whether `text` is 1–256 bytes without control characters (the engine's and the core's identifier
    /// rule, checked here so a bad name fails before anything else).
    static func isValidIdentifier(_ text: String) -> Bool {
        let bytes = text.utf8
        return !bytes.isEmpty && bytes.count <= StackID.maximumLength && !bytes.contains { $0 < 0x20 || $0 == 0x7F }
    }

    /// An optional value of one of the IDL's string enumerations; nil when absent or `null`.
    ///
    /// - Parameter accepted: the values, as the error lists them ("queue, retarget or reject").
    /// - Throws: `InvalidValue` naming `name` for any other string (the IDL refuses it first; this holds for
    ///   a call that did not pass through it).
    func optionalChoice<Value: RawRepresentable<String>>(
        _ name: String, accepting accepted: String
    ) throws(ServiceError) -> Value? {
        guard let text = optionalString(name) else { return nil }
        guard let value = Value(rawValue: text) else { throw .invalidValue(name, "Give '\(name)' as \(accepted).") }
        return value
    }

    /// An optional operation policy.
    func policy(_ name: String) throws(ServiceError) -> OperationPolicy? {
        try optionalChoice(name, accepting: "queue, retarget or reject")
    }

    /// An optional presentation style (`Present`'s `style`); nil presents full screen.
    func presentationStyle(_ name: String) throws(ServiceError) -> PresentationStyle? {
        try optionalChoice(name, accepting: "fullScreen, overCurrentContext or custom")
    }

    /// An optional Reduce Motion setting.
    func reduceMotionSetting(_ name: String) throws(ServiceError) -> ReduceMotionSetting? {
        try optionalChoice(name, accepting: "on, off or followDaemon")
    }

    /// A required transition operation.
    func operation(_ name: String) throws(ServiceError) -> TransitionOperation {
        let text = try string(name)
        guard let operation = TransitionOperation(rawValue: text) else {
            throw .invalidValue(name, "Give '\(name)' as push, pop, present, dismiss, selectTab or resize.")
        }
        return operation
    }

    /// A required screen object, decoded and validated.
    func screen(_ name: String) throws(ServiceError) -> Screen {
        guard let value = object[name] else { throw .invalidValue(name, "Give '\(name)' as a screen object.") }
        return try ModelDecoding.screen(value, path: name)
    }

    /// An optional screen object; `nil` when absent or `null`.
    func optionalScreen(_ name: String) throws(ServiceError) -> Screen? {
        guard let value = object[name], !value.isNull else { return nil }
        return try ModelDecoding.screen(value, path: name)
    }

    /// A required array of screen objects, each decoded and validated, with distinct identifiers.
    func screens(_ name: String) throws(ServiceError) -> [Screen] {
        guard let values = object[name]?.arrayValue else { throw .invalidValue(name, "Give '\(name)' as an array.") }
        return try ModelDecoding.screens(values, path: name)
    }

    /// The animator rules of `name`; `nil` when absent or `null`.
    func rules(_ name: String) throws(ServiceError) -> [AnimatorRule]? {
        guard let values = object[name]?.arrayValue else { return nil }
        return try ModelDecoding.rules(values, path: name)
    }

    /// The operation options shared by the navigation methods: `animated`, `animator`, `sourceNode`.
    func operationOptions() throws(ServiceError) -> OperationOptions {
        let animator = optionalString("animator")
        if let animator, animator.isEmpty || animator.utf8.count > AnimatorSpecification.maximumNameLength {
            throw .invalidValue("animator", "Name an animator with 1 to 64 bytes, or leave 'animator' out.")
        }
        let sourceNode = optionalString("sourceNode")
        if let sourceNode, !Self.isValidIdentifier(sourceNode) {
            throw .invalidValue("sourceNode", "Give 'sourceNode' as a node identifier of 1 to 256 bytes.")
        }
        return OperationOptions(
            animated: bool("animated", default: true), animator: animator,
            sourceNode: sourceNode.map { NodeID(rawValue: $0) })
    }
}
