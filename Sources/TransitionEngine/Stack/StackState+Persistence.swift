import FoundationEssentials

extension StackState {
    /// The stored form: JSON of the `Codable` state (screens with their full node trees, tabs, modal layer,
    /// container size, rules, policy). Runs on the store's writer thread.
    func encodedForStore() throws -> [UInt8] { Array(try JSONEncoder().encode(self)) }

    /// Decodes a stored state and validates it like a new one.
    init(storedBytes bytes: [UInt8]) throws(TransitionEngineError) {
        let decoded: StackState
        do {
            decoded = try JSONDecoder().decode(StackState.self, from: Data(bytes))
        } catch {
            throw TransitionEngineError(
                .corruptState, "A stored stack could not be decoded and was skipped.", parameter: "stateDirectory",
                cause: "\(error)")
        }
        try decoded.validate()
        self = decoded
    }

    /// The store change that writes this state.
    var storeChange: StateStore.Change {
        let state = self
        return .put(key: id.rawValue) { try state.encodedForStore() }
    }
}
