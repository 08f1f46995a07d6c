import JSON
import TransitionCore

extension Evaluator {
    /// The `spring_params` APIs, as the `api` field names them.
    public static let springParameterAPIs = [
        "swiftui_response", "swiftui_duration_bounce", "uikit_duration", "msd_to_duration_bounce",
    ]

    /// `{"kind":"spring","mass","stiffness","damping","v0","t","allow_overdamping":true}` →
    /// `[value, velocity]`.
    func spring(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let fields = try RequestFields(
            request, allowed: ["kind", "mass", "stiffness", "damping", "v0", "t", "allow_overdamping"],
            describing: "kind spring")
        let spring = try Self.physicalSpring(fields)
        let time = try fields.number("t")
        let state = spring.evaluate(at: time)
        return Self.array([state.value, state.velocity])
    }

    /// `{"kind":"spring_uikit","duration","dampingRatio","velocity","t"}` → `[value, velocity]`.
    func uikitSpring(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let fields = try RequestFields(
            request, allowed: ["kind", "duration", "dampingRatio", "velocity", "t"], describing: "kind spring_uikit")
        let spring = try Self.uikitSpring(fields)
        let time = try fields.number("t")
        let state = spring.evaluate(at: time)
        return Self.array([state.value, state.velocity])
    }

    /// `{"kind":"spring_params","api":…}` → `[mass, stiffness, damping]`, or `[duration, bounce]` for
    /// `msd_to_duration_bounce`.
    func springParameters(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let api = try RequestFields.selector(request, field: "api", choices: Self.springParameterAPIs)
        let spring: Spring
        switch api {
        case "swiftui_response":
            let fields = try RequestFields(
                request, allowed: ["kind", "api", "response", "dampingFraction"], describing: "api \(api)")
            let response = try fields.number("response")
            let dampingFraction = try fields.number("dampingFraction")
            do {
                spring = try Spring(response: response, dampingFraction: dampingFraction)
            } catch { throw Self.error(error) }
        case "swiftui_duration_bounce":
            let fields = try RequestFields(
                request, allowed: ["kind", "api", "duration", "bounce"], describing: "api \(api)")
            let duration = try fields.number("duration")
            let bounce = try fields.number("bounce")
            do {
                spring = try Spring(duration: duration, bounce: bounce)
            } catch { throw Self.error(error) }
        case "uikit_duration":
            let fields = try RequestFields(
                request, allowed: ["kind", "api", "duration", "dampingRatio", "velocity"], describing: "api \(api)")
            spring = try Self.uikitSpring(fields)
        case "msd_to_duration_bounce":
            let fields = try RequestFields(
                request, allowed: ["kind", "api", "mass", "stiffness", "damping"], describing: "api \(api)")
            let physical = try Self.physicalSpring(fields)
            let (duration, bounce) = physical.durationAndBounce
            return Self.array([duration, bounce])
        default:
            throw EvaluationError(
                .unknownKind, parameter: "api",
                "unknown api \"\(api)\"; use one of \(Self.springParameterAPIs.joined(separator: ", "))")
        }
        return Self.array([spring.mass, spring.stiffness, spring.damping])
    }

    /// `{"kind":"spring_settle","mass","stiffness","damping","v0","epsilon":0.001,
    /// "allow_overdamping":true}` → seconds, as Core Animation's `settlingDuration` (`epsilon` > 0, clamped
    /// to at least 1e-6 as Core Animation does); a spring that never settles is an error naming `damping`.
    func springSettlingDuration(_ request: JSONValue) throws(EvaluationError) -> JSONValue {
        let fields = try RequestFields(
            request, allowed: ["kind", "mass", "stiffness", "damping", "v0", "epsilon", "allow_overdamping"],
            describing: "kind spring_settle")
        let spring = try Self.physicalSpring(fields)
        let epsilon = try fields.number("epsilon", default: Spring.defaultSettlingEpsilon)
        guard epsilon > 0 else {
            throw EvaluationError(.invalidValue, parameter: "epsilon", "must be greater than 0, got \(epsilon)")
        }
        let settling = spring.settlingDuration(epsilon: epsilon)
        guard settling.isFinite else {
            throw EvaluationError(
                .invalidValue, parameter: "damping",
                spring.damping == 0
                    ? "an undamped spring (damping 0) oscillates for ever and never settles"
                    : "the spring does not settle within 10,000 s of Core Animation's sampled search")
        }
        return .number(settling)
    }

    /// A spring from `mass`, `stiffness`, `damping`, `v0` (default 0) and `allow_overdamping`
    /// (default true) when the fields are allowed.
    static func physicalSpring(_ fields: RequestFields) throws(EvaluationError) -> Spring {
        let mass = try fields.number("mass")
        let stiffness = try fields.number("stiffness")
        let damping = try fields.number("damping")
        let velocity = try fields.number("v0", default: 0)
        let allowsOverdamping = try fields.bool("allow_overdamping", default: true)
        do {
            return try Spring(
                mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity,
                allowsOverdamping: allowsOverdamping)
        } catch {
            throw Self.error(error, renaming: ["initialVelocity": "v0"])
        }
    }

    /// UIKit's spring from `duration`, `dampingRatio` and `velocity` (default 0).
    static func uikitSpring(_ fields: RequestFields) throws(EvaluationError) -> Spring {
        let duration = try fields.number("duration")
        let ratio = try fields.number("dampingRatio")
        let velocity = try fields.number("velocity", default: 0)
        do {
            return try Spring.uikit(duration: duration, dampingRatio: ratio, initialVelocity: velocity)
        } catch {
            throw Self.error(error, renaming: ["initialVelocity": "velocity"])
        }
    }
}
