import JSON
import Testing
import TransitionControl
import TransitionCore

/// The pan `gesture` plays: the interface's defaults for direction and distance, the touch-down, and the
/// positions a script's fractions become. Every expected value is exactly representable.
@Suite("Scripted pans")
struct ScriptedPanTests {
    @Test func aLeftEdgePanGoesRightOverTheWidthFromTheMiddleOfTheBand() {
        let pan = ScriptedPan(edge: .left, containerWidth: 400, containerHeight: 600)
        #expect(pan.direction == .right)
        #expect(pan.distance == 400)
        #expect(pan.touchDown == Point(x: 10, y: 300))
        #expect(pan.position(at: 0.5) == Point(x: 210, y: 300))
        #expect(
            pan.gesture == ["edge": "left", "direction": "right", "distance": 400],
            "the band is left to the daemon's default")
        #expect(pan.pointer(at: 0.25, timestamp: 0.125) == ["x": 110, "y": 300, "timestamp": 0.125])
    }

    @Test(arguments: [
        (ScriptedPan.Edge.right, ScriptedPan.Direction.left, 400.0, Point(x: 390, y: 300), Point(x: 190, y: 300)),
        (.top, .down, 600, Point(x: 200, y: 10), Point(x: 200, y: 310)),
        (.bottom, .up, 600, Point(x: 200, y: 590), Point(x: 200, y: 290)),
    ])
    func everyEdgeLeadsTowardTheMiddle(
        edge: ScriptedPan.Edge, direction: ScriptedPan.Direction, distance: Double, touchDown: Point, half: Point
    ) {
        let pan = ScriptedPan(edge: edge, containerWidth: 400, containerHeight: 600)
        #expect(pan.direction == direction)
        #expect(pan.distance == distance)
        #expect(pan.touchDown == touchDown)
        #expect(pan.position(at: 0.5) == half)
    }

    @Test func givenValuesWin() {
        let pan = ScriptedPan(
            edge: nil, edgeWidth: 30, direction: .down, distance: 100, touchDown: Point(x: 1, y: 2),
            containerWidth: 400, containerHeight: 600)
        #expect(pan.position(at: 0.75) == Point(x: 1, y: 77))
        #expect(pan.gesture == ["edgeWidth": 30, "direction": "down", "distance": 100])
        // Without an edge or a direction: rightward from the centre, over the width.
        let anywhere = ScriptedPan(edge: nil, containerWidth: 400, containerHeight: 600)
        #expect(anywhere.direction == .right)
        #expect(anywhere.touchDown == Point(x: 200, y: 300))
        // A band of its own moves the default touch-down with it.
        #expect(ScriptedPan(edge: .left, edgeWidth: 8, containerWidth: 400, containerHeight: 600).touchDown.x == 4)
    }

    @Test func touchDownPoints() throws {
        #expect(try ScriptedPan.parsePoint("12.5,-3", option: "--touch-down") == Point(x: 12.5, y: -3))
        for text in ["", "1", "1,2,3", "x,2", "1;2"] {
            #expect(throws: CommandError.self, "\(text)") { try ScriptedPan.parsePoint(text, option: "--touch-down") }
        }
    }
}
