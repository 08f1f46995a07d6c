/// Values of the right type but not allowed: names, sizes, combinations of fields, screens and
/// animators (docs/protocol.md, docs/screens.md, docs/animators.md).
extension MalformedCase {
    private static let size = #""width":375,"height":667"#
    private static let home = DaemonFixture.screen("home")

    static let values: [MalformedCase] = [
        .call(.values, "an empty stack name", "CreateStack", #"{"name":"",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "a stack name of 257 bytes", "CreateStack", #"{"name":"\#(String(repeating: "n", count: 257))",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "a stack name of 258 bytes in 86 euro signs", "CreateStack", #"{"name":"\#(String(repeating: "€", count: 86))",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "a stack name with a control character", "CreateStack", #"{"name":"a\u0001b",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "a stack name with a line feed", "CreateStack", #"{"name":"a\nb",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "a stack name with DEL", "CreateStack", #"{"name":"a\u007f",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "a stack name of one NUL", "CreateStack", #"{"name":"\u0000",\#(size),"root":\#(home)}"#, .invalidValue("name")),
        .call(.values, "both root and tabs", "CreateStack", #"{"name":"both",\#(size),"root":\#(home),"tabs":[{"name":"a","screens":[\#(DaemonFixture.screen("a1"))]}]}"#, .invalidValue("root")),
        .call(.values, "neither root nor tabs", "CreateStack", #"{"name":"neither",\#(size)}"#, .invalidValue("root")),
        .call(.values, "no tabs", "CreateStack", #"{"name":"none",\#(size),"tabs":[]}"#, .invalidValue("tabs")),
        .call(.values, "a tab with an empty name", "CreateStack", #"{"name":"t",\#(size),"tabs":[{"name":"","screens":[\#(home)]}]}"#, .invalidValue("tabs[0].name")),
        .call(.values, "a tab without screens", "CreateStack", #"{"name":"t",\#(size),"tabs":[{"name":"a","screens":[]}]}"#, .invalidValue("tabs[0].screens")),
        .call(.values, "two tabs with one name", "CreateStack", #"{"name":"t",\#(size),"tabs":[{"name":"a","screens":[\#(DaemonFixture.screen("a1"))]},{"name":"a","screens":[\#(DaemonFixture.screen("a2"))]}]}"#, .invalidValue("tabs[1].name")),
        .call(.values, "a name taken", "CreateStack", #"{"name":"idle",\#(size),"root":\#(home)}"#, .error("StackExists", "name", ["stack": "idle"])),
        .call(.values, "a rule naming an unknown animator", "CreateStack", #"{"name":"r",\#(size),"root":\#(home),"rules":[{"animator":"nope"}]}"#, .error("NoSuchAnimator", "rules[0].animator", ["animator": "nope"])),
        .call(.values, "SetRules naming an unknown animator", "SetRules", #"{"stack":"idle","rules":[{"animator":"fade"},{"animator":"nope"}]}"#, .error("NoSuchAnimator", "rules[1].animator", ["animator": "nope"])),
        .call(.values, "an empty animator name", "Pop", #"{"stack":"idle","animator":""}"#, .invalidValue("animator")),
        .call(.values, "an animator name of 65 bytes", "Pop", #"{"stack":"idle","animator":"\#(String(repeating: "a", count: 65))"}"#, .invalidValue("animator")),
        .call(.values, "an unknown animator", "Pop", #"{"stack":"idle","animator":"nope"}"#, .error("NoSuchAnimator", "animator", ["animator": "nope"])),
        .call(.values, "an animator without the operation", "Pop", #"{"stack":"idle","animator":"slowFade"}"#, .error("NoSuchAnimator", "animator", ["animator": "slowFade"])),
        .call(.values, "an empty source node", "Push", #"{"stack":"idle","screen":\#(DaemonFixture.screen("s")),"sourceNode":""}"#, .invalidValue("sourceNode")),
        .call(.values, "a source node with a control character", "Push", #"{"stack":"idle","screen":\#(DaemonFixture.screen("s")),"sourceNode":"\u001b[2J"}"#, .invalidValue("sourceNode")),
        .call(.values, "BeginInteractive push without a screen", "BeginInteractive", #"{"stack":"idle","operation":"push"}"#, .invalidValue("screen")),
        .call(.values, "BeginInteractive present without a screen", "BeginInteractive", #"{"stack":"idle","operation":"present"}"#, .invalidValue("screen")),
        .call(.values, "BeginInteractive selectTab without a tab", "BeginInteractive", #"{"stack":"tabs","operation":"selectTab"}"#, .invalidValue("tab")),
        .call(.values, "BeginInteractive pop with a screen", "BeginInteractive", #"{"stack":"idle","operation":"pop","screen":\#(DaemonFixture.screen("s"))}"#, .invalidValue("screen")),
        .call(.values, "BeginInteractive dismiss with a tab", "BeginInteractive", #"{"stack":"presented","operation":"dismiss","tab":"main"}"#, .invalidValue("tab")),
        .call(.values, "BeginInteractive push with toScreen", "BeginInteractive", #"{"stack":"idle","operation":"push","screen":\#(DaemonFixture.screen("s")),"toScreen":"home"}"#, .invalidValue("toScreen")),
        .call(.values, "an unknown completion curve", "FinishInteractive", #"{"stack":"gesture","completionCurve":"bounce"}"#, .invalidValue("completionCurve")),
        .call(.values, "an empty completion curve", "CancelInteractive", #"{"stack":"gesture","completionCurve":""}"#, .invalidValue("completionCurve")),
        .call(.values, "a completion curve in other case", "FinishInteractive", #"{"stack":"gesture","completionCurve":"EaseIn"}"#, .invalidValue("completionCurve")),
        .call(.values, "SetScreens with no screens", "SetScreens", #"{"stack":"idle","screens":[]}"#, .invalidValue("screens")),
    ]

    /// A `Push` of `screen` (JSON text) onto `idle`, failing with `InvalidScreen` at `path`.
    private static func badScreen(_ name: String, _ screen: String, _ path: String) -> MalformedCase {
        .call(.screens, name, "Push", #"{"stack":"idle","screen":\#(screen)}"#, .invalidScreen(path))
    }

    /// A flat screen whose nodes form a chain `count` levels deep.
    private static func chain(_ count: Int) -> String {
        let nodes = (0..<count).map { index in
            index == 0
                ? #"{"id":"n0","frame":[0,0,1,1]}"# : #"{"id":"n\#(index)","parent":"n\#(index - 1)","frame":[0,0,1,1]}"#
        }
        return #"{"id":"chain","nodes":[\#(nodes.joined(separator: ","))]}"#
    }

    /// A screen whose root has `count` children: `count + 1` nodes.
    private static func wide(_ count: Int) -> String {
        let children = (0..<count).map { #"{"id":"c\#($0)","frame":[0,0,1,1]}"# }
        return #"{"id":"wide","root":{"id":"view","frame":[0,0,375,667],"children":[\#(children.joined(separator: ","))]}}"#
    }

    static let screens: [MalformedCase] = [
        badScreen("an empty screen", "{}", "screen.id"),
        badScreen("an empty screen id", #"{"id":"","root":{"id":"view","frame":[0,0,1,1]}}"#, "screen.id"),
        badScreen("a screen id that is a number", #"{"id":5,"root":{"id":"view","frame":[0,0,1,1]}}"#, "screen.id"),
        badScreen("a screen id with a control character", #"{"id":"a\u0007","root":{"id":"view","frame":[0,0,1,1]}}"#, "screen.id"),
        badScreen("a screen without nodes", #"{"id":"s"}"#, "screen.nodes"),
        badScreen("a screen with root and nodes", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1]},"nodes":[{"id":"view","frame":[0,0,1,1]}]}"#, "screen.nodes"),
        badScreen("a kind that is a number", #"{"id":"s","kind":5,"root":{"id":"view","frame":[0,0,1,1]}}"#, "screen.kind"),
        badScreen("a node without frame", #"{"id":"s","root":{"id":"view"}}"#, "screen.root.frame"),
        badScreen("a frame of three numbers", #"{"id":"s","root":{"id":"view","frame":[0,0,375]}}"#, "screen.root.frame"),
        badScreen("a frame of strings", #"{"id":"s","root":{"id":"view","frame":["0","0","375","667"]}}"#, "screen.root.frame[0]"),
        badScreen("a frame of negative width", #"{"id":"s","root":{"id":"view","frame":[0,0,-375,667]}}"#, "screen.root.frame"),
        badScreen("a frame of infinite size as a string", #"{"id":"s","root":{"id":"view","frame":[0,0,"Infinity",667]}}"#, "screen.root.frame[2]"),
        badScreen("alpha above 1", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"alpha":2}}"#, "screen.root.alpha"),
        badScreen("alpha below 0", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"alpha":-0.5}}"#, "screen.root.alpha"),
        badScreen("alpha a string", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"alpha":"1"}}"#, "screen.root.alpha"),
        badScreen("an anchor point of one number", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"anchorPoint":[0.5]}}"#, "screen.root.anchorPoint"),
        badScreen("hidden a string", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"hidden":"no"}}"#, "screen.root.hidden"),
        badScreen("zIndex a word", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"zIndex":"top"}}"#, "screen.root.zIndex"),
        badScreen("a transform that is a string", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"transform":"rotate"}}"#, "screen.root.transform"),
        badScreen("children an object", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"children":{}}}"#, "screen.root.children"),
        badScreen("a node id used twice", #"{"id":"s","root":{"id":"view","frame":[0,0,1,1],"children":[{"id":"view","frame":[0,0,1,1]}]}}"#, "screen.root.children[0].id"),
        badScreen("a node id of 257 bytes", #"{"id":"s","root":{"id":"\#(String(repeating: "v", count: 257))","frame":[0,0,1,1]}}"#, "screen.root.id"),
        badScreen("an unknown parent", #"{"id":"s","nodes":[{"id":"view","frame":[0,0,1,1]},{"id":"a","parent":"x","frame":[0,0,1,1]}]}"#, "screen.nodes[1].parent"),
        badScreen("two roots", #"{"id":"s","nodes":[{"id":"view","frame":[0,0,1,1]},{"id":"a","frame":[0,0,1,1]}]}"#, "screen.nodes[1].parent"),
        badScreen("a cycle of parents", #"{"id":"s","nodes":[{"id":"view","frame":[0,0,1,1]},{"id":"a","parent":"b","frame":[0,0,1,1]},{"id":"b","parent":"a","frame":[0,0,1,1]}]}"#, "screen.nodes[1].parent"),
        badScreen("65 levels", chain(65), "screen.nodes[64]"),
        badScreen("alpha out of range on a flat node", #"{"id":"s","nodes":[{"id":"view","frame":[0,0,1,1]},{"id":"a","parent":"view","frame":[0,0,1,1],"alpha":3}]}"#, "screen.nodes[1].alpha"),
        badScreen("4097 nodes", wide(4096), "screen.root.children[4095]"),
        .call(.screens, "a screen id already in the stack", "Push", #"{"stack":"idle","screen":\#(home)}"#, .error("ScreenExists", "screen", ["stack": "idle", "screen": "home"])),
        .call(.screens, "a presented screen id already in the stack", "Present", #"{"stack":"idle","screen":\#(DaemonFixture.screen("detail"))}"#, .error("ScreenExists", "screen", ["stack": "idle", "screen": "detail"])),
        .call(.screens, "SetScreens with one id twice", "SetScreens", #"{"stack":"idle","screens":[\#(home),\#(home)]}"#, .error("ScreenExists", "screens[1]", ["stack": "idle", "screen": "home"])),
        .call(.screens, "SetScreens with a bad second screen", "SetScreens", #"{"stack":"idle","screens":[\#(home),{"id":"x"}]}"#, .invalidScreen("screens[1].nodes")),
        .call(.screens, "CreateStack with a bad root", "CreateStack", #"{"name":"bad",\#(size),"root":{"id":"home"}}"#, .invalidScreen("root.nodes")),
        .call(.screens, "CreateStack with a bad tab screen", "CreateStack", #"{"name":"bad",\#(size),"tabs":[{"name":"a","screens":[{"id":""}]}]}"#, .invalidScreen("tabs[0].screens[0].nodes")),
    ]

    private static func slow(_ variant: String, name: String = "bad") -> String {
        #"{"animator":{"name":"\#(name)","variants":{"push":\#(variant)}}}"#
    }

    /// `DefineAnimator` with animators that cannot be defined; nothing is defined.
    static let animators: [MalformedCase] = [
        .call(.animators, "an empty animator", "DefineAnimator", #"{"animator":{}}"#, .error("InvalidAnimator", "animator.name")),
        .call(.animators, "an animator without variants", "DefineAnimator", #"{"animator":{"name":"bare"}}"#, .error("InvalidAnimator", "animator.variants")),
        .call(.animators, "an animator name with a space", "DefineAnimator", #"{"animator":{"name":"two words","variants":{}}}"#, .error("InvalidAnimator", "animator.name")),
        .call(.animators, "an animator name of 65 bytes", "DefineAnimator", #"{"animator":{"name":"\#(String(repeating: "a", count: 65))","variants":{}}}"#, .error("InvalidAnimator", "animator.name")),
        .call(.animators, "a variant for an unknown operation", "DefineAnimator", #"{"animator":{"name":"bad","variants":{"jump":{"duration":1,"phases":[]}}}}"#, .error("InvalidAnimator", "animator.variants.jump")),
        .call(.animators, "a negative duration", "DefineAnimator", slow(#"{"duration":-1,"phases":[]}"#), .error("InvalidAnimator", "animator.variants.push.duration")),
        .call(.animators, "a transition of 601 seconds", "DefineAnimator", slow(#"{"duration":601,"phases":[{"duration":601,"tracks":[{"target":"to","property":"alpha","to":1}]}]}"#), .error("InvalidAnimator", "animator.variants.push.phases")),
        .call(.animators, "a duration that is a word", "DefineAnimator", slow(#"{"duration":"long","phases":[]}"#), .error("InvalidAnimator", "animator.variants.push.duration")),
        .call(.animators, "a built-in name", "DefineAnimator", slow(#"{"duration":1,"phases":[]}"#, name: "fade"), .error("InvalidAnimator", "animator.name")),
        .call(.animators, "replacing a built-in", "DefineAnimator", #"{"animator":{"name":"slide","variants":{"push":{"duration":1,"phases":[]}}},"replace":true}"#, .error("InvalidAnimator", "animator.name")),
        .call(.animators, "a defined name without replace", "DefineAnimator", slow(#"{"duration":1,"phases":[]}"#, name: "slowFade"), .error("AnimatorExists", "animator.name", ["animator": "slowFade"])),
    ]
}
