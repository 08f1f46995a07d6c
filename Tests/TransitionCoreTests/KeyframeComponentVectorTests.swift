import Testing

@testable import TransitionCore

@Suite("ComponentVector and keyframe value conformances")
struct KeyframeComponentVectorTests {
    @Test("component-wise interpolation, distance and arithmetic")
    func vector() {
        let a = ComponentVector([0, 10, 20])
        let b = ComponentVector([10, 10, 0])
        #expect(ComponentVector.interpolate(a, b, fraction: 0.5) == ComponentVector([5, 10, 10]))
        #expect(a.distance(to: b) == (100.0 + 400).squareRoot())
        #expect(a + b == ComponentVector([10, 20, 20]))
        #expect(b - a == ComponentVector([10, 0, -20]))
        #expect(a * 2 == ComponentVector([0, 20, 40]))
    }

    @Test("keyframes reject vectors of different dimensions, naming the value")
    func dimensions() {
        do {
            _ = try Keyframes<ComponentVector>(values: [ComponentVector([1, 2]), ComponentVector([1, 2, 3])])
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "values[1]")
            #expect(error.code == .incompatibleValues)
        }
    }

    @Test("cubic keyframes work on vectors")
    func cubic() throws {
        let keyframes = try Keyframes<ComponentVector>(
            values: [ComponentVector([0, 0]), ComponentVector([1, 2]), ComponentVector([3, 6])],
            calculationMode: .cubic
        )
        #expect(keyframes.value(at: 0.5) == ComponentVector([1, 2]))
        let scalar = try Keyframes<Double>(values: [0, 1, 3], calculationMode: .cubic)
        #expect(isClose(keyframes.value(at: 0.3).components[0], scalar.value(at: 0.3), 1e-12))
    }

    @Test("JSON is a plain array of finite numbers")
    func coding() throws {
        #expect(try JSONTesting.encode(ComponentVector([1, 2.5])) == "[1,2.5]")
        #expect(try JSONTesting.decode(ComponentVector.self, "[1,2.5]") == ComponentVector([1, 2.5]))
        #expect(JSONTesting.failsAsCorruptOrMismatch(ComponentVector.self, "[1,\"nan\"]"))
    }

    @Test("Rect, Size and Point interpolate component-wise; distances are Euclidean")
    func geometry() {
        let rect = Rect.interpolate(
            Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 10, y: 20, width: 30, height: 40), fraction: 0.5)
        #expect(rect == Rect(x: 5, y: 10, width: 20, height: 25))
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
        #expect(Size(width: 0, height: 0).distance(to: Size(width: 6, height: 8)) == 10)
        #expect(Rect.zero.distance(to: Rect(x: 3, y: 4, width: 0, height: 0)) == 5)
        #expect(Transform3D.identity.distance(to: .translation(x: 3, y: 4)) == 5)
        #expect(Double.interpolate(2, 4, fraction: 1.5) == 5)
    }
}
