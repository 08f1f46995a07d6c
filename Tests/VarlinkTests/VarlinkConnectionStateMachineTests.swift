import JSON
import Testing
import Varlink

/// The ordering rules of varlink.org "Method Call" and "FAQ", driven without a socket.
@Suite struct VarlinkConnectionStateMachineTests {
    typealias Machine = VarlinkConnectionStateMachine

    static func message(_ method: String, more: Bool = false, oneway: Bool = false, upgrade: Bool = false) -> [UInt8] {
        // Drop the NUL: the machine receives framed messages.
        try! Array(VarlinkCall(method: method, more: more, oneway: oneway, upgrade: upgrade).encoded().dropLast())
    }

    static func reply(_ number: Int, continues: Bool = false) -> [UInt8] {
        try! VarlinkReply(parameters: ["n": .number(Double(number))], continues: continues).encoded()
    }

    /// Records the machine's actions as text, e.g. `dispatch#0:A send wait`.
    struct Recorder {
        var machine = Machine()
        var log: [String] = []

        mutating func receive(_ message: [UInt8]) {
            if case .close(let error) = machine.receive(message) { log.append("close:\(error.code)") }
        }

        mutating func drain() {
            while true {
                switch machine.nextAction() {
                case .dispatch(let id, let call): log.append("dispatch\(id):\(call.memberName)")
                case .send(let bytes):
                    let reply = try! VarlinkReply.decode(Array(bytes.dropLast()))
                    log.append("error:\(reply.error ?? "none")")
                case .finish:
                    log.append("finish")
                    return
                case .wait:
                    log.append("wait")
                    return
                }
            }
        }

        mutating func reply(_ bytes: [UInt8], continues: Bool = false, to id: UInt64) {
            switch machine.reply(bytes, continues: continues, to: Machine.CallID(rawValue: id)) {
            case .send(let sent, let finished):
                let reply = try! VarlinkReply.decode(Array(sent.dropLast()))
                let name = reply.error.map { "error:\($0)" } ?? "reply:\(reply.parameters["n"]?.intValue ?? -1)"
                log.append(finished ? "\(name)." : name)
            case .finishedSilently: log.append("silent.")
            case .discard: log.append("discard")
            }
        }

        var text: String { log.joined(separator: " ") }
    }

    @Test func answersPipelinedCallsInOrder() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.receive(Self.message("a.b.B"))
        recorder.receive(Self.message("a.b.C"))
        recorder.drain()
        // B's handler cannot answer before A finished: B is not even dispatched.
        recorder.reply(Self.reply(2), to: 1)
        recorder.reply(Self.reply(1), to: 0)
        recorder.drain()
        recorder.reply(Self.reply(2), to: 1)
        recorder.drain()
        recorder.reply(Self.reply(3), to: 2)
        recorder.drain()
        #expect(
            recorder.text
                == "dispatch#0:A wait discard reply:1. dispatch#1:B wait reply:2. dispatch#2:C wait reply:3. wait"
        )
    }

    @Test func moreStreamBlocksLaterCallsUntilItsLastReply() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.Monitor", more: true))
        recorder.receive(Self.message("a.b.Next"))
        recorder.drain()
        recorder.reply(Self.reply(1, continues: true), continues: true, to: 0)
        recorder.drain()
        recorder.reply(Self.reply(2, continues: true), continues: true, to: 0)
        recorder.drain()
        recorder.reply(Self.reply(3), to: 0)
        recorder.drain()
        recorder.reply(Self.reply(4), to: 1)
        #expect(
            recorder.text
                == "dispatch#0:Monitor wait reply:1 wait reply:2 wait reply:3. dispatch#1:Next wait reply:4."
        )
    }

    @Test func callWithoutMoreGetsExactlyOneReply() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.drain()
        recorder.reply(Self.reply(1), to: 0)
        recorder.reply(Self.reply(2), to: 0)
        #expect(recorder.text == "dispatch#0:A wait reply:1. discard")
    }

    /// A streaming reply to a call made without `more` would break the client's matching of replies to
    /// calls; the client gets `ExpectedMore` instead, and the call ends.
    @Test func streamingReplyWithoutMoreBecomesExpectedMore() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.drain()
        recorder.reply(Self.reply(1, continues: true), continues: true, to: 0)
        recorder.reply(Self.reply(2), to: 0)
        #expect(recorder.text == "dispatch#0:A wait error:org.varlink.service.ExpectedMore. discard")
    }

    @Test func onewayCallsSendNothingButStillRunInOrder() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.Poke", oneway: true))
        recorder.receive(Self.message("a.b.Get"))
        recorder.drain()
        recorder.reply([], to: 0)
        recorder.drain()
        recorder.reply(Self.reply(7), to: 1)
        #expect(recorder.text == "dispatch#0:Poke wait silent. dispatch#1:Get wait reply:7.")
    }

    /// Calls handled in place count as received and finished: the next call gets the next identifier,
    /// and nothing may be handled in place while a call is in flight or queued.
    @Test func countsCallsHandledInPlace() {
        var recorder = Recorder()
        #expect(recorder.machine.isReadyToDispatch)
        recorder.machine.recordCallsHandledInPlace(3)
        recorder.receive(Self.message("a.b.Get"))
        #expect(!recorder.machine.isReadyToDispatch)
        recorder.drain()
        #expect(!recorder.machine.isReadyToDispatch)
        recorder.receive(Self.message("a.b.Poke", oneway: true))
        recorder.reply(Self.reply(7), to: 3)
        recorder.drain()
        #expect(recorder.text == "dispatch#3:Get wait reply:7. dispatch#4:Poke wait")
        recorder.machine.endOfInput()
        #expect(!recorder.machine.isReadyToDispatch)
    }

    @Test func refusesUpgradeWithAnErrorReplyInOrder() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.receive(Self.message("a.b.Take", upgrade: true))
        recorder.receive(Self.message("a.b.Take", oneway: true, upgrade: true))
        recorder.receive(Self.message("a.b.B"))
        recorder.drain()
        recorder.reply(Self.reply(1), to: 0)
        recorder.drain()
        #expect(
            recorder.text
                == "dispatch#0:A wait reply:1. error:org.varlink.service.InvalidParameter dispatch#3:B wait"
        )
    }

    @Test func closesOnProtocolViolation() {
        var recorder = Recorder()
        recorder.receive(Array("not json".utf8))
        recorder.receive(Self.message("a.b.A"))
        recorder.drain()
        #expect(recorder.text == "close:invalidMessage wait")
        #expect(recorder.machine.isClosed)
        #expect(!recorder.machine.wantsInput)
    }

    /// A violation behind calls still to answer ends the connection once they are answered, as sd-varlink
    /// (which reads the next message only when idle) does: a client learns the fate of every call it made
    /// before its bad message.
    @Test func answersEarlierCallsBeforeClosingOnAViolation() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.receive(Self.message("a.b.B"))
        recorder.receive(Array("not json".utf8))
        recorder.receive(Self.message("a.b.C"))
        #expect(!recorder.machine.wantsInput)
        recorder.drain()
        recorder.reply(Self.reply(1), to: 0)
        recorder.drain()
        recorder.reply(Self.reply(2), to: 1)
        recorder.drain()
        #expect(recorder.text == "dispatch#0:A wait reply:1. dispatch#1:B wait reply:2. finish")
        #expect(recorder.machine.violation?.code == .invalidMessage)
        #expect(recorder.machine.isClosed)
    }

    /// A message the framer refused as too large, behind a call in flight, waits for that call too.
    @Test func answersTheCallInFlightBeforeClosingOnAnOversizeMessage() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.drain()
        let tooLarge = VarlinkConnectionError(code: .messageTooLarge, message: "too large")
        #expect(recorder.machine.refuse(tooLarge) == .none)
        recorder.reply(Self.reply(1), to: 0)
        recorder.drain()
        #expect(recorder.text == "dispatch#0:A wait reply:1. finish")
        #expect(recorder.machine.violation?.code == .messageTooLarge)
        var idle = Machine()
        #expect(idle.refuse(tooLarge) == .close(tooLarge))
        #expect(idle.violation == nil)
    }

    /// After the peer shut down its writing side, calls already received are still answered; then the
    /// connection finishes.
    @Test func finishesAfterEndOfInput() {
        var recorder = Recorder()
        recorder.receive(Self.message("a.b.A"))
        recorder.machine.endOfInput()
        #expect(!recorder.machine.wantsInput)
        recorder.drain()
        recorder.reply(Self.reply(1), to: 0)
        recorder.drain()
        #expect(recorder.text == "dispatch#0:A wait reply:1. finish")
        #expect(recorder.machine.isClosed)
    }

    @Test func stopsWantingInputWhenTheQueueIsFull() {
        var machine = Machine(maximumQueuedCalls: 2)
        #expect(machine.wantsInput)
        for _ in 0..<3 { _ = machine.receive(Self.message("a.b.A")) }
        #expect(machine.queuedCallCount == 3)
        #expect(!machine.wantsInput)
        guard case .dispatch = machine.nextAction() else {
            Issue.record("expected a dispatch")
            return
        }
        #expect(machine.queuedCallCount == 2)
        #expect(!machine.wantsInput)
        _ = machine.reply(Self.reply(1), continues: false, to: .init(rawValue: 0))
        _ = machine.nextAction()
        #expect(machine.wantsInput)
        #expect(machine.callInFlight?.id == .init(rawValue: 1))
    }

    /// Waiting calls are bounded by bytes as well as by number: the call that crosses the bound is kept
    /// (one call of any accepted size may always wait), then nothing more is read until one leaves.
    @Test func stopsWantingInputWhenTheQueuedBytesAreFull() {
        let message = Self.message("a.b.A")
        var machine = Machine(maximumQueuedCalls: 64, maximumQueuedBytes: message.count * 2 + 1)
        _ = machine.receive(message)
        _ = machine.receive(message)
        #expect(machine.wantsInput, "two calls take less than the bound")
        _ = machine.receive(message)
        #expect(!machine.wantsInput, "the third crosses it")
        guard case .dispatch = machine.nextAction() else {
            Issue.record("expected a dispatch")
            return
        }
        #expect(machine.wantsInput, "the dispatched call no longer waits")
        // By default the bound is one call of the reader's largest size.
        #expect(Machine().maximumQueuedBytes == JSONReader.Limits().maximumBytes)
    }

    /// Nothing is read behind a streaming call: what is sent behind it waits in the socket until its
    /// last reply, then reading resumes.
    @Test func readsNothingWhileAStreamingCallIsInFlight() {
        var machine = Machine()
        _ = machine.receive(Self.message("a.b.Stream", more: true))
        guard case .dispatch(let id, _) = machine.nextAction() else {
            Issue.record("expected a dispatch")
            return
        }
        #expect(!machine.wantsInput)
        _ = machine.reply(Self.reply(1, continues: true), continues: true, to: id)
        #expect(!machine.wantsInput, "a reply that continues leaves the stream in flight")
        _ = machine.reply(Self.reply(2), continues: false, to: id)
        #expect(machine.wantsInput)
    }

    /// Many calls through one machine, each answered before the next: identifiers and order hold, and
    /// the queue's storage is reused.
    @Test func keepsOrderOverManyCalls() {
        var machine = Machine()
        var answered = 0
        for batch in 0..<100 {
            for _ in 0..<10 { _ = machine.receive(Self.message("a.b.A")) }
            for index in 0..<10 {
                guard case .dispatch(let id, _) = machine.nextAction() else {
                    Issue.record("batch \(batch) call \(index) was not dispatched")
                    return
                }
                #expect(id.rawValue == UInt64(answered))
                #expect(
                    machine.reply(Self.reply(answered), continues: false, to: id)
                        == .send(Self.reply(answered), callFinished: true))
                answered += 1
            }
            #expect(machine.nextAction() == .wait)
        }
        #expect(answered == 1000)
    }

    @Test func ignoresEverythingOnceClosed() {
        var machine = Machine()
        _ = machine.receive(Self.message("a.b.A"))
        _ = machine.nextAction()
        machine.close()
        #expect(machine.receive(Self.message("a.b.B")) == .none)
        #expect(machine.nextAction() == .wait)
        #expect(machine.reply(Self.reply(1), continues: false, to: .init(rawValue: 0)) == .discard)
        #expect(machine.callInFlight == nil)
    }
}
