import JSON
import TransitionCore

extension StackState {
    /// The stored form: the JSON of the `Codable` state (screens with their full node trees, tabs, modal
    /// layer and its presentation styles, container size, rules, policy, the Reduce Motion setting when
    /// the stack has one, custom presentations and the owner's uid when not 0), the text
    /// `JSONWriter.write(JSONValueEncoder().encode(state))` gives byte for byte, written directly: every
    /// committed change writes the whole state, and through `Codable`'s containers that was most of
    /// a transition's cost (docs/engine.md, "Persistence"). Runs on the store's writer thread.
    ///
    /// - Throws: `JSONError` for a number that is not finite or nodes nested too deep, which a validated
    ///   state does not have.
    func encodedForStore() throws(JSONError) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1_024)
        JSONWriter.appendLiteral(#"{"id":"#, into: &bytes)
        JSONWriter.appendString(id.rawValue, into: &bytes)
        JSONWriter.appendLiteral(#","tabs":["#, into: &bytes)
        for tabIndex in tabs.indices {
            if tabIndex > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
            JSONWriter.appendLiteral(#"{"id":"#, into: &bytes)
            JSONWriter.appendString(tabs[tabIndex].id.rawValue, into: &bytes)
            JSONWriter.appendLiteral(#","screens":"#, into: &bytes)
            try Self.append(tabs[tabIndex].screens, into: &bytes)
            JSONWriter.appendLiteral("}", into: &bytes)
        }
        JSONWriter.appendLiteral(#"],"selectedTab":"#, into: &bytes)
        JSONWriter.appendNumber(Double(selectedTab), into: &bytes)
        JSONWriter.appendLiteral(#","presented":"#, into: &bytes)
        try Self.append(presented, into: &bytes)
        JSONWriter.appendLiteral(#","presentationStyles":["#, into: &bytes)
        for styleIndex in presentationStyles.indices {
            if styleIndex > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
            JSONWriter.appendString(presentationStyles[styleIndex].rawValue, into: &bytes)
        }
        JSONWriter.appendLiteral("]", into: &bytes)
        JSONWriter.appendLiteral(#","containerSize":["#, into: &bytes)
        try JSONWriter.appendFiniteNumber(containerSize.width, parameter: "containerSize", into: &bytes)
        JSONWriter.appendLiteral(",", into: &bytes)
        try JSONWriter.appendFiniteNumber(containerSize.height, parameter: "containerSize", into: &bytes)
        JSONWriter.appendLiteral(#"],"rules":["#, into: &bytes)
        for ruleIndex in rules.indices {
            if ruleIndex > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
            rules[ruleIndex].appendJSON(into: &bytes)
        }
        JSONWriter.appendLiteral(#"],"policy":"#, into: &bytes)
        JSONWriter.appendString(policy.rawValue, into: &bytes)
        if let reduceMotion {
            JSONWriter.appendLiteral(reduceMotion ? #","reduceMotion":true"# : #","reduceMotion":false"#, into: &bytes)
        }
        if !customPresentations.isEmpty {
            // Rare and small: through the encoder, which writes the same text.
            JSONWriter.appendLiteral(#","customPresentations":"#, into: &bytes)
            let value: JSONValue
            do {
                value = try JSONValueEncoder().encode(customPresentations)
            } catch {
                throw JSONError(
                    code: .nonFiniteNumber, message: "A custom presentation could not be encoded: \(error).", offset: 0,
                    parameter: "customPresentations")
            }
            try JSONWriter.write(value, into: &bytes)
        }
        if ownerUid != 0 {
            JSONWriter.appendLiteral(#","ownerUid":"#, into: &bytes)
            JSONWriter.appendNumber(Double(ownerUid), into: &bytes)
        }
        JSONWriter.appendLiteral("}", into: &bytes)
        return bytes
    }

    /// Appends `screens` as a JSON array, each screen read where it is stored.
    private static func append(_ screens: [Screen], into bytes: inout [UInt8]) throws(JSONError) {
        JSONWriter.appendLiteral("[", into: &bytes)
        for index in screens.indices {
            if index > 0 { JSONWriter.appendLiteral(",", into: &bytes) }
            try screens[index].appendJSON(into: &bytes)
        }
        JSONWriter.appendLiteral("]", into: &bytes)
    }

    /// Decodes a stored state and validates it like a new one: parsed by this package's reader, read by
    /// `init?(readingJSON:)`, and through `Codable` when that reader leaves the state to it (a form the
    /// stored-form writer does not produce, as a state written by an earlier version may have, or a state
    /// that does not decode, for the error).
    init(storedBytes bytes: [UInt8]) throws(TransitionEngineError) {
        let decoded: StackState
        do {
            // A state nests its screens deeper than the call that sent them and holds many screens: the
            // defaults for a call could refuse a state that was written (docs/engine.md, "Persistence").
            let value = try JSONReader.parse(bytes, limits: .forWrittenText(byteCount: bytes.count))
            decoded = try StackState(readingJSON: value) ?? JSONValueDecoder().decode(StackState.self, from: value)
        } catch {
            throw TransitionEngineError(
                .corruptState, "A stored stack could not be decoded and was skipped.", parameter: "stateDirectory",
                cause: "\(error)")
        }
        try decoded.validate()
        self = decoded
    }

    /// The most bytes a stack's stored form may take (64 MiB less a record's header and the longest
    /// stack id): what one record of the state directory holds, and the highest
    /// `TransitionEngine.Limits.storedBytesPerStack`. The node budget does not bound it (a screen's styles
    /// are free-form).
    public static let maximumStoredBytes =
        StateRecord.maximumBodySize - StateRecord.bodyPrefixSize - StackID.maximumLength

    /// The store change that writes this state, refused with `limitExceeded` (`storedStateBytes`,
    /// `parameter` "storedState") when it would take more than `maximumBytes` and more than the stack's
    /// stored form took before: a limit lowered below a stack's size lets it shrink, never grow.
    func storeChange(maximumBytes: Int) -> StateStore.Change {
        let state = self
        return .boundedPut(key: id.rawValue, maximumBytes: maximumBytes) { try state.encodedForStore() }
    }
}

extension AnimatorRule {
    /// Appends the rule's JSON form as its synthesized `encode(to:)` writes it: the optional matches only
    /// when present, in declaration order.
    fileprivate func appendJSON(into bytes: inout [UInt8]) {
        JSONWriter.appendLiteral("{", into: &bytes)
        var keys = KeySeparator()
        if let operation {
            keys.appendKey(#""operation":"#, into: &bytes)
            JSONWriter.appendString(operation.rawValue, into: &bytes)
        }
        if let fromKind {
            keys.appendKey(#""fromKind":"#, into: &bytes)
            JSONWriter.appendString(fromKind, into: &bytes)
        }
        if let toKind {
            keys.appendKey(#""toKind":"#, into: &bytes)
            JSONWriter.appendString(toKind, into: &bytes)
        }
        if let fromScreen {
            keys.appendKey(#""fromScreen":"#, into: &bytes)
            JSONWriter.appendString(fromScreen.rawValue, into: &bytes)
        }
        if let toScreen {
            keys.appendKey(#""toScreen":"#, into: &bytes)
            JSONWriter.appendString(toScreen.rawValue, into: &bytes)
        }
        keys.appendKey(#""animator":"#, into: &bytes)
        JSONWriter.appendString(animator, into: &bytes)
        keys.appendKey(interactive ? #""interactive":true"# : #""interactive":false"#, into: &bytes)
        JSONWriter.appendLiteral("}", into: &bytes)
    }
}

/// Writes the comma before every key of an object but the first.
private struct KeySeparator {
    private var first = true

    mutating func appendKey(_ key: StaticString, into bytes: inout [UInt8]) {
        if !first { JSONWriter.appendLiteral(",", into: &bytes) }
        first = false
        JSONWriter.appendLiteral(key, into: &bytes)
    }
}
