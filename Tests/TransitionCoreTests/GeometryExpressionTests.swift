import JSON
import Testing
import TransitionCore

/// Number expressions that measure a role's frame (`width(source)`, `midX(sharedFrom)`), checked against
/// the value forms that already name a role's geometry (`centerOf`, `frameOf`).
@Suite("Geometry expressions")
struct GeometryExpressionTests {
    @Test func measuresParseAndPrint() throws {
        #expect(try NumberExpression.parse("width(sharedFrom)") == .geometry(.width, .sharedFrom))
        #expect(try NumberExpression.parse("midX( from/tile3 ) / 2").description == "midX(from/tile3) / 2")
        #expect(try NumberExpression.parse("containerWidth - maxY(to)").description == "containerWidth - maxY(to)")
        for (text, fragment) in [
            ("width(nowhere)", "unknown role"), ("height(source", "missing the parenthesis"),
            ("width", "known names are"), ("depth(source)", "known names are"),
        ] {
            #expect(throws: TransitionCoreError.self) { try NumberExpression.parse(text) }
            do {
                _ = try NumberExpression.parse(text)
            } catch {
                #expect(error.message.contains(fragment), "\(text): \(error.message)")
            }
        }
    }

    @Test func everyMeasureOfARectangle() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 50)
        let measures = NumberExpression.GeometryMeasure.allCases.map { $0.of(rect) }
        #expect(measures == [10, 20, 30, 50, 25, 45, 40, 70])
    }

    /// Seed 000's push from tile 3, with the to screen's root moved (position) by `value` over the phase.
    private func plan(position value: String) throws -> TransitionPlan {
        let animator = try JSONValueDecoder().decode(
            AnimatorSpecification.self,
            from: try JSONReader.parse(
                #"""
                {"name": "measured", "variants": {"push": {"duration": 1,
                  "phases": [{"duration": 1, "timing": "linear",
                    "tracks": [{"target": "to", "property": "position", "to": \#(value)}]}]}}}
                """#))
        return try TransitionPlan(
            compiling: TransitionRequest(
                animator: animator, operation: .push, from: try SeedScreens.load("seed000-index"),
                to: try SeedScreens.load("seed000-detail"), containerSize: SeedScreens.containerSize,
                sourceNode: "tile3"))
    }

    private func rootPosition(of plan: TransitionPlan, at time: Double) -> [Point] {
        plan.sample(at: time).filter { $0.screen == "detail" }.map { $0.quad.topLeft }
    }

    @Test func midXAndMidYAreTheCentreOfTheRole() throws {
        let measured = try plan(position: #"["midX(source)", "midY(source)"]"#)
        let reference = try plan(position: #"{"centerOf": "source"}"#)
        for time in [0.0, 0.3, 0.7, 0.999] {
            #expect(rootPosition(of: measured, at: time) == rootPosition(of: reference, at: time), "at \(time)")
        }
    }

    @Test func aScreenMovesByTheWidthOfARole() throws {
        let moved = try plan(position: #"["containerWidth / 2 + width(source)", "containerHeight / 2"]"#)
        let resting = try plan(position: #"["containerWidth / 2", "containerHeight / 2"]"#)
        let shift = zip(rootPosition(of: moved, at: 0.999), rootPosition(of: resting, at: 0.999)).map { $0.x - $1.x }
        // The track is linear: at 0.999 of it the root has moved 0.999 of the tile's width further.
        let tileWidth = try SeedScreens.load("seed000-index").node("tile3")!.frame.size.width
        #expect(shift.allSatisfy { abs($0 - tileWidth * 0.999) < 1e-9 }, "\(shift)")
    }

    @Test func aSharedRoleOutsideAPairIsNamedInTheError() throws {
        do {
            _ = try plan(position: #"["width(sharedFrom)", 0]"#)
            Issue.record("a shared role was measured outside a pair")
        } catch let error as TransitionCoreError {
            #expect(error.parameter.hasSuffix(".to[0]"), "\(error.parameter)")
            #expect(error.message.contains("shared element"), "\(error.message)")
        }
    }
}
