import JSON
import Testing
import TransitionCore
import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reduce Motion through the real daemon: `ReduceMotion=` in transitiond.conf and on reload, a stack's
/// own setting (CreateStack's and SetReduceMotion's `reduceMotion`) over it and across a restart, and
/// every bad value refused by name with nothing changed.
@Suite(.serialized) struct ReduceMotionDaemonTests {
    /// Push: 120 s in full, 60 s reduced. Pop: completes at 30 s in full (its `duration` says 90 s) and
    /// has no reduced variant, so Reduce Motion cross-fades it for 90 s. A running transition's
    /// `durationSeconds` tells which script it runs.
    static let timedAnimator =
        #"{"name":"timed","variants":{"push":\#(fade(120)),"pop":{"duration":90,"layers":["to","from"],"#
        + #""phases":[{"duration":30,"tracks":[{"target":"from","property":"alpha","to":0}]}]}},"#
        + #""reducedVariants":{"push":\#(fade(60))}}"#

    /// A push's cross-fade of `seconds`.
    static func fade(_ seconds: Int) -> String {
        #"{"duration":\#(seconds),"setup":[{"target":"to","property":"alpha","value":0}],"#
            + #""phases":[{"duration":"duration","tracks":[{"target":"to","property":"alpha","to":1}]}]}"#
    }

    static let screen = #"{"id":"home","root":{"id":"root","frame":[0,0,375,667]}}"#
    static let detail = #"{"id":"detail","root":{"id":"root","frame":[0,0,375,667]}}"#

    /// The reply's `parameters`, or an `error` member holding the error's name beside them.
    static func call(_ daemon: DaemonUnderTest, _ method: String, _ parameters: String) -> JSONValue? {
        guard let text = VarlinkCall.call(daemon.socketPath, "io.transitiond.\(method)", parameters),
            let reply = try? JSONReader.parse(text)
        else { return nil }
        guard let error = reply["error"] else { return reply["parameters"] }
        var object = reply["parameters"]?.objectValue ?? JSONObject()
        object["error"] = error
        return .object(object)
    }

    /// Creates `name` with the `timed` rule and, when given, its own setting.
    static func createStack(_ name: String, reduceMotion: String? = nil, on daemon: DaemonUnderTest) -> JSONValue? {
        let setting = reduceMotion.map { #","reduceMotion":"\#($0)""# } ?? ""
        return call(
            daemon, "CreateStack",
            #"{"name":"\#(name)","width":375,"height":667,"root":\#(screen),"rules":[{"animator":"timed"}]\#(setting)}"#
        )
    }

    /// The duration of the transition a push of `detail` on `stack` runs.
    static func pushDuration(_ stack: String, on daemon: DaemonUnderTest) -> Double? {
        _ = call(daemon, "Push", #"{"stack":"\#(stack)","screen":\#(detail)}"#)
        return call(daemon, "GetStack", #"{"name":"\#(stack)"}"#)?["stack"]?["transition"]?["durationSeconds"]?
            .doubleValue
    }

    /// The duration of the transition a pop of `stack` runs, `detail` pushed without animation first.
    static func popDuration(_ stack: String, on daemon: DaemonUnderTest) -> Double? {
        _ = call(daemon, "Push", #"{"stack":"\#(stack)","screen":\#(detail),"animated":false}"#)
        _ = call(daemon, "Pop", #"{"stack":"\#(stack)"}"#)
        return call(daemon, "GetStack", #"{"name":"\#(stack)"}"#)?["stack"]?["transition"]?["durationSeconds"]?
            .doubleValue
    }

    static func setting(of stack: String, on daemon: DaemonUnderTest) -> JSONValue? {
        call(daemon, "GetStack", #"{"name":"\#(stack)"}"#)?["stack"]?["reduceMotion"]
    }

    @Test func theDaemonSettingAndEachStacksOwnChooseTheScriptAndPersist() async throws {
        try await OffPool.run {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let configured = try ConfiguredDaemon(configuration: "[Daemon]\nReduceMotion=yes\n", directory: directory)
            let daemon = configured.daemon
            #expect(Self.call(daemon, "DefineAnimator", #"{"animator":\#(Self.timedAnimator)}"#)?["error"] == nil)

            // ReduceMotion=yes: the reduced push, and the pop's cross-fade of its 90 s duration.
            #expect(Self.createStack("following", on: daemon)?["stack"]?["reduceMotion"] == "followDaemon")
            #expect(Self.pushDuration("following", on: daemon) == 60)
            #expect(Self.createStack("popping", on: daemon) != nil)
            #expect(Self.popDuration("popping", on: daemon) == 90)
            // A stack's own off runs the full push; SetReduceMotion changes a stack's setting.
            #expect(Self.createStack("full", reduceMotion: "off", on: daemon)?["stack"]?["reduceMotion"] == "off")
            #expect(Self.pushDuration("full", on: daemon) == 120)
            #expect(Self.createStack("changed", on: daemon) != nil)
            let result = Self.call(daemon, "SetReduceMotion", #"{"stack":"changed","reduceMotion":"off"}"#)
            #expect(result?["result"]?["outcome"] == "completed")
            #expect(Self.setting(of: "changed", on: daemon) == "off")
            #expect(Self.pushDuration("changed", on: daemon) == 120)

            // A reload turns it off: new transitions run in full, a stack's own on still reduces, and the
            // transition running since before the reload keeps its reduced animator.
            #expect(Self.createStack("reduced", reduceMotion: "on", on: daemon) != nil)
            #expect(try configured.reload(with: "[Daemon]\nReduceMotion=no\n"))
            #expect(daemon.log.contains("Reloaded configuration: changed Daemon.ReduceMotion"), "\(daemon.log)")
            let running = Self.call(daemon, "GetStack", #"{"name":"following"}"#)?["stack"]?["transition"]
            #expect(running?["durationSeconds"] == 60)
            #expect(Self.createStack("after", on: daemon) != nil)
            #expect(Self.pushDuration("after", on: daemon) == 120)
            #expect(Self.pushDuration("reduced", on: daemon) == 60)

            // Every stack's own setting comes back after a restart.
            daemon.send(SIGTERM)
            #expect(daemon.waitForExit() == 0)
            let again = try DaemonUnderTest(directory: directory, waitForReady: false)
            #expect(again.waitUntilServing())
            #expect(Self.setting(of: "full", on: again) == "off")
            #expect(Self.setting(of: "changed", on: again) == "off")
            #expect(Self.setting(of: "reduced", on: again) == "on")
            #expect(Self.setting(of: "following", on: again) == "followDaemon")
            again.send(SIGTERM)
            #expect(again.waitForExit() == 0)
        }
    }

    /// Each new field's bad values are refused with an error naming it, and change nothing.
    @Test(arguments: [
        ("SetReduceMotion", #"{"stack":"main","reduceMotion":"sometimes"}"#, "org.varlink.service.InvalidParameter"),
        ("SetReduceMotion", #"{"stack":"main","reduceMotion":true}"#, "org.varlink.service.InvalidParameter"),
        ("SetReduceMotion", #"{"stack":"main"}"#, "org.varlink.service.InvalidParameter"),
        ("SetReduceMotion", #"{"stack":"absent","reduceMotion":"on"}"#, "io.transitiond.NoSuchStack"),
        (
            "CreateStack",
            #"{"name":"other","width":375,"height":667,"root":\#(screen),"reduceMotion":"yes"}"#,
            "org.varlink.service.InvalidParameter"
        ),
        (
            "DefineAnimator",
            #"{"animator":{"name":"a","variants":{"push":\#(fade(1))},"reducedVariants":{"pop":\#(fade(1))}}}"#,
            "io.transitiond.InvalidAnimator"
        ),
        (
            "DefineAnimator",
            #"{"animator":{"name":"a","variants":{"push":\#(fade(1))},"reducedVariants":{"push":{"duration":1,"layers":["to"],"phases":[]}}}}"#,
            "io.transitiond.InvalidAnimator"
        ),
    ])
    func badValuesAreRefusedByName(method: String, parameters: String, error: String) async throws {
        try await OffPool.run {
            let daemon = try DaemonUnderTest()
            #expect(
                Self.call(daemon, "CreateStack", #"{"name":"main","width":375,"height":667,"root":\#(Self.screen)}"#)
                    != nil)
            let before = Self.call(daemon, "GetStack", #"{"name":"main"}"#)
            let reply = try #require(Self.call(daemon, method, parameters))
            #expect(reply["error"]?.stringValue == error, "\(reply)")
            let parameter = reply["parameter"]?.stringValue ?? ""
            let expected: String =
                switch method {
                case "SetReduceMotion": parameters.contains("absent") ? "stack" : "reduceMotion"
                case "CreateStack": "reduceMotion"
                default:
                    parameters.contains(#""layers":["to"]"#)
                        ? "animator.reducedVariants.push.layers" : "animator.reducedVariants.pop"
                }
            #expect(parameter == expected, "\(reply)")
            if error.hasPrefix("io.transitiond.") {
                let message = reply["message"]?.stringValue
                #expect(message?.isEmpty == false, "\(reply)")
            }
            #expect(Self.call(daemon, "GetStack", #"{"name":"main"}"#) == before)
            #expect(Self.call(daemon, "ListStacks", "{}")?["stacks"]?.arrayValue?.count == 1)
            #expect(
                Self.call(daemon, "ListAnimators", "{}")?["animators"]?.arrayValue?.count
                    == BuiltinAnimators.all.count)
            #expect(daemon.stop() == 0)
        }
    }
}
