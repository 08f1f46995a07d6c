import JSON

extension Screen {
    /// The screen `value` describes, read without `Codable`'s containers: the screen
    /// `JSONValueDecoder().decode(Screen.self, from: value)` gives, or nil where that throws and for the flat
    /// `nodes` form, which this reader leaves to the decoder. A caller falls back to the decoder on nil, for
    /// the screen or for the error naming what is wrong. Not validated: call ``validate()`` as after
    /// decoding.
    ///
    /// Through the decoder, reading a stored stack's screens was most of what restoring the stack cost;
    /// this way it is about a third (docs/engine.md, "Persistence").
    public init?(readingJSON value: JSONValue) {
        guard case .object(let object) = value, object.index(forKey: "nodes") == nil,
            case .string(let id)? = object["id"], let rootValue = object["root"],
            let root = Node(readingJSON: rootValue)
        else { return nil }
        var kind = ""
        if let kindValue = object.valueIfPresent(forKey: "kind") {
            guard case .string(let given) = kindValue else { return nil }
            kind = given
        }
        self.init(id: ScreenID(rawValue: id), kind: kind, root: root)
    }
}

extension Node {
    /// The node `value` describes, read as `init(from:)` decodes it (absent and `null` members take their
    /// defaults), or nil where that throws.
    init?(readingJSON value: JSONValue) {
        guard case .object(let object) = value, case .string(let id)? = object["id"],
            let frameValue = object["frame"], let frame = Rect(readingJSON: frameValue)
        else { return nil }
        self.init(id: NodeID(rawValue: id), frame: frame)
        if let autoresizingValue = object.valueIfPresent(forKey: "autoresizing") {
            guard let autoresizing = Autoresizing(readingJSON: autoresizingValue) else { return nil }
            self.autoresizing = autoresizing
        }
        if let anchorValue = object.valueIfPresent(forKey: "anchorPoint") {
            guard let anchorPoint = Point(readingJSON: anchorValue) else { return nil }
            self.anchorPoint = anchorPoint
        }
        if let transformValue = object.valueIfPresent(forKey: "transform") {
            guard let functions = transformValue.arrayElements(TransformFunction.init(readingJSON:)) else {
                return nil
            }
            transformFunctions = functions
        }
        if let alphaValue = object.valueIfPresent(forKey: "alpha") {
            guard case .number(let alpha) = alphaValue else { return nil }
            self.alpha = alpha
        }
        if let hiddenValue = object.valueIfPresent(forKey: "hidden") {
            guard case .bool(let hidden) = hiddenValue else { return nil }
            self.hidden = hidden
        }
        if let zIndexValue = object.valueIfPresent(forKey: "zIndex") {
            guard case .number(let zIndex) = zIndexValue else { return nil }
            self.zIndex = zIndex
        }
        var hasAppearance = false
        guard let appearance = NodeAppearance(readingJSON: object, found: &hasAppearance) else { return nil }
        if hasAppearance { self.appearance = appearance }
        if let sharedValue = object.valueIfPresent(forKey: "sharedID") {
            guard case .string(let sharedID) = sharedValue else { return nil }
            self.sharedID = sharedID
        }
        style = object.valueIfPresent(forKey: "style")
        if let childrenValue = object.valueIfPresent(forKey: "children") {
            guard let children = childrenValue.arrayElements(Node.init(readingJSON:)) else { return nil }
            self.children = children
        }
    }
}
