/// NaN, infinities, and numbers too large, too small or negative where they make no sense.
///
/// As JSON tokens, `NaN` and `Infinity` are not JSON, and a number beyond the largest double
/// (`1e400`) cannot be read (docs/json.md): the message is not a call, and the connection is closed. As
/// strings they are strings where the IDL wants a float: `InvalidParameter`. Finite numbers out of
/// range are `InvalidValue`, checked before the stack's state (a bad fraction on an idle stack is
/// `InvalidValue`, not `NoTransition`).
extension MalformedCase {
    static let numbers: [MalformedCase] = [
        .closes(.numbers, "NaN token as a fraction", #"{"method":"io.transitiond.UpdateInteractive","parameters":{"stack":"gesture","fraction":NaN}}"#),
        .closes(.numbers, "nan token as a fraction", #"{"method":"io.transitiond.Scrub","parameters":{"stack":"idle","fraction":nan}}"#),
        .closes(.numbers, "Infinity token as a width", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"inf","width":Infinity,"height":667}}"#),
        .closes(.numbers, "-Infinity token as a height", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"inf","width":375,"height":-Infinity}}"#),
        .closes(.numbers, "inf token as a velocity", #"{"method":"io.transitiond.FinishInteractive","parameters":{"stack":"gesture","velocity":inf}}"#),
        .closes(.numbers, "NaN token as a velocity", #"{"method":"io.transitiond.CancelInteractive","parameters":{"stack":"gesture","velocity":NaN}}"#),
        .closes(.numbers, "1e400 as a fraction", #"{"method":"io.transitiond.UpdateInteractive","parameters":{"stack":"gesture","fraction":1e400}}"#),
        .closes(.numbers, "-1e400 as a width", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"big","width":-1e400,"height":667}}"#),
        .closes(.numbers, "a number just past the largest double", #"{"method":"io.transitiond.CreateStack","parameters":{"name":"big","width":1.7976931348623159e308,"height":667}}"#),
        .closes(.numbers, "an exponent of a million", #"{"method":"io.transitiond.FinishInteractive","parameters":{"stack":"gesture","completionSpeed":1e1000000}}"#),
        .call(.numbers, "NaN string as a fraction", "UpdateInteractive", #"{"stack":"gesture","fraction":"NaN"}"#, .invalidParameter("fraction")),
        .call(.numbers, "Infinity string as a fraction", "UpdateInteractive", #"{"stack":"gesture","fraction":"Infinity"}"#, .invalidParameter("fraction")),
        .call(.numbers, "-Infinity string as a fraction", "Scrub", #"{"stack":"animating","fraction":"-Infinity"}"#, .invalidParameter("fraction")),
        .call(.numbers, "NaN string as a width", "CreateStack", #"{"name":"nan","width":"NaN","height":667}"#, .invalidParameter("width")),
        .call(.numbers, "Infinity string as a height", "CreateStack", #"{"name":"inf","width":375,"height":"Infinity"}"#, .invalidParameter("height")),
        .call(.numbers, "inf string as a velocity", "FinishInteractive", #"{"stack":"gesture","velocity":"inf"}"#, .invalidParameter("velocity")),
        .call(.numbers, "NaN string as a completion speed", "CancelInteractive", #"{"stack":"gesture","completionSpeed":"NaN"}"#, .invalidParameter("completionSpeed")),
        .call(.numbers, "zero width", "CreateStack", #"{"name":"flat","width":0,"height":667}"#, .invalidValue("width")),
        .call(.numbers, "negative width", "CreateStack", #"{"name":"flat","width":-375,"height":667}"#, .invalidValue("width")),
        .call(.numbers, "negative zero height", "CreateStack", #"{"name":"flat","width":375,"height":-0}"#, .invalidValue("height")),
        .call(.numbers, "the largest double as a width", "CreateStack", #"{"name":"wide","width":1.7976931348623157e308,"height":667}"#, .invalidValue("width")),
        .call(.numbers, "a width past a million points", "CreateStack", #"{"name":"wide","width":1000000.5,"height":667}"#, .invalidValue("width")),
        .call(.numbers, "a height of 30 digits", "CreateStack", #"{"name":"tall","width":375,"height":123456789012345678901234567890}"#, .invalidValue("height")),
        .call(.numbers, "a tiny negative height", "CreateStack", #"{"name":"flat","width":375,"height":-5e-324}"#, .invalidValue("height")),
        .call(.numbers, "a width that underflows to zero", "CreateStack", #"{"name":"flat","width":1e-400,"height":667}"#, .invalidValue("width")),
        .call(.numbers, "a fraction below 0", "UpdateInteractive", #"{"stack":"gesture","fraction":-0.1}"#, .invalidValue("fraction")),
        .call(.numbers, "a fraction just above 1", "UpdateInteractive", #"{"stack":"gesture","fraction":1.0000000001}"#, .invalidValue("fraction")),
        .call(.numbers, "a fraction of 2", "UpdateInteractive", #"{"stack":"gesture","fraction":2}"#, .invalidValue("fraction")),
        .call(.numbers, "a fraction of -1e308", "UpdateInteractive", #"{"stack":"gesture","fraction":-1e308}"#, .invalidValue("fraction")),
        .call(.numbers, "a fraction of 1e308", "UpdateInteractive", #"{"stack":"gesture","fraction":1e308}"#, .invalidValue("fraction")),
        .call(.numbers, "a tiny negative fraction", "UpdateInteractive", #"{"stack":"gesture","fraction":-5e-324}"#, .invalidValue("fraction")),
        .call(.numbers, "an update out of range on an idle stack", "UpdateInteractive", #"{"stack":"idle","fraction":1e300}"#, .invalidValue("fraction")),
        .call(.numbers, "a scrub past 1 on a running transition", "Scrub", #"{"stack":"animating","fraction":1.5}"#, .invalidValue("fraction")),
        .call(.numbers, "a scrub below 0 on an idle stack", "Scrub", #"{"stack":"idle","fraction":-1}"#, .invalidValue("fraction")),
        .call(.numbers, "a scrub out of range during a gesture", "Scrub", #"{"stack":"gesture","fraction":7}"#, .invalidValue("fraction")),
        .call(.numbers, "a completion speed of 0", "FinishInteractive", #"{"stack":"gesture","completionSpeed":0}"#, .invalidValue("completionSpeed")),
        .call(.numbers, "a negative completion speed", "FinishInteractive", #"{"stack":"gesture","completionSpeed":-1}"#, .invalidValue("completionSpeed")),
        .call(.numbers, "a completion speed of -0", "CancelInteractive", #"{"stack":"gesture","completionSpeed":-0}"#, .invalidValue("completionSpeed")),
        .call(.numbers, "a completion speed that underflows to 0", "CancelInteractive", #"{"stack":"gesture","completionSpeed":1e-400}"#, .invalidValue("completionSpeed")),
    ]
}
