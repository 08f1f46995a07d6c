import TransitionCore

extension TransitionEngine {
    /// The most a client can make the engine hold: stacks, and per stack its screens, tabs, nodes, rules,
    /// queued operations, subscribers and stored bytes. Each is named in the `limitExceeded` error it
    /// causes (`TransitionEngineError.exceededLimit`); `setLimits` changes them while the engine runs.
    ///
    /// A limit refuses growth, never what exists: a stack restored or made under a higher limit keeps its
    /// screens and may still shrink, but nothing it gains may take it further over.
    public struct Limits: Sendable, Hashable {
        /// The most stacks at once (default 100,000).
        public var stacks: Int
        /// The most subscribers of one stack (default 1,024).
        public var subscribersPerStack: Int
        /// The most screens one stack holds: every tab's and the presented ones (default 64).
        public var screensPerStack: Int
        /// The most tabs one stack has (default 16).
        public var tabsPerStack: Int
        /// The most nodes of one screen (default 1,024, at most `Screen.maximumNodeCount`, 4,096): reading,
        /// validating and compiling a push between two screens of 1,024 nodes takes about 5 ms, within a
        /// frame at 120 Hz; of 4,096, 19 ms (`core.limits.screen`).
        public var nodesPerScreen: Int
        /// The most nodes across all of a stack's screens (default 16,384).
        public var nodesPerStack: Int
        /// The most animator rules of one stack (default 64).
        public var rulesPerStack: Int
        /// The most operations waiting behind a stack's running transition (default 64).
        public var queuedOperationsPerStack: Int
        /// The most bytes a stack's stored form (its JSON, styles included) may take (default 1 MiB, at
        /// most `StackState.maximumStoredBytes`). Checked when a change is written, so a change past it
        /// fails there; a stack already larger may be written again no larger than it was.
        public var storedBytesPerStack: Int

        /// Creates limits; every one defaults to the value its property documents.
        public init(
            stacks: Int = 100_000, subscribersPerStack: Int = 1_024, screensPerStack: Int = 64, tabsPerStack: Int = 16,
            nodesPerScreen: Int = 1_024, nodesPerStack: Int = 16_384, rulesPerStack: Int = 64,
            queuedOperationsPerStack: Int = 64, storedBytesPerStack: Int = 1 << 20
        ) {
            self.stacks = stacks
            self.subscribersPerStack = subscribersPerStack
            self.screensPerStack = screensPerStack
            self.tabsPerStack = tabsPerStack
            self.nodesPerScreen = nodesPerScreen
            self.nodesPerStack = nodesPerStack
            self.rulesPerStack = rulesPerStack
            self.queuedOperationsPerStack = queuedOperationsPerStack
            self.storedBytesPerStack = storedBytesPerStack
        }

        /// Checks that every limit is at least 1 and within what the formats allow (`nodesPerScreen` at
        /// most `Screen.maximumNodeCount`, `storedBytesPerStack` at most `StackState.maximumStoredBytes`).
        ///
        /// - Throws: `invalidParameter` naming the first limit out of range.
        public func validate() throws(TransitionEngineError) {
            let ranges: [(String, Int, ClosedRange<Int>)] = [
                ("stacks", stacks, 1...Int(Int32.max)),
                ("subscribersPerStack", subscribersPerStack, 1...Int(Int32.max)),
                ("screensPerStack", screensPerStack, 1...Int(Int32.max)),
                ("tabsPerStack", tabsPerStack, 1...Int(Int32.max)),
                ("nodesPerScreen", nodesPerScreen, 1...Screen.maximumNodeCount),
                ("nodesPerStack", nodesPerStack, 1...Int(Int32.max)),
                ("rulesPerStack", rulesPerStack, 1...Int(Int32.max)),
                ("queuedOperationsPerStack", queuedOperationsPerStack, 1...Int(Int32.max)),
                ("storedBytesPerStack", storedBytesPerStack, 1...StackState.maximumStoredBytes),
            ]
            for (name, value, range) in ranges where !range.contains(value) {
                throw TransitionEngineError(
                    .invalidParameter,
                    "Give \(name) a value in \(range.lowerBound)...\(range.upperBound), not \(value).",
                    parameter: name)
            }
        }
    }
}

/// The limit a `limitExceeded` error reached: its name as the wire error's `limit` field gives it, and
/// its value when the error happened.
public struct ExceededLimit: Sendable, Equatable {
    /// The limit's name: `stacks`, `subscribersPerStack`, `screensPerStack`, `tabsPerStack`,
    /// `nodesPerScreen`, `nodesPerStack`, `rulesPerStack`, `queuedOperations`, `storedStateBytes` or
    /// `subscriberEvents` (a subscription's event queue, `StackSubscription`'s capacity).
    public var name: String
    /// The limit's value: the most allowed.
    public var maximum: Int

    /// Creates a description of the limit `name` at `maximum`.
    public init(_ name: String, maximum: Int) {
        self.name = name
        self.maximum = maximum
    }
}

extension TransitionEngineError {
    /// `limitExceeded` for `limit`, blaming `parameter`.
    static func limitExceeded(_ limit: ExceededLimit, _ message: String, parameter: String) -> TransitionEngineError {
        var error = TransitionEngineError(.limitExceeded, message, parameter: parameter)
        error.exceededLimit = limit
        return error
    }
}
