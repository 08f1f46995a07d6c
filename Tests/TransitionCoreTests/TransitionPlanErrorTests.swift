import Testing
import TransitionCore

/// Bad requests are named errors pointing at the field; nothing traps.
@Suite("TransitionPlan errors")
struct TransitionPlanErrorTests {
    private func failure(
        animator: AnimatorSpecification = BuiltinAnimators.fade, operation: TransitionOperation = .push,
        from: Screen? = nil, to: Screen? = nil, size: Size = SeedScreens.containerSize, source: NodeID? = nil
    ) throws -> TransitionCoreError? {
        let request = TransitionRequest(
            animator: animator, operation: operation, from: try from ?? SeedScreens.load("seed000-index"),
            to: try to ?? SeedScreens.load("seed000-detail"), containerSize: size, sourceNode: source)
        do {
            _ = try TransitionPlan(compiling: request)
            return nil
        } catch {
            return error
        }
    }

    private func script(_ phases: [Phase], layers: [LayerPlacement] = [.from, .to], setup: [PropertyAssignment] = [])
        -> AnimatorSpecification
    {
        AnimatorSpecification(
            name: "custom",
            variants: [.push: TransitionScript(duration: 1, layers: layers, setup: setup, phases: phases)])
    }

    @Test func unsupportedOperationNamesTheAnimator() throws {
        let error = try failure(animator: BuiltinAnimators.zoom, operation: .present)
        #expect(error?.code == .unsupportedOperation)
        #expect(error?.parameter == "animator")
        #expect(error?.message.contains("push, pop") == true)
    }

    @Test func containerSizeMustBePositive() throws {
        #expect(try failure(size: Size(width: 0, height: 10))?.parameter == "containerSize")
        #expect(try failure(size: Size(width: .nan, height: 10))?.parameter == "containerSize")
    }

    @Test func unknownSourceNode() throws {
        let error = try failure(animator: BuiltinAnimators.zoom, source: "tile9")
        #expect(error?.parameter == "sourceNode")
        #expect(error?.code == .unknownNode)
    }

    @Test func invalidScreensAreReportedUnderFromOrTo() throws {
        var bad = try SeedScreens.load("seed000-detail")
        bad.root.children[0].alpha = 2
        #expect(try failure(to: bad)?.parameter == "to.root.children[0].alpha")
    }

    @Test func unknownNodeRole() throws {
        let animator = script([Phase(duration: 1, tracks: [Track(.fromNode("nope"), .alpha, to: .number(0))])])
        let error = try failure(animator: animator)
        #expect(error?.code == .unknownRole)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].target")
    }

    @Test func negativeDurationsAndNonFiniteValues() throws {
        let negative = script([Phase(duration: -1, tracks: [])])
        #expect(try failure(animator: negative)?.parameter == "animator.variants.push.phases[0].duration")
        let notFinite = script([
            Phase(duration: 1, tracks: [Track(.to, .alpha, to: .number(try NumberExpression.parse("0/0")))])
        ])
        #expect(try failure(animator: notFinite)?.parameter == "animator.variants.push.phases[0].tracks[0].to")
        let outOfRange = script([Phase(duration: 1, tracks: [Track(.to, .alpha, to: .number(3))])])
        #expect(try failure(animator: outOfRange)?.code == .invalidValue)
        let selfReferential = AnimatorSpecification(
            name: "x",
            variants: [.push: TransitionScript(duration: try NumberExpression.parse("2 * duration"), phases: [])])
        #expect(try failure(animator: selfReferential)?.parameter == "animator.variants.push.duration")
    }

    @Test func layersMustNameFromAndToOnce() throws {
        let animator = script([], layers: [.from, .from])
        #expect(try failure(animator: animator)?.parameter == "animator.variants.push.layers")
    }

    @Test func snapshotsNeedTheirLayer() throws {
        let animator = script(
            [Phase(duration: 1, tracks: [Track(.snapshot, .alpha, to: .number(0))])], layers: [.from, .to])
        let error = try failure(
            animator: animator, from: try SeedScreens.load("seed002-photos"), to: try SeedScreens.load("seed002-photo"))
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter == "animator.variants.push.phases[0].tracks[0].target")
    }

    @Test func theContainerCannotBeAnimated() throws {
        let animator = script([Phase(duration: 1, tracks: [Track(.container, .alpha, to: .number(0))])])
        #expect(try failure(animator: animator)?.code == .unknownRole)
    }

    @Test func sharedReferencesNeedASharedTarget() throws {
        let animator = script([Phase(duration: 1, tracks: [Track(.to, .frame, to: .frameOf(.sharedTo))])])
        #expect(try failure(animator: animator)?.parameter == "animator.variants.push.phases[0].tracks[0].to")
    }

    @Test func keyframeErrorsNameTheKeyframeField() throws {
        let animator = script([
            Phase(
                duration: 1,
                tracks: [
                    Track(
                        .to, .alpha,
                        keyframes: KeyframeTemplate(values: [.number(0), .number(1)], keyTimes: [0.5, 0.2]))
                ])
        ])
        let error = try failure(animator: animator)
        #expect(error?.code == .invalidAnimator)
        #expect(error?.parameter.hasPrefix("animator.variants.push.phases[0].tracks[0].keyframes.keyTimes") == true)
    }

    @Test func afterMustNameAnEarlierPhase() throws {
        let animator = script([
            Phase(after: "later", duration: 1, tracks: []), Phase(name: "later", duration: 1, tracks: []),
        ])
        #expect(try failure(animator: animator)?.parameter == "animator.variants.push.phases[0].after")
    }
}
