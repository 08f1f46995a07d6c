import SystemPrimitives
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct SystemCallTests {
    @Test func anInterruptedCallRunsAgain() {
        var calls = 0
        let result = systemCall { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(calls == 3)
        #expect(result == .success(7))
    }

    @Test func aFailureCarriesItsErrorNumber() {
        var calls = 0
        let result = systemCall { () -> Int32 in
            calls += 1
            errno = ENOENT
            return -1
        }
        #expect(calls == 1)
        #expect(result == .failure(Errno(rawValue: ENOENT)))
        #expect(Errno(rawValue: ENOENT).description == "No such file or directory")
        #expect(Errno(rawValue: ENOSPC).name == "ENOSPC")
        #expect(Errno(rawValue: 9999).name == "errno 9999")
    }

    @Test func writeAllWritesEveryByteThroughAPipe() throws {
        var descriptors: [Int32] = [0, 0]
        try #require(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
        }
        let bytes = (0..<4_000).map { UInt8($0 % 251) }
        let written = bytes.withUnsafeBytes { writeAll(descriptors[1], $0) }
        #expect((try? written.get()) != nil)
        close(descriptors[1])
        var read: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1_024)
        while case .success(let count) = chunk.withUnsafeMutableBytes({ buffer in
            systemCall { Glibc.read(descriptors[0], buffer.baseAddress, buffer.count) }
        }), count > 0 {
            read += chunk[..<count]
        }
        #expect(read == bytes)
        // A descriptor that is none (a closed one might be reused at once by another test's thread): the
        // error number, not a crash or a loop.
        let closed = bytes.withUnsafeBytes { writeAll(-1, $0) }
        guard case .failure(let error) = closed else {
            Issue.record("a write to a closed descriptor succeeded")
            return
        }
        #expect(error == Errno(rawValue: EBADF))
    }

    @Test func sendAllSendsEveryByteOnASocket() throws {
        var pair: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
        defer {
            close(pair[0])
            close(pair[1])
        }
        let bytes = (0..<3_000).map { UInt8($0 % 241) }
        #expect((try? bytes.withUnsafeBytes { sendAll(pair[0], $0) }.get()) != nil)
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1_024)
        while received.count < bytes.count {
            let outcome = chunk.withUnsafeMutableBytes { buffer in
                systemCall { recv(pair[1], buffer.baseAddress, buffer.count, 0) }
            }
            guard case .success(let count) = outcome, count > 0 else { break }
            received += chunk[..<count]
        }
        #expect(received == bytes)
        guard case .failure(let error) = bytes.withUnsafeBytes({ sendAll(-1, $0) }) else {
            Issue.record("a send on no descriptor succeeded")
            return
        }
        #expect(error == Errno(rawValue: EBADF))
    }

    @Test func theMonotonicClockNeverGoesBackAndAPastDeadlineReturnsAtOnce() {
        let first = MonotonicClock.now()
        MonotonicClock.sleep(untilNanoseconds: first - 1_000_000_000)
        let second = MonotonicClock.now()
        #expect(second >= first)
        MonotonicClock.sleep(untilNanoseconds: second + 1_000_000)
        #expect(MonotonicClock.now() >= second + 1_000_000)
    }

    @Test(
        arguments: [
            (0.5, 500_000_000),
            (1.0 / 60, 16_666_667),
            (0, 0),
            (-1, 0),
            (Double.nan, 0),
            (Double.infinity, 0),
            // Capped at a century: 100 × 365.25 days of 86,400 s.
            (1e300, 3_155_760_000_000_000_000),
        ] as [(Double, Int64)])
    func secondsToNanoseconds(seconds: Double, expected: Int64) {
        #expect(MonotonicClock.nanoseconds(fromSeconds: seconds) == expected)
    }
}
