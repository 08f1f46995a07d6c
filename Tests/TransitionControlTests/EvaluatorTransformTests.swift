import JSON
import Testing
import TransitionControl

#if canImport(Glibc)
    import Glibc
#endif

/// `transform` requests. Expected matrices are worked out by hand from Core Animation's rules: row
/// vectors, `CATransform3DTranslate/Scale/Rotate(t, …)` = operation · t (the new operation applies to
/// points first), `CATransform3DConcat(a, b)` = a · b.
@Suite("eval: transforms")
struct EvaluatorTransformTests {
    static let identity = "[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]"

    @Test(arguments: [
        // No steps: the identity.
        (#"{"kind":"transform","op":"build","steps":[]}"#, identity),
        // translate(10, 20) then scale(2, 3): S · T, so points scale first and the translation is not
        // scaled: m11 = 2, m22 = 3, m41 = 10, m42 = 20.
        (
            #"{"kind":"transform","op":"build","steps":[{"translate":[10,20,0]},{"scale":[2,3,1]}]}"#,
            "[2,0,0,0,0,3,0,0,0,0,1,0,10,20,0,1]"
        ),
        // scale(2, 3) then translate(10, 20): T · S, the translation row goes through the scale:
        // (10, 20, 0, 1) · S = (20, 60, 0, 1).
        (
            #"{"kind":"transform","op":"build","steps":[{"scale":[2,3,1]},{"translate":[10,20,0]}]}"#,
            "[2,0,0,0,0,3,0,0,0,0,1,0,20,60,0,1]"
        ),
        // concat(translate(5), scale(2)) = T · S: translate first, then scale: m41 = 5·2 = 10.
        (
            #"{"kind":"transform","op":"build","steps":[{"translate":[5,0,0]},{"concat":[2,0,0,0,0,2,0,0,0,0,2,0,0,0,0,1]}]}"#,
            "[2,0,0,0,0,2,0,0,0,0,2,0,10,0,0,1]"
        ),
        // set m34 writes the entry and nothing else.
        (
            #"{"kind":"transform","op":"build","steps":[{"set":"m34","value":-0.002}]}"#,
            "[1,0,0,0,0,1,0,0,0,0,1,-0.002,0,0,0,1]"
        ),
        (
            #"{"kind":"transform","op":"build","steps":[{"translate":[1,2,3]},{"set":"m41","value":7}]}"#,
            "[1,0,0,0,0,1,0,0,0,0,1,0,7,2,3,1]"
        ),
        // A zero rotation axis rotates nothing, as CATransform3DMakeRotation.
        (#"{"kind":"transform","op":"build","steps":[{"rotate":[1,0,0,0]}]}"#, identity),
    ])
    func buildsByCoreAnimationRules(request: String, reply: String) {
        #expect(EvaluatorReplies.text(request) == reply)
    }

    @Test func rotationIsClockwiseOnScreenAndAppliesFirst() {
        // rotate(π/2 about z): with row vectors the x axis maps to (cos, sin) = (0, 1), downward on a
        // y-down screen. After a translation step the rotation applies first: R · T, so the translation
        // row stays (5, 0, 0, 1).
        let matrix = EvaluatorReplies.numbers(
            try! JSONReader.parse(
                #"{"kind":"transform","op":"build","steps":[{"translate":[5,0,0]},{"rotate":[1.5707963267948966,0,0,1]}]}"#
            ))
        let c = cos(Double.pi / 2)
        EvaluatorReplies.expectClose(matrix, [c, 1, 0, 0, -1, c, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1], tolerance: 1e-15)
    }

    @Test func perspectiveThenRotationAboutY() {
        // set m34 = −1/500, then rotate(a about y): R · P. R's rows are (cos a, 0, −sin a, 0),
        // (0, 1, 0, 0), (sin a, 0, cos a, 0), (0, 0, 0, 1), and P only adds m34 to the third column's
        // fourth entry, so R · P keeps R and gains m14 = −sin a·(−1/500), m34 = cos a·(−1/500).
        let angle = -Double.pi / 3
        let request: JSONValue = [
            "kind": "transform", "op": "build",
            "steps": [["set": "m34", "value": .number(-1.0 / 500)], ["rotate": [.number(angle), 0, 1, 0]]],
        ]
        let (s, c, d) = (sin(angle), cos(angle), -1.0 / 500)
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers(request), [c, 0, -s, -s * d, 0, 1, 0, 0, s, 0, c, c * d, 0, 0, 0, 1],
            tolerance: 1e-15)
    }

    @Test(arguments: [
        // Identity: position + (point − anchor·bounds). Anchor (0.5, 0.5) of 100×50 is (50, 25).
        (
            #"{"kind":"transform","op":"project","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"bounds":[100,50],"anchorPoint":[0.5,0.5],"position":[200,300],"points":[[0,0],[100,50],[50,25]]}"#,
            "[[150,275],[250,325],[200,300]]"
        ),
        // Defaults: anchor (0.5, 0.5), position (0, 0).
        (
            #"{"kind":"transform","op":"project","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"bounds":[100,50],"points":[[0,0]]}"#,
            "[[-50,-25]]"
        ),
        // Scale 2 about a top-left anchor.
        (
            #"{"kind":"transform","op":"project","matrix":[2,0,0,0,0,2,0,0,0,0,1,0,0,0,0,1],"bounds":[10,10],"anchorPoint":[0,0],"position":[5,5],"points":[[10,10]]}"#,
            "[[25,25]]"
        ),
        // Perspective divide: translate z by −512 then m34 = −1/512 (both exact): [x, y, −512, 1] ·
        // P has w = 1 + 1 = 2, so the offset from the anchor halves: (−50, −25)/2.
        (
            #"{"kind":"transform","op":"build_project","steps":[{"set":"m34","value":-0.001953125},{"translate":[0,0,-512]}],"bounds":[100,50],"points":[[0,0],[100,50]]}"#,
            "[[-25,-12.5],[25,12.5]]"
        ),
        (
            #"{"kind":"transform","op":"project","matrix":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"bounds":[1,1],"points":[]}"#,
            "[]"
        ),
    ])
    func projectsAsCoreAnimationLayers(request: String, reply: String) {
        #expect(EvaluatorReplies.text(request) == reply)
    }

    @Test func pointsAtOrBehindTheEyeHaveNoProjection() {
        // translate z by +512 with m34 = −1/512 puts the layer at the eye: w = 1 − 1 = 0.
        let reply = EvaluatorReplies.text(
            #"{"kind":"transform","op":"build_project","steps":[{"set":"m34","value":-0.001953125},{"translate":[0,0,512]}],"bounds":[100,50],"points":[[0,0]]}"#
        )
        #expect(
            reply
                == #"{"error":"points[0]: the point lies at or behind the eye (w = 0.0), where Core Animation clips; it has no projection"}"#
        )
    }

    @Test func interpolatesByDecomposition() {
        // CSS Transforms 2: translations interpolate linearly, 0 → 100 at 0.25 is 25.
        let translate =
            #"{"kind":"transform","op":"interpolate","from":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"to":[1,0,0,0,0,1,0,0,0,0,1,0,100,0,0,1],"p":0.25,"method":"decomposed"}"#
        #expect(EvaluatorReplies.text(translate) == "[1,0,0,0,0,1,0,0,0,0,1,0,25,0,0,1]")
        // Rotations by quaternion slerp: halfway from 0 to π/2 about z is π/4, not the entry-wise average
        // (which would shrink the matrix to cos = 0.5).
        let quarter = Double.pi / 2
        let request: JSONValue = [
            "kind": "transform", "op": "interpolate", "from": [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
            "to": .array(
                [cos(quarter), sin(quarter), 0, 0, -sin(quarter), cos(quarter), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1].map(
                    JSONValue.number)),
            "p": 0.5,
        ]
        let r = Double.pi / 4
        EvaluatorReplies.expectClose(
            EvaluatorReplies.numbers(request), [cos(r), sin(r), 0, 0, -sin(r), cos(r), 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
            tolerance: 1e-12)
        // A singular matrix cannot be decomposed: CSS makes the interpolation discrete, switching at 0.5.
        let singular = "[0,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]"
        let scaleTwo = "[2,0,0,0,0,2,0,0,0,0,2,0,0,0,0,1]"
        #expect(
            EvaluatorReplies.text(
                #"{"kind":"transform","op":"interpolate","from":\#(singular),"to":\#(scaleTwo),"p":0.4}"#) == singular)
        #expect(
            EvaluatorReplies.text(
                #"{"kind":"transform","op":"interpolate","from":\#(singular),"to":\#(scaleTwo),"p":0.5}"#) == scaleTwo)
    }

    @Test func interpolatesThenProjects() {
        let request =
            #"{"kind":"transform","op":"interpolate_project","from":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"to":[1,0,0,0,0,1,0,0,0,0,1,0,100,0,0,1],"p":0.5,"bounds":[10,10],"anchorPoint":[0,0],"position":[1,2],"points":[[0,0],[10,10]]}"#
        #expect(EvaluatorReplies.text(request) == "[[51,2],[61,12]]")
    }
}
