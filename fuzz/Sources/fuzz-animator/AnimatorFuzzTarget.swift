import CoreFuzzSupport
import FuzzSupport
import JSON
import TransitionCore

/// TransitionCore's animator decoder on arbitrary bytes, read as JSON as `DefineAnimator` reads them.
/// Properties: a decoded animator encodes and decodes to an equal animator, and every variant it has,
/// and what each operation runs with Reduce Motion (its reduced variant, else a cross-fade of its
/// duration), compiles against the fixed screens (or is rejected with an error) into a plan that samples
/// cleanly (see `PlanCheck`); a resize variant runs on one screen turned from landscape to portrait.
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
