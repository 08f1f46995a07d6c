import Testing
import TransitionControl

/// Malformed requests: each gets one error reply naming the field and the reason.
@Suite("eval: errors")
struct EvaluatorErrorTests {
    @Test(arguments: [
        // Not JSON, or not an object.
        ("[1,2]", "the request must be a JSON object, got an array"),
        // The kind and the selectors.
        (
            #"{"p":[0,0,1,1],"x":0.5}"#,
            "kind: required field is missing; use one of bezier, spring, spring_uikit, spring_params, spring_settle, transform, keyframe"
        ),
        (#"{"kind":7}"#, "kind: expected a string, got a number"),
        (
            #"{"kind":"wobble"}"#,
            "kind: unknown kind \"wobble\"; use one of bezier, spring, spring_uikit, spring_params, spring_settle, transform, keyframe"
        ),
        (
            #"{"kind":"transform","steps":[]}"#,
            "op: required field is missing; use one of build, project, build_project, interpolate, interpolate_project"
        ),
        (
            #"{"kind":"transform","op":"shear"}"#,
            "op: unknown op \"shear\"; use one of build, project, build_project, interpolate, interpolate_project"
        ),
        (
            #"{"kind":"spring_params","api":"android"}"#,
            "api: unknown api \"android\"; use one of swiftui_response, swiftui_duration_bounce, uikit_duration, msd_to_duration_bounce"
        ),
        (
            #"{"kind":"keyframe","mode":"bouncy","values":[[0]],"t":0}"#,
            "mode: unknown mode \"bouncy\"; use one of linear, discrete, paced, cubic, cubicPaced"
        ),
        // Missing fields and wrong types.
        (#"{"kind":"bezier","p":[0,0,1,1]}"#, "x: required field is missing"),
        (#"{"kind":"bezier","p":[0,0,1,1],"x":"half"}"#, "x: expected a number, got a string"),
        (#"{"kind":"bezier","p":[0,0,1,1],"x":null}"#, "x: must not be null"),
        (#"{"kind":"bezier","p":[0,0,1],"x":0.5}"#, "p: expected an array of 4 numbers, got 3 elements"),
        (#"{"kind":"bezier","p":[0,0,"1",1],"x":0.5}"#, "p[2]: expected a number, got a string"),
        (
            #"{"kind":"bezier","p":[0,0,1,1],"x":0.5,"extrapolate":"yes"}"#,
            "extrapolate: expected true or false, got a string"
        ),
        (#"{"kind":"spring","mass":1,"stiffness":100,"damping":10,"v0":0}"#, "t: required field is missing"),
        (
            #"{"kind":"spring","mass":1,"stiffness":100,"damping":10,"v_0":1,"t":0}"#,
            "v_0: unknown field for kind spring; its fields are kind, mass, stiffness, damping, v0, t, allow_overdamping"
        ),
        (
            #"{"kind":"transform","op":"build","steps":[{"skew":[1,2]}]}"#,
            "steps[0]: a step has exactly one of translate, scale, rotate, concat, or set with value; got fields skew"
        ),
        (
            #"{"kind":"transform","op":"build","steps":[{"translate":[1,2]}]}"#,
            "steps[0].translate: expected an array of 3 numbers, got 2 elements"
        ),
        (
            #"{"kind":"transform","op":"build","steps":[{"set":"m35","value":1}]}"#,
            "steps[0].set: unknown entry \"m35\"; use m11 … m44, usually m34"
        ),
        (#"{"kind":"transform","op":"build","steps":[3]}"#, "steps[0]: expected a step object, got a number"),
        (
            #"{"kind":"transform","op":"project","matrix":[1,0,0,1],"bounds":[1,1],"points":[]}"#,
            "matrix: expected an array of 16 numbers, got 4 elements"
        ),
        (
            #"{"kind":"transform","op":"project","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"bounds":[1,1],"points":[[1]]}"#,
            "points[0]: expected an array of 2 numbers, got 1 elements"
        ),
        (
            #"{"kind":"transform","op":"interpolate","from":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"to":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"p":0.5,"method":"linear"}"#,
            "method: unknown method \"linear\"; the only method is \"decomposed\" (CSS Transforms 2 matrix interpolation)"
        ),
        // Values out of range, with the core's reason.
        (
            #"{"kind":"bezier","p":[1.5,0,1,1],"x":0.5}"#,
            "p[0]: x1 must lie in [0, 1] so that the curve is a function of time, got 1.5"
        ),
        (
            #"{"kind":"bezier","p":[0,0,-0.1,1],"x":0.5}"#,
            "p[2]: x2 must lie in [0, 1] so that the curve is a function of time, got -0.1"
        ),
        (
            #"{"kind":"spring","mass":0,"stiffness":100,"damping":10,"v0":0,"t":0}"#,
            "mass: mass must be greater than 0, got 0.0"
        ),
        (
            #"{"kind":"spring_uikit","duration":-1,"dampingRatio":1,"velocity":0,"t":0}"#,
            "duration: duration must be greater than 0 seconds, got -1.0"
        ),
        (
            #"{"kind":"spring_params","api":"swiftui_duration_bounce","duration":1,"bounce":1.5}"#,
            "bounce: bounce must lie above -1 and at most 1, got 1.5"
        ),
        (
            #"{"kind":"spring_settle","mass":1,"stiffness":100,"damping":10,"v0":0,"epsilon":0}"#,
            "epsilon: must be greater than 0, got 0.0"
        ),
        (
            #"{"kind":"keyframe","mode":"discrete","values":[[1],[2],[3]],"keyTimes":[0,0.5,1],"t":0.3}"#,
            "keyTimes: discrete needs one more key time than values (4 for 3 values), got 3"
        ),
        (
            #"{"kind":"keyframe","mode":"linear","values":[[0],[1]],"keyTimes":[0.5,1],"t":0.3}"#,
            "keyTimes[0]: The first key time must be 0, got 0.5"
        ),
        (
            #"{"kind":"keyframe","mode":"linear","values":[[0],[1,2]],"t":0.3}"#,
            "values[1]: values[1] cannot be interpolated with values[0] (for instance a different dimension)"
        ),
        (#"{"kind":"keyframe","mode":"linear","values":[],"t":0.3}"#, "values: Give at least one value"),
        (
            #"{"kind":"keyframe","mode":"linear","values":[[0],[1]],"t":0.3,"timingFunctions":[[2,0,1,1]]}"#,
            "timingFunctions[0][0]: x1 must lie in [0, 1] so that the curve is a function of time, got 2.0"
        ),
        // Inputs whose result overflows: never "nan" or "inf" in a reply.
        (
            #"{"kind":"transform","op":"build","steps":[{"scale":[1e308,1,1]},{"scale":[1e308,1,1]}]}"#,
            "steps[1]: the matrix is no longer finite after this step; the inputs overflow double precision"
        ),
        (
            #"{"kind":"transform","op":"build","steps":[{"scale":[1e308,1,1]},{"scale":[1e308,1,1]},{"scale":[0,1,1]}]}"#,
            "steps[1]: the matrix is no longer finite after this step; the inputs overflow double precision"
        ),
        (
            #"{"kind":"transform","op":"interpolate","from":[1,0,0,0,0,1,0,0,0,0,1,0,1e308,0,0,1],"to":[1,0,0,0,0,1,0,0,0,0,1,0,-1e308,0,0,1],"p":0.5}"#,
            "result[12]: the result is not a finite number (-inf); the inputs overflow double precision"
        ),
        (
            #"{"kind":"spring","mass":1,"stiffness":100,"damping":10,"v0":1e308,"t":0.01}"#,
            "result[1]: the result is not a finite number (-inf); the inputs overflow double precision"
        ),
        (
            #"{"kind":"spring","mass":1e-300,"stiffness":1e300,"damping":10,"v0":0,"t":0.01}"#,
            "stiffness: mass, stiffness and damping must give a finite, positive frequency and a finite damping ratio"
        ),
        (
            #"{"kind":"transform","op":"project","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"bounds":[1,1],"position":[1e308,0],"points":[[1e308,0]]}"#,
            "points[0][0]: the result is not a finite number (inf); the inputs overflow double precision"
        ),
    ])
    func malformedRequestsGetAnErrorNamingTheField(request: String, message: String) {
        #expect(Evaluator().evaluateError(request) == message)
    }

    /// Lines that are not JSON: the reply gives the reader's code and byte offset (the reader's own
    /// wording follows it and is not pinned here).
    @Test(arguments: [
        ("not json", "the line is not JSON: unexpectedCharacter at byte 1"),
        ("", "the line is not JSON: unexpectedEnd at byte 0"),
        (#"{"kind":"bezier","x":NaN}"#, "the line is not JSON: unexpectedCharacter at byte 21"),
        (#"{"kind":"bezier","p":[0,0,1,1],"x":1e999}"#, "the line is not JSON: nonFiniteNumber at byte"),
        (#"{"kind":"bezier","kind":"spring"}"#, "the line is not JSON: duplicateKey at byte"),
        (#"{"kind":"bezier"} trailing"#, "the line is not JSON: trailingCharacters at byte"),
    ])
    func linesThatAreNotJSON(line: String, prefix: String) {
        let error = Evaluator().evaluateError(line)
        #expect(error.hasPrefix(prefix), "\(error)")
    }

    @Test func overlongLinesGetAnErrorReply() {
        let reply = String(decoding: Evaluator.tooLongReply(byteCount: 2_000_000), as: UTF8.self)
        #expect(
            reply == #"{"error":"the line has 2000000 bytes, more than the limit of 1048576; send smaller requests"}"#)
    }
}

extension Evaluator {
    /// The `error` text of the reply to `line`, or the whole reply when it is not an error.
    func evaluateError(_ line: String) -> String {
        do {
            let result = try evaluate(line: Array(line.utf8))
            return "no error: \(result)"
        } catch {
            return error.description
        }
    }
}
