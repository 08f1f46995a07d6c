import Testing
import TransitionCore

@testable import TransitionEngine

/// The fraction and the decision of a pan against pointer paths computed by hand, in the 375 × 667
/// container of the fixtures.
@Suite struct PanTrackerTests {
    static let size = Size(width: 375, height: 667)

    /// A pan from `start` along x to `end` over `seconds` at 120 Hz, then released; returns the release.
    static func drag(
        _ gesture: PanGesture = PanGesture(edge: .left), from start: Double, to end: Double, seconds: Double,
        cancelled: Bool = false
    ) throws -> PanRelease {
        var tracker = PanTracker(
            gesture: gesture, touchDown: PointerSample(position: Point(x: start, y: 300), timestamp: 5),
            startFraction: 0, containerSize: size)
        let steps = Int((seconds * 120).rounded())
        for step in 1...steps {
            let fraction = Double(step) / Double(steps)
            _ = try tracker.move(
                to: PointerSample(
                    position: Point(x: start + (end - start) * fraction, y: 300), timestamp: 5 + seconds * fraction))
        }
        return tracker.release(cancelled: cancelled)
    }

    @Test func anEdgePanToSevenTenthsFinishes() throws {
        // 262.5 points of 375 over a slow second: 0.7 at 262.5 points per second = 0.7 widths per second.
        let release = try Self.drag(from: 0, to: 262.5, seconds: 1)
        #expect(abs(release.fraction - 0.7) < 1e-12)
        #expect(abs(release.velocity - 262.5) < 1e-6)
        #expect(abs(release.fractionVelocity - 0.7) < 1e-9)
        #expect(release.decision == .finish)
    }

    @Test func anEdgePanToThreeTenthsCancels() throws {
        let release = try Self.drag(from: 0, to: 112.5, seconds: 1)
        #expect(abs(release.fraction - 0.3) < 1e-12)
        #expect(release.decision == .cancel)
    }

    @Test func aFastFlickToThreeTenthsFinishes() throws {
        // 112.5 points in 0.1 s: 1,125 points per second, 3 widths per second, past the flick's 1.
        let release = try Self.drag(from: 0, to: 112.5, seconds: 0.1)
        #expect(abs(release.fraction - 0.3) < 1e-12)
        #expect(abs(release.fractionVelocity - 3) < 1e-6)
        #expect(release.decision == .finish)
    }

    @Test func aFlickBackFromPastHalfCancels() throws {
        var tracker = PanTracker(
            gesture: PanGesture(edge: .left), touchDown: PointerSample(position: Point(x: 0, y: 0), timestamp: 0),
            startFraction: 0, containerSize: Self.size)
        _ = try tracker.move(to: PointerSample(position: Point(x: 300, y: 0), timestamp: 1))
        for step in 1...6 {  // back 75 points in 50 ms: −1,500 points per second
            _ = try tracker.move(
                to: PointerSample(
                    position: Point(x: 300 - 12.5 * Double(step), y: 0), timestamp: 1 + Double(step) / 120))
        }
        let release = tracker.release(cancelled: false)
        #expect(abs(release.fraction - 0.6) < 1e-12)
        #expect(release.decision == .cancel)
    }

    @Test func aCancelledGestureCancelsWhateverItsFraction() throws {
        #expect(try Self.drag(from: 0, to: 350, seconds: 0.5, cancelled: true).decision == .cancel)
    }

    @Test func theFractionIsClampedAndFollowsTheDirection() throws {
        var tracker = PanTracker(
            gesture: PanGesture(edge: .bottom), touchDown: PointerSample(position: Point(x: 100, y: 660), timestamp: 0),
            startFraction: 0, containerSize: Self.size)
        #expect(tracker.distance == 667)  // up from the bottom: the container's height
        #expect(try tracker.move(to: PointerSample(position: Point(x: 0, y: 660 - 333.5), timestamp: 0.1)) == 0.5)
        #expect(try tracker.move(to: PointerSample(position: Point(x: 0, y: -900), timestamp: 0.2)) == 1)
        #expect(try tracker.move(to: PointerSample(position: Point(x: 0, y: 700), timestamp: 0.3)) == 0)
    }

    @Test func aCaughtTransitionMovesFromItsFractionByTheOffset() throws {
        var tracker = PanTracker(
            gesture: PanGesture(distance: 200), touchDown: PointerSample(position: Point(x: 40, y: 40), timestamp: 0),
            startFraction: 0.45, containerSize: Self.size)
        #expect(tracker.fraction == 0.45)
        #expect(abs(try tracker.move(to: PointerSample(position: Point(x: 80, y: 10), timestamp: 0.1)) - 0.65) < 1e-12)
    }

    @Test func aSampleOlderThanThePreviousIsRefused() throws {
        var tracker = PanTracker(
            gesture: PanGesture(), touchDown: PointerSample(position: .zero, timestamp: 2), startFraction: 0,
            containerSize: Self.size)
        #expect(throws: TransitionEngineError.self) {
            try tracker.move(to: PointerSample(position: Point(x: 10, y: 0), timestamp: 1.5))
        }
        #expect(tracker.fraction == 0)
        #expect(tracker.latest.timestamp == 2)
    }

    @Test func theEdgeBandDecidesWhereAPanMayStart() {
        let left = PanGesture(edge: .left)
        #expect(left.startsWithinEdge(Point(x: 20, y: 300), in: Self.size))
        #expect(!left.startsWithinEdge(Point(x: 20.5, y: 300), in: Self.size))
        let right = PanGesture(edge: .right, edgeWidth: 30)
        #expect(right.direction == .left)
        #expect(right.startsWithinEdge(Point(x: 345, y: 0), in: Self.size))
        #expect(!right.startsWithinEdge(Point(x: 344, y: 0), in: Self.size))
        #expect(PanGesture().startsWithinEdge(Point(x: 200, y: 200), in: Self.size))
    }
}
