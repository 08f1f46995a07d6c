import CoreFuzzSupport
import FuzzSupport
import JSON
import TransitionCore

/// TransitionCore's animator decoder on arbitrary bytes, read as JSON as `DefineAnimator` reads them.
/// Properties: a decoded animator encodes and decodes to an equal animator, and every variant it has,
/// and what each operation runs with Reduce Motion (its reduced variant, else a cross-fade of its
/// duration), compiles against the fixed screens (or is rejected with an error) into a plan that samples
/// cleanly (see `PlanCheck`); a resize variant runs on one screen turned from landscape to portrait; a
/// presentation that resolves gives a finite frame with an area, in which the presented screen's present and
/// dismiss compile and sample cleanly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnimator(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzInput(data, size).bytes
    guard let value = try? JSONReader.parse(input),
        let animator = try? JSONValueDecoder().decode(AnimatorSpecification.self, from: value)
    else { return 0 }
    checkRoundTrip(animator, input: input)
    let checker = PlanCheck(input: input, requiresFiniteGeometry: true)
    for operation in animator.operations {
        let forward = operation == .push || operation == .present || operation == .selectTab
        // A resize lays one screen out at two sizes: the old one is the container turned a quarter.
        let resize = operation == .resize
        let from = forward || resize ? FuzzScreens.photos : FuzzScreens.photo
        let to = forward ? FuzzScreens.photo : FuzzScreens.photos
        for reducingMotion in [false, true] {
            checker.checkWithExtremeContainers(
                TransitionRequest(
                    animator: animator, operation: operation, from: from, to: to,
                    containerSize: FuzzScreens.containerSize, sourceNode: forward ? FuzzScreens.sourceNode : nil,
                    reducingMotion: reducingMotion, fromContainerSize: resize ? FuzzScreens.turnedContainerSize : nil))
        }
    }
    if let presentation = animator.presentation,
        let resolved = try? presentation.resolved(in: FuzzScreens.containerSize)
    {
        // A presentation that resolves places the presented screen in a finite frame with an area, and
        // its present and dismiss compile (or are rejected) and sample cleanly with the screen there.
        let frame = resolved.frame
        fuzzCheck(
            frame.origin.x.isFinite && frame.origin.y.isFinite && frame.size.width.isFinite
                && frame.size.height.isFinite && frame.size.width > 0 && frame.size.height > 0,
            "a resolved presentation has the frame \(frame)", input: input)
        fuzzCheck(
            resolved.chrome.allSatisfy { (0...1).contains($0.alpha) && $0.frame.size.width > 0 },
            "resolved chrome out of range: \(resolved.chrome)", input: input)
        for operation in [TransitionOperation.present, .dismiss] where animator.supports(operation) {
            let forward = operation == .present
            checker.checkWithExtremeContainers(
                TransitionRequest(
                    animator: animator, operation: operation, from: forward ? FuzzScreens.photos : FuzzScreens.photo,
                    to: forward ? FuzzScreens.photo : FuzzScreens.photos, containerSize: FuzzScreens.containerSize,
                    containerLayout: ContainerLayout(
                        fromFrame: forward ? nil : frame, toFrame: forward ? frame : nil,
                        beneath: [SettledScreen(FuzzScreens.photo)], beneathChrome: resolved.chrome)))
        }
    }
    return 0
}

private func checkRoundTrip(_ animator: AnimatorSpecification, input: [UInt8]) {
    do {
        let encoded = try JSONValueEncoder().encode(animator)
        let decoded = try JSONValueDecoder().decode(AnimatorSpecification.self, from: encoded)
        fuzzCheck(decoded == animator, "the animator changed in a round trip: \(animator) to \(decoded)", input: input)
    } catch {
        fuzzFailure("a decoded animator does not round trip: \(error)", input: input)
    }
}
