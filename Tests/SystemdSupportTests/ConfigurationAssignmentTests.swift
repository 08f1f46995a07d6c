import Testing

@testable import SystemdSupport

@Suite struct ConfigurationAssignmentTests {
    static func assignment(_ value: String, key: String = "Key") -> ConfigurationAssignment {
        ConfigurationAssignment(
            section: "Daemon", key: key, value: value, location: ConfigurationLocation(file: "/etc/t.conf", line: 7))
    }

    /// Runs `read` and returns the error message, or "no error".
    static func message<Value>(_ read: () throws -> Value) -> String {
        do {
            _ = try read()
            return "no error"
        } catch let error as SystemdError {
            return error.code == .badValue ? error.message : "wrong code \(error.code)"
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func badValueErrorsNameFileLineAndSetting() {
        let error = Self.assignment("abc", key: "FrameRate").badValueError("expected a number")
        #expect(error.code == .badValue)
        #expect(error.message == "/etc/t.conf:7: bad value for FrameRate: expected a number")
        #expect(error.parameter == "Daemon.FrameRate")
        #expect(error.location == ConfigurationLocation(file: "/etc/t.conf", line: 7))
        #expect(error.errno == nil)
    }

    // MARK: Integers

    @Test(arguments: [
        ("60", 60), ("+60", 60), ("-5", -5), ("0", 0), ("010", 10), ("240", 240), ("-10", -10),
    ])
    func integersInRange(text: String, expected: Int) throws {
        #expect(try Self.assignment(text).integer(in: -10...240) == expected)
    }

    @Test(arguments: [
        ("abc", "expected an integer in -10...240, got \"abc\""),
        ("241", "expected an integer in -10...240, got 241"),
        ("-11", "expected an integer in -10...240, got -11"),
        ("1.5", "expected an integer in -10...240, got \"1.5\""),
        ("0x10", "expected an integer in -10...240, got \"0x10\""),
        ("6 0", "expected an integer in -10...240, got \"6 0\""),
        ("++1", "expected an integer in -10...240, got \"++1\""),
        ("99999999999999999999", "expected an integer in -10...240, got \"99999999999999999999\""),
    ])
    func badIntegers(text: String, reason: String) {
        #expect(
            Self.message { try Self.assignment(text).integer(in: -10...240) }
                == "/etc/t.conf:7: bad value for Key: \(reason)")
    }

    // MARK: Decimal numbers

    @Test(arguments: [("59.94", 59.94), ("60", 60.0), ("-0.5", -0.5), (".25", 0.25), ("+1.0", 1.0)])
    func numbersInRange(text: String, expected: Double) throws {
        #expect(try Self.assignment(text).number(in: -1...240) == expected)
    }

    @Test(arguments: ["1e3", "inf", "nan", "1.", ".", "", "0x1p3", "1,5", "241", "-1.5"])
    func badNumbers(text: String) {
        #expect(
            Self.message { try Self.assignment(text).number(in: -1...240) }.hasPrefix(
                "/etc/t.conf:7: bad value for Key: expected a decimal number in -1.0...240.0, got "))
    }

    // MARK: Booleans (systemd's parse_boolean())

    @Test(arguments: [
        ("1", true), ("yes", true), ("y", true), ("true", true), ("t", true), ("on", true), ("YES", true), ("On", true),
        ("0", false), ("no", false), ("n", false), ("false", false), ("f", false), ("off", false), ("OFF", false),
    ])
    func booleans(text: String, expected: Bool) throws {
        #expect(try Self.assignment(text).boolean() == expected)
    }

    @Test(arguments: ["2", "enable", "yess", "", " yes"])
    func badBooleans(text: String) {
        #expect(
            Self.message { try Self.assignment(text).boolean() }
                == "/etc/t.conf:7: bad value for Key: expected a boolean (yes/no, true/false, on/off, 1/0), got \"\(text)\""
        )
    }

    // MARK: File modes (systemd's parse_mode())

    @Test(arguments: [("0640", 0o640), ("755", 0o755), ("0", 0), ("7777", 0o7777), ("00022", 0o22)])
    func fileModes(text: String, expected: UInt32) throws {
        #expect(try Self.assignment(text).fileMode() == expected)
    }

    @Test(arguments: ["0800", "10000", "rwx", "-644", "", "0o644"])
    func badFileModes(text: String) {
        #expect(
            Self.message { try Self.assignment(text).fileMode() }
                == "/etc/t.conf:7: bad value for Key: expected an octal file mode from 0 to 7777, got \"\(text)\"")
    }

    // MARK: Enumerations and strings

    enum Policy: String, CaseIterable { case queue, interrupt }

    @Test func enumerationsMatchRawValuesExactly() throws {
        #expect(try Self.assignment("interrupt").enumeration(Policy.self) == .interrupt)
        #expect(
            Self.message { try Self.assignment("Queue").enumeration(Policy.self) }
                == "/etc/t.conf:7: bad value for Key: expected one of queue, interrupt, got \"Queue\"")
        #expect(try Self.assignment("b").choice(among: ["a", "b"]) == "b")
        #expect(
            Self.message { try Self.assignment("c").choice(among: ["a", "b"]) }
                == "/etc/t.conf:7: bad value for Key: expected one of a, b, got \"c\"")
    }

    @Test func stringsAndPaths() throws {
        #expect(try Self.assignment("hello world").string() == "hello world")
        #expect(try Self.assignment("abc").string(maximumLength: 3) == "abc")
        #expect(
            Self.message { try Self.assignment("abcd").string(maximumLength: 3) }
                == "/etc/t.conf:7: bad value for Key: expected at most 3 characters, got 4")
        #expect(try Self.assignment("/run/transitiond/ctl.sock").absolutePath() == "/run/transitiond/ctl.sock")
        #expect(
            Self.message { try Self.assignment("run/x").absolutePath() }
                == "/etc/t.conf:7: bad value for Key: expected an absolute path starting with '/', got \"run/x\"")
    }
}
