/// Screens and animators as inline JSON arguments, for commands run against the daemon.
enum TestScreens {
    /// A screen `id` with one root node filling a 375 × 667 container.
    static func screen(_ id: String, kind: String = "page") -> String {
        #"{"id":"\#(id)","kind":"\#(kind)","root":{"id":"view","frame":[0,0,375,667]}}"#
    }

    /// An animator that fades the new screen in (push) or the old one out (pop) over `seconds`, slowly
    /// enough that a transition is certainly still running when the next command arrives.
    static func slowFade(name: String = "slowFade", seconds: Double = 60) -> String {
        #"{"name":"\#(name)","variants":{"#
            + #""push":{"duration":\#(seconds),"setup":[{"target":"to","property":"alpha","value":0}],"#
            + #""phases":[{"duration":\#(seconds),"tracks":[{"target":"to","property":"alpha","to":1}]}]},"#
            + #""pop":{"duration":\#(seconds),"phases":[{"duration":\#(seconds),"tracks":[{"target":"from","property":"alpha","to":0}]}]}}}"#
    }
}
