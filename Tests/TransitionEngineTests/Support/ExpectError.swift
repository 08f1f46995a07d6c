import Testing
import TransitionEngine

/// Expects `body` to throw a `TransitionEngineError` with `code` (naming `parameter`, when given).
func expectError(
    _ code: TransitionEngineError.Code, parameter: String? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(code), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as TransitionEngineError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        if let parameter { #expect(error.parameter == parameter, "\(error)", sourceLocation: sourceLocation) }
    } catch {
        Issue.record("expected \(code), got \(error)", sourceLocation: sourceLocation)
    }
}
