/// Calls from `nobody` (uid 65534) to change root's stacks, and calls whose replies nobody waits for.
extension MalformedCase {
    private static let detour = DaemonFixture.screen("detour")

    private static func foreign(_ name: String, _ method: String, _ parameters: String, _ stack: String)
        -> MalformedCase
    {
        .call(.otherUser, name, method, parameters, as: .otherUser, .permissionDenied(stack))
    }

    /// Changing another user's stack is `PermissionDenied` with the caller's uid; access is checked
    /// after the values and before the engine's rules (docs/protocol.md, "Conventions"), so a stack
    /// that would refuse the operation anyway still answers `PermissionDenied`, and a bad value is
    /// still `InvalidValue`.
    static let otherUser: [MalformedCase] = [
        .call(.otherUser, "DeleteStack", "DeleteStack", #"{"name":"idle"}"#, as: .otherUser, .error("PermissionDenied", "name", ["stack": "idle", "uid": 65534])),
        foreign("SetRules", "SetRules", #"{"stack":"idle","rules":[],"policy":"reject"}"#, "idle"),
        foreign("Push", "Push", #"{"stack":"idle","screen":\#(detour)}"#, "idle"),
        foreign("Pop", "Pop", #"{"stack":"idle"}"#, "idle"),
        foreign("PopToRoot", "PopToRoot", #"{"stack":"idle","animated":false}"#, "idle"),
        foreign("PopTo", "PopTo", #"{"stack":"idle","screen":"home"}"#, "idle"),
        foreign("SetScreens", "SetScreens", #"{"stack":"idle","screens":[\#(detour)]}"#, "idle"),
        foreign("Present", "Present", #"{"stack":"idle","screen":\#(detour)}"#, "idle"),
        foreign("Dismiss", "Dismiss", #"{"stack":"presented"}"#, "presented"),
        foreign("SelectTab", "SelectTab", #"{"stack":"tabs","tab":"profile"}"#, "tabs"),
        foreign("BeginInteractive", "BeginInteractive", #"{"stack":"idle","operation":"pop"}"#, "idle"),
        foreign("UpdateInteractive", "UpdateInteractive", #"{"stack":"gesture","fraction":0.5}"#, "gesture"),
        foreign("FinishInteractive", "FinishInteractive", #"{"stack":"gesture"}"#, "gesture"),
        foreign("CancelInteractive", "CancelInteractive", #"{"stack":"gesture"}"#, "gesture"),
        foreign("Pause", "Pause", #"{"stack":"animating"}"#, "animating"),
        foreign("Resume", "Resume", #"{"stack":"animating"}"#, "animating"),
        foreign("Reverse", "Reverse", #"{"stack":"animating"}"#, "animating"),
        foreign("Scrub", "Scrub", #"{"stack":"animating","fraction":0.5}"#, "animating"),
        foreign("popping the root", "Pop", #"{"stack":"root"}"#, "root"),
        foreign("Push during a transition", "Push", #"{"stack":"animating","screen":\#(detour)}"#, "animating"),
        foreign("Dismiss with nothing presented", "Dismiss", #"{"stack":"idle"}"#, "idle"),
        .call(.otherUser, "a bad fraction", "UpdateInteractive", #"{"stack":"gesture","fraction":2}"#, as: .otherUser, .invalidValue("fraction")),
        .call(.otherUser, "a wrong type", "Pop", #"{"stack":"idle","animated":"no"}"#, as: .otherUser, .invalidParameter("animated")),
        .call(.otherUser, "an unknown stack", "Pop", #"{"stack":"nope"}"#, as: .otherUser, .noSuchStack("nope")),
        .call(.otherUser, "a name taken", "CreateStack", #"{"name":"idle","width":375,"height":667,"root":\#(detour)}"#, as: .otherUser, .error("StackExists", "name", ["stack": "idle"])),
        .oneway(.otherUser, "a oneway update of another user's gesture", "UpdateInteractive", #"{"stack":"gesture","fraction":0.9}"#, as: .otherUser),
        .oneway(.otherUser, "a oneway delete of another user's stack", "DeleteStack", #"{"name":"root"}"#, as: .otherUser),
    ]

    /// `oneway` calls get no reply, an error included; the next call on the connection is answered
    /// first. Pipelined calls are answered in order, each with its own error.
    static let oneway: [MalformedCase] = [
        .oneway(.oneway, "a wrong type", "Push", #"{"stack":"idle","screen":"detail"}"#),
        .oneway(.oneway, "popping the root", "Pop", #"{"stack":"root"}"#),
        .oneway(.oneway, "a fraction out of range", "UpdateInteractive", #"{"stack":"gesture","fraction":7}"#),
        .oneway(.oneway, "a NaN string", "UpdateInteractive", #"{"stack":"gesture","fraction":"NaN"}"#),
        .oneway(.oneway, "an update with nothing running", "UpdateInteractive", #"{"stack":"idle","fraction":0.5}"#),
        .oneway(.oneway, "an update of a transition that is not interactive", "UpdateInteractive", #"{"stack":"animating","fraction":0.5}"#),
        .oneway(.oneway, "a pause during a gesture", "Pause", #"{"stack":"gesture"}"#),
        .oneway(.oneway, "a name taken", "CreateStack", #"{"name":"root","width":375,"height":667,"root":\#(detour)}"#),
        .oneway(.oneway, "an unknown stack", "UpdateInteractive", #"{"stack":"nope","fraction":0.5}"#),
        MalformedCase(
            .oneway, "two bad calls pipelined",
            bytes: Array((callText("Pop", #"{"stack":"root"}"#) + "\0" + callText("Nope", "{}") + "\0").utf8),
            replies: [.error("StackUnderflow", "stack", ["stack": "root"]), .methodNotFound("io.transitiond.Nope")],
            fate: .survives),
        MalformedCase(
            .oneway, "a bad call, then a good one",
            bytes: Array((callText("GetStack", #"{"name":5}"#) + "\0" + callText("ListStacks", "{}") + "\0").utf8),
            replies: [.invalidParameter("name"), .success], fate: .survives),
        MalformedCase(
            .oneway, "a oneway bad call, then one with a reply",
            bytes: Array(
                (#"{"method":"io.transitiond.Pop","parameters":{"stack":"root"},"oneway":true}"# + "\0"
                    + callText("Dismiss", #"{"stack":"idle"}"#) + "\0").utf8),
            replies: [.error("NothingPresented", "stack", ["stack": "idle"])], fate: .survives),
        MalformedCase(
            .oneway, "a bad call, then one that is not JSON",
            bytes: Array((callText("Pop", #"{"stack":"nope"}"#) + "\0{\0").utf8),
            replies: [.noSuchStack("nope")], fate: .closed),
        MalformedCase(
            .oneway, "a change, then one that is not JSON",
            bytes: Array((callText("Pop", #"{"stack":"root"}"#) + "\0" + "[1,2" + "\0").utf8),
            replies: [.error("StackUnderflow", "stack", ["stack": "root"])], fate: .closed),
        MalformedCase(
            .oneway, "100 bad calls pipelined",
            bytes: Array(
                (0..<100).map { callText("Scrub", #"{"stack":"idle","fraction":\#($0 + 2)}"#) + "\0" }.joined().utf8),
            replies: Array(repeating: .invalidValue("fraction"), count: 100), fate: .survives),
    ]
}
