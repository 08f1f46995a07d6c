import Testing

@testable import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessEnvironmentTests {
    /// `sd_watchdog_enabled` reading WATCHDOG_USEC and WATCHDOG_PID from the environment.
    @Suite struct WatchdogTests {
        @Test func armedWatchdogForThisProcess() throws {
            try ProcessEnvironmentTests.with(["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": String(getpid())]) {
                () throws in
                let watchdog = try #require(try Watchdog.fromEnvironment())
                #expect(watchdog.timeoutMicroseconds == 3_000_000)
                #expect(watchdog.pingIntervalMicroseconds == 1_500_000)
                #expect(getenv("WATCHDOG_USEC") != nil)
            }
        }

        @Test func withoutPIDTheWatchdogIsOurs() throws {
            try ProcessEnvironmentTests.with(["WATCHDOG_USEC": "20000000", "WATCHDOG_PID": nil]) { () throws in
                let watchdog = try Watchdog.fromEnvironment()
                #expect(watchdog?.timeoutMicroseconds == 20_000_000)
            }
        }

        @Test func anotherProcessesWatchdogOrNoneIsNil() throws {
            try ProcessEnvironmentTests.with(["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": String(getpid() + 1)]) {
                () throws in
                let watchdog = try Watchdog.fromEnvironment()
                #expect(watchdog == nil)
            }
            try ProcessEnvironmentTests.with(["WATCHDOG_USEC": nil, "WATCHDOG_PID": nil]) { () throws in
                let watchdog = try Watchdog.fromEnvironment()
                #expect(watchdog == nil)
            }
        }

        @Test func unsettingRemovesTheVariables() throws {
            try ProcessEnvironmentTests.with(["WATCHDOG_USEC": "3000000", "WATCHDOG_PID": String(getpid())]) {
                () throws in
                let watchdog = try Watchdog.fromEnvironment(unsettingEnvironment: true)
                #expect(watchdog != nil)
                #expect(getenv("WATCHDOG_USEC") == nil)
                #expect(getenv("WATCHDOG_PID") == nil)
            }
        }

        // libsystemd's safe_atou64() reports EINVAL for text and ERANGE for a '-' sign;
        // sd_watchdog_enabled() reports EINVAL for zero.
        @Test(arguments: [("abc", EINVAL), ("0", EINVAL), ("-5", ERANGE)])
        func malformedTimeoutsThrowWithErrno(timeout: String, number: Int32) throws {
            try ProcessEnvironmentTests.with(["WATCHDOG_USEC": timeout, "WATCHDOG_PID": nil]) { () throws in
                #expect {
                    try Watchdog.fromEnvironment()
                } throws: { error in
                    let error = error as? SystemdError
                    return error?.code == .watchdogFailed && error?.errno == number
                }
            }
        }
    }
}

@Suite struct WatchdogValueTests {
    @Test func zeroTimeoutIsNoWatchdog() {
        #expect(Watchdog(timeoutMicroseconds: 0) == nil)
        #expect(Watchdog(timeoutMicroseconds: 1)?.pingIntervalMicroseconds == 0)
        #expect(Watchdog(timeoutMicroseconds: 7)?.pingIntervalMicroseconds == 3)
    }
}
