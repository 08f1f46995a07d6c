import Foundation
import JSON
import Testing
import TransitionClient
import TransitionCore
import TransitionService
import Varlink

/// The typed client against the real service on a socket: every method, and errors as codes.
@Suite struct TransitionClientTests {
    @Test func stacksAndNavigation() async throws {
        let harness = try ClientHarness()
        try await harness.withClient { client throws in
            let created = try client.createStack(
                "main", width: 375, height: 667, root: ClientHarness.screen("home"), policy: "queue",
                rules: [AnimatorRuleDescription(operation: "present", animator: "slideUp")])
            #expect(created.screens == ["home"])
            #expect(
                created.rules == [AnimatorRuleDescription(operation: "present", animator: "slideUp", interactive: true)]
            )
            let quick = NavigationOptions(animated: false)
            #expect(try client.push(ClientHarness.screen("a"), on: "main", options: quick).outcome == .completed)
            try client.push(ClientHarness.screen("b"), on: "main", options: quick)
            #expect(try client.pop(to: "a", on: "main", options: quick).outcome == .completed)
            try client.pop("main", options: quick)
            try client.setScreens(
                [ClientHarness.screen("home"), ClientHarness.screen("x")], on: "main", options: quick)
            try client.popToRoot("main", options: quick)
            try client.present(ClientHarness.screen("modal"), on: "main", options: quick)
            #expect(try client.stack("main").visibleScreen == "modal")
            try client.dismiss("main", options: quick)
            let started = try client.push(
                ClientHarness.screen("y"), on: "main", options: NavigationOptions(animator: "fade"))
            #expect(started.outcome == .started)
            let state = try client.stack("main", includeScreens: true)
            #expect(state.transition?.animator == "fade")
            #expect(state.transition?.toScreen == "y")
            #expect(state.screenObjects?.count == 1)
            #expect(try client.listStacks().map(\.name) == ["main"])
            try client.setRules([], policy: "reject", on: "main")
        }
        await harness.clock.advanceUntilIdle()
        try await harness.withClient { client throws in
            #expect(try client.stack("main").screens == ["home", "y"])
            #expect(try client.stack("main").policy == "reject")
            try client.createStack(
                "tabs", width: 100, height: 100,
                tabs: [
                    TabDescription(name: "one", screens: [ClientHarness.screen("t1")]),
                    TabDescription(name: "two", screens: [ClientHarness.screen("t2")]),
                ])
            #expect(
                try client.selectTab("two", on: "tabs", options: NavigationOptions(animated: false)).outcome
                    == .completed)
            #expect(
                try client.resize("tabs", width: 200, height: 50, options: NavigationOptions(animated: false)).outcome
                    == .completed)
            let resized = try client.stack("tabs")
            #expect([resized.containerWidth, resized.containerHeight] == [200, 50])
            #expect(try client.resize("tabs", width: 100, height: 100).outcome == .started)
            try client.deleteStack("tabs")
        }
        await harness.shutdown()
    }

    @Test func interactionAndControl() async throws {
        let harness = try ClientHarness()
        try await harness.withClient { client throws in
            try client.createStack("main", width: 375, height: 667, root: ClientHarness.screen("home"))
            let begun = try client.beginInteractive("push", on: "main", screen: ClientHarness.screen("next"))
            #expect(begun.outcome == .started)
            try client.updateInteractive(0.4, on: "main", oneway: false)
            try client.updateInteractive(0.6, on: "main")
            #expect(try client.stack("main").transition?.fraction == 0.6)
            try client.cancelInteractive("main", InteractionRelease(velocity: -1, completionSpeed: 2))
        }
        await harness.clock.advanceUntilIdle()
        try await harness.withClient { client throws in
            #expect(try client.stack("main").screens == ["home"])
            try client.push(ClientHarness.screen("a"), on: "main")
            try client.pause("main")
            try client.scrub("main", to: 0.5)
            try client.reverse("main")
            try client.resume("main")
        }
        await harness.clock.advanceUntilIdle()
        try await harness.withClient { client throws in
            #expect(try client.stack("main").screens == ["home"])
            try client.beginInteractive("push", on: "main", screen: ClientHarness.screen("b"), onDisconnect: "finish")
            try client.finishInteractive("main", InteractionRelease(completionCurve: "linear"))
        }
        await harness.clock.advanceUntilIdle()
        try await harness.withClient { client throws in #expect(try client.stack("main").screens == ["home", "b"]) }
        await harness.shutdown()
    }

    @Test func animatorsStatisticsAndInfo() async throws {
        let harness = try ClientHarness()
        try await harness.withClient { client throws in
            #expect(try client.listAnimators().count == BuiltinAnimators.all.count)
            var animator = try #require(BuiltinAnimators.named("fade"))
            animator.name = "myFade"
            #expect(
                try client.defineAnimator(animator) == ["push", "pop", "present", "dismiss", "selectTab", "resize"])
            let listed = try #require(try client.listAnimators().first { $0.name == "myFade" })
            #expect(listed.builtin == false && listed.presentation == false && listed.reducedOperations == [])
            #expect(try client.listAnimators().first { $0.name == "pageTurn" }?.reducedOperations == ["push", "pop"])
            let info = try client.info()
            #expect(info.interfaces == ["org.varlink.service", "io.transitiond"])
            #expect(try client.interfaceDescription() == TransitionInterface.description)
            let statistics = try client.statistics()
            #expect(statistics.stacks == 0)
            #expect(statistics.framesPerSecond == 60)
        }
        await harness.shutdown()
    }

    @Test func errorsCarryTheirCodeAndFields() async throws {
        let harness = try ClientHarness()
        try await harness.withClient { client throws in
            try client.createStack("main", width: 375, height: 667, root: ClientHarness.screen("home"))
            do throws(TransitionClientError) {
                try client.pop("main")
                Issue.record("popping the root succeeded")
            } catch {
                #expect(error.code == .stackUnderflow)
                #expect(error.parameter == "stack")
                #expect(error.fields["stack"] == "main")
                #expect(!error.message.isEmpty)
                #expect(error.description.hasPrefix("StackUnderflow (stack): "))
            }
            do throws(TransitionClientError) {
                _ = try client.call("GetStack", ["name": 7])
                Issue.record("a number as a name was accepted")
            } catch {
                #expect(error.code == .invalidParameter)
                #expect(error.parameter == "name")
                // The Varlink layer sends it without a message; the client says what it means.
                #expect(
                    error.message.hasPrefix("The daemon refused parameter 'name': it is missing, of the wrong type"))
            }
            do throws(TransitionClientError) {
                _ = try client.call("Frobnicate")
                Issue.record("an unknown method was answered")
            } catch {
                #expect(
                    error.message
                        == "The daemon has no method io.transitiond.Frobnicate; it may be older than this client.")
            }
        }
        do throws(TransitionClientError) {
            _ = try TransitionClient(path: harness.directory + "/nothing-here")
            Issue.record("connected to nothing")
        } catch {
            #expect(error.code == .cannotConnect)
        }
        await harness.shutdown()
    }

    /// Every standard `org.varlink.service` error, which comes without a message, gets one saying what it
    /// means; another error without a message is named.
    @Test func standardVarlinkErrorsGetAMessage() {
        let messages = [
            VarlinkError.interfaceNotFound("a.b"), .methodNotImplemented("a.b.C"), .expectedMore(), .permissionDenied(),
        ].map { TransitionClientError($0).message }
        #expect(
            messages == [
                "The daemon does not implement the interface a.b.",
                "The daemon declares a.b.C but does not implement it.",
                "The method streams its replies; call it with more.",
                "The daemon refused the call (permission denied).",
            ])
        #expect(
            TransitionClientError(VarlinkError(name: "org.example.Odd", parameters: [:])).message
                == "The daemon failed the call with org.example.Odd.")
    }
}
