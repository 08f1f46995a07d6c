import Testing

@testable import TransitionDaemon

@Suite struct StatusThrottleTests {
    private enum Step {
        case submit(String, UInt64)
        case flush(UInt64)
        case immediately(String, UInt64)
    }

    /// Runs the steps and writes each outcome: `send:A@0`, `hold:1000@100`, `same@1500`,
    /// `flush:C@1000`, `none@999`, `now:E@2100`.
    private func timeline(_ steps: [Step], interval: UInt64 = 1000) -> String {
        var throttle = StatusThrottle(minimumIntervalMicroseconds: interval)
        return steps.map { step -> String in
            switch step {
            case .submit(let text, let time):
                switch throttle.submit(text, nowMicroseconds: time) {
                case .send(let sent): return "send:\(sent)@\(time)"
                case .holdUntil(let deadline): return "hold:\(deadline)@\(time)"
                case .unchanged: return "same@\(time)"
                }
            case .flush(let time):
                return throttle.flush(nowMicroseconds: time).map { "flush:\($0)@\(time)" } ?? "none@\(time)"
            case .immediately(let text, let time):
                throttle.recordSentImmediately(text, nowMicroseconds: time)
                return "now:\(text)@\(time)"
            }
        }.joined(separator: " ")
    }

    @Test func theLatestTextWinsAndIsSentWhenTheIntervalEnds() {
        let steps: [Step] = [
            .submit("A", 0), .submit("B", 100), .submit("C", 200), .flush(999), .flush(1000), .submit("C", 1500),
            .submit("D", 1600), .submit("C", 1700), .flush(2000), .submit("E", 2500), .flush(2600),
        ]
        #expect(
            timeline(steps)
                == "send:A@0 hold:1000@100 hold:1000@200 none@999 flush:C@1000 same@1500 hold:2000@1600 same@1700 "
                + "none@2000 send:E@2500 none@2600")
    }

    @Test func lifecycleMessagesReplaceAPendingText() {
        let steps: [Step] = [
            .submit("A", 0), .submit("B", 10), .immediately("Stopping", 20), .flush(5000), .submit("Stopping", 5001),
            .submit("C", 5002), .flush(6019), .flush(6020),
        ]
        #expect(
            timeline(steps)
                == "send:A@0 hold:1000@10 now:Stopping@20 none@5000 same@5001 send:C@5002 none@6019 none@6020")
    }

    @Test func pendingDeadlineIsTheEndOfTheInterval() {
        var throttle = StatusThrottle(minimumIntervalMicroseconds: 1000)
        #expect(throttle.pendingDeadlineMicroseconds == nil)
        _ = throttle.submit("A", nowMicroseconds: 400)
        #expect(throttle.pendingDeadlineMicroseconds == nil)
        _ = throttle.submit("B", nowMicroseconds: 500)
        #expect(throttle.pendingDeadlineMicroseconds == 1400)
        #expect(throttle.pending == "B")
        #expect(throttle.lastSent == StatusThrottle.SentStatus(text: "A", atMicroseconds: 400))
    }
}
