import TransitionCore

/// One pan in progress: the fraction it drives the transition to, and the decision when it is released.
///
/// A pure value: the engine keeps one per pointer-driven transition and feeds it the client's samples.
public struct PanTracker: Sendable, Equatable {
    /// The gesture's description.
    public let gesture: PanGesture
    /// The translation in points that counts as the whole transition, > 0.
    public let distance: Double
    /// Where and when the pointer went down (or grabbed a running transition).
    public let touchDown: PointerSample
    /// The fraction at the touch-down: 0 for a new transition, the running one's for a caught one.
    public let startFraction: Double
    /// The latest sample.
    public private(set) var latest: PointerSample
    /// The fraction at the latest sample, in [0, 1].
    public private(set) var fraction: Double
    private var estimator = PointerVelocityEstimator()

    /// Starts tracking at `touchDown`.
    ///
    /// - Parameter containerSize: the stack's container, for the default distance.
    public init(gesture: PanGesture, touchDown: PointerSample, startFraction: Double, containerSize: Size) {
        self.gesture = gesture
        distance = gesture.wholeDistance(in: containerSize)
        self.touchDown = touchDown
        self.startFraction = startFraction
        latest = touchDown
        fraction = startFraction
        estimator.add(touchDown)
    }

    /// The fraction for a pointer at `position`: the start fraction plus the translation along the
    /// gesture's direction over its distance, clamped to [0, 1].
    public func fraction(at position: Point) -> Double {
        let translation = gesture.direction.component(of: position - touchDown.position)
        let fraction = startFraction + translation / distance
        return min(max(fraction, 0), 1)
    }

    /// Moves the pointer to `sample`; returns the new fraction.
    ///
    /// - Throws: `invalidParameter` naming `<parameter>.timestamp` when the sample is older than the
    ///   latest (a sample at the same time replaces it).
    public mutating func move(to sample: PointerSample, parameter: String = "pointer") throws(TransitionEngineError)
        -> Double
    {
        guard sample.timestamp >= latest.timestamp else {
            throw TransitionEngineError(
                .invalidParameter,
                "\(parameter).timestamp \(sample.timestamp) is before the previous sample's \(latest.timestamp); "
                    + "send samples in the order they happened, timestamps from one clock.",
                parameter: "\(parameter).timestamp")
        }
        latest = sample
        estimator.add(sample)
        fraction = fraction(at: sample.position)
        return fraction
    }

    /// The pointer's velocity at the latest sample along the gesture's direction, in points per second.
    public var velocity: Double { gesture.direction.component(of: estimator.velocity()) }

    /// How the transition ends if the pointer lifts now (`cancelled`: the gesture was cancelled, as
    /// `UIGestureRecognizerStateCancelled`, which always cancels).
    public func release(cancelled: Bool) -> PanRelease {
        let velocity = velocity
        let fractionVelocity = velocity / distance
        let decision =
            cancelled
            ? InteractionDecision.cancel : InteractionDecision.decide(fraction: fraction, velocity: fractionVelocity)
        return PanRelease(
            decision: decision, fraction: fraction, velocity: velocity, fractionVelocity: fractionVelocity)
    }
}

/// What a released pan decided, and the motion the rest continues.
public struct PanRelease: Sendable, Equatable {
    /// Finish or cancel.
    public var decision: InteractionDecision
    /// The fraction at release, in [0, 1].
    public var fraction: Double
    /// The pointer's velocity along the gesture's direction, in points per second.
    public var velocity: Double
    /// The same in fractions of the transition per second (velocity over the gesture's distance), positive
    /// toward completion: the velocity the rest of the transition starts with.
    public var fractionVelocity: Double

    /// Creates a release.
    public init(decision: InteractionDecision, fraction: Double, velocity: Double, fractionVelocity: Double) {
        self.decision = decision
        self.fraction = fraction
        self.velocity = velocity
        self.fractionVelocity = fractionVelocity
    }
}
