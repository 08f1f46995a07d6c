import Testing

@testable import SystemdSupport

@Suite struct LogRateLimiterTests {
    /// Feeds (key, time) messages and writes what happened as text: `a@0` admitted,
    /// `a@0+3` admitted after 3 suppressed, `-a@4` suppressed.
    private func timeline(_ limiter: inout LogRateLimiter<String>, _ messages: [(String, UInt64)]) -> String {
        messages.map { key, time in
            let admission = limiter.admit(key, nowMicroseconds: time)
            guard admission.isAdmitted else { return "-\(key)@\(time)" }
            return admission.suppressedBefore > 0 ? "\(key)@\(time)+\(admission.suppressedBefore)" : "\(key)@\(time)"
        }.joined(separator: " ")
    }

    @Test func admitsABurstPerWindowAndReportsTheSuppressed() throws {
        var limiter = try #require(LogRateLimiter<String>(intervalMicroseconds: 10, burst: 3))
        let messages: [(String, UInt64)] = [("a", 0), ("a", 1), ("a", 2), ("a", 3), ("a", 9), ("a", 10), ("a", 11)]
        #expect(timeline(&limiter, messages) == "a@0 a@1 a@2 -a@3 -a@9 a@10+2 a@11")
    }

    @Test func aQuietWindowReportsNothing() throws {
        var limiter = try #require(LogRateLimiter<String>(intervalMicroseconds: 10, burst: 1))
        #expect(timeline(&limiter, [("a", 0), ("a", 25), ("a", 26), ("a", 40)]) == "a@0 a@25 -a@26 a@40+1")
    }

    @Test func keysAreLimitedIndependently() throws {
        var limiter = try #require(LogRateLimiter<String>(intervalMicroseconds: 100, burst: 1))
        #expect(
            timeline(&limiter, [("a", 0), ("b", 1), ("a", 2), ("b", 3), ("a", 100)]) == "a@0 b@1 -a@2 -b@3 a@100+1")
        #expect(limiter.pendingSuppressedCount(for: "b") == 1)
        #expect(limiter.pendingSuppressedCount(for: "a") == 0)
    }

    @Test func timeBeforeTheWindowCountsAsInside() throws {
        var limiter = try #require(LogRateLimiter<String>(intervalMicroseconds: 10, burst: 1))
        #expect(timeline(&limiter, [("a", 50), ("a", 40), ("a", 60)]) == "a@50 -a@40 a@60+1")
    }

    @Test func trackedKeysAreBounded() throws {
        var limiter = try #require(LogRateLimiter<String>(intervalMicroseconds: 10, burst: 1, maximumKeys: 2))
        // Each new key evicts the oldest window: c evicts a, a evicts b, b evicts c, so every
        // key starts afresh and is admitted.
        #expect(timeline(&limiter, [("a", 0), ("b", 5), ("c", 6), ("a", 7), ("b", 8)]) == "a@0 b@5 c@6 a@7 b@8")
        #expect(timeline(&limiter, [("b", 9)]) == "-b@9")
        #expect(limiter.trackedKeyCount == 2)
        // At 20 every window has ended: all are forgotten before d is added.
        #expect(timeline(&limiter, [("d", 20)]) == "d@20")
        #expect(limiter.trackedKeyCount == 1)
    }

    @Test func invalidLimitsAreRejected() {
        #expect(LogRateLimiter<String>(intervalMicroseconds: 0, burst: 1) == nil)
        #expect(LogRateLimiter<String>(intervalMicroseconds: 1, burst: 0) == nil)
        #expect(LogRateLimiter<String>(intervalMicroseconds: 1, burst: 1, maximumKeys: 0) == nil)
    }
}
