import JSON
import Testing
import TransitionCore
import TransitionTestSupport

/// Hostile animators never trap: every built-in's JSON, mutated at random (numbers replaced by extremes,
/// keys dropped, strings replaced, arrays emptied), is either rejected with a named error or compiles to a
/// plan whose samples can be taken and written.
@Suite("Animator mutations")
struct AnimatorMutationTests {
    static let numbers: [Double] = [0, -1, -0.5, 1e-300, 1e300, -1e300, 2, 1e6, 0.5, 600.5, -600]
    static let strings = [
        "from", "to", "snapshot", "sharedTo", "source", "container", "container/dimming", "from/tile3", "to/nope",
        "0/0", "-pi", "containerWidth * 1e300", "push", "", "linear", "jumpNone",
    ]

    static func mutate(_ value: JSONValue, using generator: inout SeededGenerator, depth: Int = 0)
        -> JSONValue
    {
        let roll = Int.random(in: 0..<100, using: &generator)
        switch value {
        case .number where roll < 6:
            return .number(numbers.randomElement(using: &generator)!)
        case .string where roll < 4:
            return .string(strings.randomElement(using: &generator)!)
        case .array(let elements):
            if roll < 2 { return .array([]) }
            if roll < 4, let first = elements.first { return .array(elements + [first]) }
            return .array(elements.map { mutate($0, using: &generator, depth: depth + 1) })
        case .object(let object):
            var result = JSONObject()
            for (key, element) in object {
                let drop = Int.random(in: 0..<1000, using: &generator) < 5
                if !drop { result[key] = mutate(element, using: &generator, depth: depth + 1) }
            }
            return .object(result)
        default:
            return value
        }
    }

    @Test func mutatedBuiltinsNeverTrap() throws {
        let index = try SeedScreens.load("seed000-index"), detail = try SeedScreens.load("seed000-detail")
        let photos = try SeedScreens.load("seed002-photos"), photo = try SeedScreens.load("seed002-photo")
        var generator = SeededGenerator(seed: 2026)
        var rejected = 0, compiled = 0
        for round in 0..<400 {
            let original = BuiltinAnimators.all[round % BuiltinAnimators.all.count]
            let mutated = Self.mutate(try JSONValueEncoder().encode(original), using: &generator)
            let animator: AnimatorSpecification
            do {
                animator = try JSONValueDecoder().decode(AnimatorSpecification.self, from: mutated)
            } catch {
                #expect(!JSONValueDecoder.describe(error).isEmpty)
                rejected += 1
                continue
            }
            for operation in animator.operations {
                let shared = round % 2 == 0
                let request = TransitionRequest(
                    animator: animator, operation: operation, from: shared ? photos : index,
                    to: shared ? photo : detail,
                    containerSize: SeedScreens.containerSize, sourceNode: shared ? nil : "tile3")
                do {
                    let plan = try TransitionPlan(compiling: request)
                    var buffer: [NodeState] = []
                    for step in 0...4 { plan.sample(at: plan.duration * Double(step) / 4, into: &buffer) }
                    _ = Frame(stack: "s", index: 0, time: 0, transition: nil, nodes: buffer).json
                    compiled += 1
                } catch {
                    #expect(!error.parameter.isEmpty && !error.message.isEmpty, "seed \(generator.seed) round \(round)")
                    rejected += 1
                }
            }
        }
        // Both outcomes must occur, or the mutations are not exercising anything.
        #expect(rejected > 50 && compiled > 50, "rejected \(rejected), compiled \(compiled)")
    }

    @Test func overlongTransitionsAreRejected() throws {
        let animator = AnimatorSpecification(
            name: "slow", variants: [.push: TransitionScript(duration: 1, phases: [Phase(duration: 601, tracks: [])])])
        let request = TransitionRequest(
            animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
            to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize)
        #expect(throws: TransitionCoreError.self) { try TransitionPlan(compiling: request) }
    }
}
