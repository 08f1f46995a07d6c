/// A stack's Reduce Motion setting as the IDL's `ReduceMotionSetting` spells it: `on` and `off` override
/// the daemon's `ReduceMotion=`, `followDaemon` follows it. The engine holds it as
/// `StackState.reduceMotion` (true, false, nil).
enum ReduceMotionSetting: String, CaseIterable {
    case on, off, followDaemon

    /// The setting that holds `reduceMotion` (`StackState.reduceMotion`).
    init(_ reduceMotion: Bool?) {
        switch reduceMotion {
        case true?: self = .on
        case false?: self = .off
        case nil: self = .followDaemon
        }
    }

    /// The engine's form: true for `on`, false for `off`, nil for `followDaemon`.
    var reduceMotion: Bool? {
        switch self {
        case .on: true
        case .off: false
        case .followDaemon: nil
        }
    }
}
