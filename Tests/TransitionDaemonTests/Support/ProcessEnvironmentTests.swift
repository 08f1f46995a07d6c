import Foundation
import Testing

/// Tests that set variables in this process's environment (libsystemd reads NOTIFY_SOCKET there at
/// each send) are nested in this one serialized suite, so no two of them overlap. No other test of
/// this target sets or depends on these variables.
@Suite(.serialized) enum ProcessEnvironmentTests {
    /// Sets the variables (nil unsets), runs `body`, restores the previous values.
    static func with<Result>(_ variables: [String: String?], _ body: () throws -> Result) rethrows -> Result {
        let previous = variables.keys.map { ($0, getenv($0).map { String(cString: $0) }) }
        for (name, value) in variables { set(name, value) }
        defer { for (name, value) in previous { set(name, value) } }
        return try body()
    }

    private static func set(_ name: String, _ value: String?) {
        if let value { setenv(name, value, 1) } else { unsetenv(name) }
    }
}
