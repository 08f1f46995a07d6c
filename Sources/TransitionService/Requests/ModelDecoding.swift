import JSON
import TransitionCore
import TransitionEngine

/// Decoding of the model's JSON objects (screens, animators, rules, tabs) from call parameters, with
/// errors that name the field at fault from the top of the call's parameters
/// (`screen.root.children[2].alpha`).
enum ModelDecoding {
    /// Decodes and validates a screen found at `path`: read directly (`Screen(readingJSON:)`), and through
    /// `Codable` for the flat `nodes` form or to say what is wrong.
    ///
    /// - Throws: `InvalidScreen` with the path of the first bad field.
    static func screen(_ value: JSONValue, path: String) throws(ServiceError) -> Screen {
        let screen: Screen
        do {
            screen = try Screen(readingJSON: value) ?? JSONValueDecoder().decode(Screen.self, from: value)
        } catch {
            let (at, reason) = describe(error)
            throw ServiceError(.invalidScreen, "Fix the screen: \(reason).", parameter: join(path, at))
        }
        do {
            try screen.validate()
        } catch {
            throw ServiceError(
                .invalidScreen, "Fix the screen: \(error.message).",
                parameter: join(path, sentParameter(error.parameter, of: screen, sent: value)))
        }
        return screen
    }

    /// `parameter`, a path in the nested form (`root.children[0].alpha`), as the client wrote it: for a
    /// screen sent in the flat form, the entry of `nodes` holding that node (`nodes[1].alpha`).
    static func sentParameter(_ parameter: String, of screen: Screen, sent value: JSONValue) -> String {
        guard let entries = value["nodes"]?.arrayValue, parameter.hasPrefix("root") else { return parameter }
        var node = screen.root
        var rest = parameter.dropFirst("root".count)
        let step = ".children["
        while rest.hasPrefix(step), let close = rest.firstIndex(of: "]"),
            let index = Int(rest[rest.index(rest.startIndex, offsetBy: step.count)..<close]),
            node.children.indices.contains(index)
        {
            node = node.children[index]
            rest = rest[rest.index(after: close)...]
        }
        guard let entry = entries.firstIndex(where: { $0["id"]?.stringValue == node.id.rawValue }) else {
            return parameter
        }
        return "nodes[\(entry)]" + rest
    }

    /// Decodes and validates every screen of an array found at `path`.
    static func screens(_ values: [JSONValue], path: String) throws(ServiceError) -> [Screen] {
        var screens: [Screen] = []
        screens.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            screens.append(try screen(value, path: "\(path)[\(index)]"))
        }
        return screens
    }

    /// Decodes an animator specification (DefineAnimator's `animator`).
    ///
    /// - Throws: `InvalidAnimator` with the path of the first bad field.
    static func animator(_ value: JSONValue, path: String) throws(ServiceError) -> AnimatorSpecification {
        do {
            return try JSONValueDecoder().decode(AnimatorSpecification.self, from: value)
        } catch {
            let (at, reason) = describe(error)
            throw ServiceError(.invalidAnimator, "Fix the animator: \(reason).", parameter: join(path, at))
        }
    }

    /// Decodes the IDL's `AnimatorRule` objects.
    static func rules(_ values: [JSONValue], path: String) throws(ServiceError) -> [AnimatorRule] {
        var rules: [AnimatorRule] = []
        for (index, value) in values.enumerated() {
            let at = "\(path)[\(index)]"
            let fields = CallParameters(value.objectValue ?? JSONObject())
            let animator = try fields.string("animator")
            guard !animator.isEmpty, animator.utf8.count <= AnimatorSpecification.maximumNameLength else {
                throw .invalidValue(at + ".animator", "Name an animator with 1 to 64 bytes in every rule.")
            }
            var operation: TransitionOperation?
            if let text = fields.optionalString("operation") {
                operation = TransitionOperation(rawValue: text)
                if operation == nil {
                    throw .invalidValue(
                        at + ".operation", "Give push, pop, present, dismiss, selectTab or resize, or null.")
                }
            }
            rules.append(
                AnimatorRule(
                    operation: operation, fromKind: fields.optionalString("fromKind"),
                    toKind: fields.optionalString("toKind"),
                    fromScreen: fields.optionalString("fromScreen").map { ScreenID(rawValue: $0) },
                    toScreen: fields.optionalString("toScreen").map { ScreenID(rawValue: $0) }, animator: animator,
                    interactive: fields.bool("interactive", default: true)))
        }
        return rules
    }

    /// Joins a parameter path and a path inside it.
    static func join(_ path: String, _ inner: String) -> String {
        if inner.isEmpty { return path }
        if path.isEmpty || inner.hasPrefix("[") { return path + inner }
        return path + "." + inner
    }

    /// The coding path of a decoding error (`root.children[2].frame`) and its reason.
    static func describe(_ error: any Error) -> (path: String, reason: String) {
        guard let decodingError = error as? DecodingError else { return ("", "\(error)") }
        switch decodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return (render(context.codingPath), reason(context))
        case .keyNotFound(let key, let context):
            return (render(context.codingPath + [key]), "required field \"\(key.stringValue)\" is missing")
        @unknown default:
            return ("", "\(error)")
        }
    }

    private static func reason(_ context: DecodingError.Context) -> String {
        guard let underlying = context.underlyingError else { return context.debugDescription }
        return context.debugDescription + " (\(underlying))"
    }

    private static func render(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
