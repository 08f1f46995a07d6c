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

@Suite("Prepared keyframe segments")
struct KeyframeSegmentTests {
    @Test("a matrix segment equals Transform3D.interpolated, exact at the ends, discrete if needed")
    func matrices() {
        let from = Transform3D.rotation(angle: 0.4, x: 1, y: 1, z: 0).translated(x: 3, y: 4)
        let to = Transform3D.perspective(distance: 300).scaled(x: 2, y: 0.5)
        let segment = Transform3DKeyframeSegment(from: from, to: to)
        for fraction in [-0.2, 0.1, 0.5, 0.9, 1.3] {
            #expect(segment.value(at: fraction) == from.interpolated(to: to, fraction: fraction))
        }
        #expect(segment.value(at: 0) == from && segment.value(at: 1) == to)
        let singular = Transform3DKeyframeSegment(from: .scale(x: 0, y: 1), to: to)
        #expect(singular.value(at: 0.4) == .scale(x: 0, y: 1) && singular.value(at: 0.5) == to)
    }

    @Test("a transform-list segment equals TransformInterpolator and yields matrix-only lists")
    func lists() {
        let from = TransformList([.perspective(distance: 500), .rotate(angle: 0, x: 0, y: 1, z: 0)])
        let to = TransformList([.perspective(distance: 500), .rotate(angle: -1.2, x: 0, y: 1, z: 0)])
        let segment = TransformListKeyframeSegment(from: from, to: to)
        let interpolator = TransformInterpolator(from: from, to: to)
        let middle = segment.value(at: 0.5)
        #expect(middle.matrix == interpolator.matrix(at: 0.5))
        #expect(middle.functions == [.matrix(interpolator.matrix(at: 0.5))])
        #expect(middle == TransformList([.matrix(interpolator.matrix(at: 0.5))]))
        #expect(!middle.isEmpty)
        #expect(segment.value(at: 0) == from && segment.value(at: 1) == to)
        #expect(TransformList.interpolate(from, to, fraction: 0.5) == middle)
    }

    @Test("a matrix-only list becomes a normal list once its functions are set")
    func matrixOnlyList() {
        var list = TransformList(matrix: .translation(x: 1, y: 2))
        #expect(list.matrix == .translation(x: 1, y: 2))
        list.functions = [.scale(x: 2, y: 2, z: 1)]
        #expect(list.matrix == .scale(x: 2, y: 2))
        #expect(list == TransformList([.scale(x: 2, y: 2, z: 1)]))
    }
}
