import CoreFuzzSupport
import FuzzSupport
import JSON
import TransitionCore

/// TransitionCore's screen decoder on arbitrary bytes, read as JSON as `Push` reads its `screen`.
/// Properties: `Screen(readingJSON:)` reads the screen the decoder reads, and nothing where the decoder
/// throws; a decoded screen encodes and decodes to an equal screen; validation never traps; a valid
/// screen's settled layout (its nodes' autoresizing applied) is finite, and transitions to and from it with
/// the built-in animators, and its resize from the container turned a quarter, compile (or are rejected
/// with an error) into plans that sample cleanly (see `PlanCheck`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScreen(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size).bytes
    guard let value = try? JSONReader.parse(input) else { return 0 }
    let decoded = try? JSONValueDecoder().decode(Screen.self, from: value)
    checkDirectReading(value, decoded: decoded, input: input)
    guard let screen = decoded else { return 0 }
    checkRoundTrip(screen, input: input)
    guard (try? screen.validate()) != nil else { return 0 }
    let checker = PlanCheck(input: input, requiresFiniteGeometry: true)
    for node in SettledLayout.nodes(of: screen, containerSize: FuzzScreens.containerSize) {
        checker.checkFinite(node, what: "the settled layout")
    }
    let size = FuzzScreens.containerSize
    let requests = [
        TransitionRequest(
            animator: BuiltinAnimators.zoom, operation: .push, from: FuzzScreens.photos, to: screen,
            containerSize: size, sourceNode: FuzzScreens.sourceNode),
        TransitionRequest(
            animator: BuiltinAnimators.zoom, operation: .pop, from: screen, to: FuzzScreens.photos,
            containerSize: size),
        TransitionRequest(
            animator: BuiltinAnimators.magicMove, operation: .push, from: FuzzScreens.photos, to: screen,
            containerSize: size),
        TransitionRequest(
            animator: BuiltinAnimators.magicMove, operation: .pop, from: screen, to: FuzzScreens.photo,
            containerSize: size),
        TransitionRequest(
            animator: BuiltinAnimators.pageTurn, operation: .push, from: screen, to: FuzzScreens.photo,
            containerSize: size),
        TransitionRequest(
            animator: BuiltinAnimators.slideUp, operation: .present, from: FuzzScreens.photo, to: screen,
            containerSize: size),
        TransitionRequest(
            animator: BuiltinAnimators.slide, operation: .push, from: screen, to: FuzzScreens.photo,
            containerSize: size, sourceNode: screen.root.id),
        TransitionRequest(
            animator: BuiltinAnimators.resize, operation: .resize, from: screen, to: screen, containerSize: size,
            fromContainerSize: FuzzScreens.turnedContainerSize),
        TransitionRequest(
            animator: BuiltinAnimators.resize, operation: .resize, from: screen, to: screen, containerSize: size,
            reducingMotion: true, fromContainerSize: FuzzScreens.turnedContainerSize),
    ]
    for request in requests { checker.checkWithExtremeContainers(request) }
    return 0
}

private func checkRoundTrip(_ screen: Screen, input: [UInt8]) {
    do {
        let encoded = try JSONValueEncoder().encode(screen)
        let decoded = try JSONValueDecoder().decode(Screen.self, from: encoded)
        fuzzCheck(decoded == screen, "the screen changed in a round trip: \(screen) to \(decoded)", input: input)
    } catch {
        fuzzFailure("a decoded screen does not round trip: \(error)", input: input)
    }
}

/// The direct reader against the decoder: the same screen where both read one, nil where the decoder
/// throws, and nil where the decoder reads one only for the flat `nodes` form, which it leaves to it.
private func checkDirectReading(_ value: JSONValue, decoded: Screen?, input: [UInt8]) {
    let direct = Screen(readingJSON: value)
    if let direct {
        fuzzCheck(
            decoded == direct, "the direct reader reads \(direct), the decoder \(String(describing: decoded))",
            input: input)
    } else if decoded != nil {
        fuzzCheck(
            value["nodes"] != nil, "the direct reader leaves a screen in the nested form to the decoder", input: input)
    }
}
