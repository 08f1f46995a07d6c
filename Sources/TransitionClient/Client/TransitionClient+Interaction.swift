import JSON
import TransitionCore

/// How the rest of an interactive transition runs after FinishInteractive or CancelInteractive.
public struct InteractionRelease: Sendable, Equatable {
    /// The gesture's velocity in fractions per second, positive toward completion (a spring then
    /// continues it), or nil for the completion curve.
    public var velocity: Double?
    /// Divides the remaining time; positive (default 1).
    public var completionSpeed: Double?
    /// `linear`, `easeIn`, `easeOut` or `easeInEaseOut` (the default).
    public var completionCurve: String?

    /// Creates release parameters.
    public init(velocity: Double? = nil, completionSpeed: Double? = nil, completionCurve: String? = nil) {
        self.velocity = velocity
        self.completionSpeed = completionSpeed
        self.completionCurve = completionCurve
    }
}

extension TransitionClient {
    /// Begins an interactive transition paused at fraction 0.
    ///
    /// - Parameters:
    ///   - operation: `push`, `pop`, `present`, `dismiss` or `selectTab`.
    ///   - screen: the screen to push or present (required for those).
    ///   - tab: the tab to select (required for selectTab).
    ///   - toScreen: for pop, the screen to pop to (default the one below the top).
    ///   - onDisconnect: `cancel` (default) or `finish`: what happens if this connection closes first.
    @discardableResult
    public func beginInteractive(
        _ operation: String, on stack: String, screen: Screen? = nil, tab: String? = nil, toScreen: String? = nil,
        animator: String? = nil, sourceNode: String? = nil, onDisconnect: String? = nil
    ) throws(TransitionClientError) -> OperationResult {
        var parameters: JSONObject = ["stack": .string(stack), "operation": .string(operation)]
        if let screen { parameters["screen"] = try Self.encode(screen) }
        if let tab { parameters["tab"] = .string(tab) }
        if let toScreen { parameters["toScreen"] = .string(toScreen) }
        if let animator { parameters["animator"] = .string(animator) }
        if let sourceNode { parameters["sourceNode"] = .string(sourceNode) }
        if let onDisconnect { parameters["onDisconnect"] = .string(onDisconnect) }
        return try self.operation("BeginInteractive", parameters)
    }

    /// Moves the interactive transition of `stack` to `fraction` (0 to 1). With `oneway` (the default,
    /// for gesture streams) nothing is awaited and errors are not reported; updates coalesce.
    public func updateInteractive(_ fraction: Double, on stack: String, oneway: Bool = true)
        throws(TransitionClientError)
    {
        let parameters: JSONObject = ["stack": .string(stack), "fraction": .number(fraction)]
        if oneway {
            try callOneway("UpdateInteractive", parameters)
        } else {
            _ = try call("UpdateInteractive", parameters)
        }
    }

    /// Animates the rest of the interactive transition to its end.
    public func finishInteractive(_ stack: String, _ release: InteractionRelease = InteractionRelease())
        throws(TransitionClientError)
    {
        _ = try call("FinishInteractive", Self.parameters(stack, release))
    }

    /// Animates the interactive transition back to its start; the stack stays as it was.
    public func cancelInteractive(_ stack: String, _ release: InteractionRelease = InteractionRelease())
        throws(TransitionClientError)
    {
        _ = try call("CancelInteractive", Self.parameters(stack, release))
    }

    /// Pauses the running transition of `stack`.
    public func pause(_ stack: String) throws(TransitionClientError) {
        _ = try call("Pause", ["stack": .string(stack)])
    }

    /// Resumes the paused transition of `stack`.
    public func resume(_ stack: String) throws(TransitionClientError) {
        _ = try call("Resume", ["stack": .string(stack)])
    }

    /// Reverses the running transition of `stack`.
    public func reverse(_ stack: String) throws(TransitionClientError) {
        _ = try call("Reverse", ["stack": .string(stack)])
    }

    /// Moves the paused transition of `stack` to `fraction` (0 to 1).
    public func scrub(_ stack: String, to fraction: Double) throws(TransitionClientError) {
        _ = try call("Scrub", ["stack": .string(stack), "fraction": .number(fraction)])
    }

    private static func parameters(_ stack: String, _ release: InteractionRelease) -> JSONObject {
        var parameters: JSONObject = ["stack": .string(stack)]
        if let velocity = release.velocity { parameters["velocity"] = .number(velocity) }
        if let speed = release.completionSpeed { parameters["completionSpeed"] = .number(speed) }
        if let curve = release.completionCurve { parameters["completionCurve"] = .string(curve) }
        return parameters
    }
}
