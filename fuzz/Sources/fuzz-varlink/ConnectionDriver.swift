import FuzzSupport
import JSON
import Varlink

/// Plays the server's shell around a `VarlinkConnectionStateMachine`: dispatches each call to a handler
/// that answers at once (three replies to a `more` call, one otherwise) and checks what the machine
/// asks to send.
struct ConnectionDriver {
    var machine: VarlinkConnectionStateMachine
    /// The fuzz input, for reports.
    let input: [UInt8]

    init(machine: VarlinkConnectionStateMachine, input: [UInt8]) {
        self.machine = machine
        self.input = input
    }

    /// Feeds one framed message and carries out the resulting actions; false once the connection is closed.
    mutating func receive(_ message: [UInt8]) -> Bool {
        if !machine.wantsInput { drain() }
        switch machine.receive(message) {
        case .none:
            break
        case .close:
            fuzzCheck(machine.isClosed, "a refused message left the connection open", input: input)
            return false
        }
        drain()
        return !machine.isClosed
    }

    /// Tells the machine the input ended.
    mutating func endOfInput() { machine.endOfInput() }

    /// Runs `nextAction()` until it waits or finishes, answering every dispatched call.
    mutating func drain() {
        while true {
            switch machine.nextAction() {
            case .wait:
                fuzzCheck(
                    machine.isClosed || machine.queuedCallCount == 0 || machine.callInFlight != nil,
                    "the machine waits with \(machine.queuedCallCount) calls queued and none in flight",
                    input: input)
                return
            case .finish:
                fuzzCheck(machine.queuedCallCount == 0, "finished with calls queued", input: input)
                return
            case .send(let bytes):
                checkReply(bytes, expectingContinues: false)
            case .dispatch(let id, let call):
                checkReEncoding(call)
                answer(call, id: id)
            }
        }
    }

    private mutating func answer(_ call: VarlinkCall, id: VarlinkConnectionStateMachine.CallID) {
        fuzzCheck(machine.callInFlight?.id == id, "dispatched \(id) is not in flight", input: input)
        if call.more {
            for _ in 0..<2 {
                let reply = encode(VarlinkReply(parameters: ["n": 1], continues: true))
                guard case .send(let bytes, callFinished: false) = machine.reply(reply, continues: true, to: id) else {
                    fuzzFailure("a continuing reply to a 'more' call was not sent as such", input: input)
                }
                checkReply(bytes, expectingContinues: true)
            }
        }
        // A reply to an earlier call must be discarded, never sent.
        if id.rawValue > 0 {
            let stale = machine.reply(encode(VarlinkReply()), continues: false, to: .init(rawValue: id.rawValue - 1))
            fuzzCheck(stale == .discard, "a reply to a finished call was \(stale)", input: input)
        }
        switch machine.reply(encode(VarlinkReply(parameters: ["done": true])), continues: false, to: id) {
        case .send(let bytes, callFinished: true):
            fuzzCheck(!call.oneway, "a reply to a oneway call was sent", input: input)
            checkReply(bytes, expectingContinues: false)
        case .finishedSilently:
            fuzzCheck(call.oneway, "a reply to a call expecting one was dropped", input: input)
        case let other:
            fuzzFailure("the final reply to \(call.method) was \(other)", input: input)
        }
        fuzzCheck(machine.callInFlight == nil, "a call is still in flight after its final reply", input: input)
    }

    private func encode(_ reply: VarlinkReply) -> [UInt8] {
        do {
            return try reply.encoded()
        } catch {
            fuzzFailure("cannot encode a constant reply: \(error)", input: input)
        }
    }

    private func checkReply(_ bytes: [UInt8], expectingContinues: Bool) {
        fuzzCheck(bytes.last == 0, "a reply is not NUL terminated", input: input)
        let body = Array(bytes.dropLast())
        fuzzCheck(!body.contains(0), "a reply holds a NUL before its end", input: input)
        do {
            let reply = try VarlinkReply.decode(body)
            fuzzCheck(reply.continues == expectingContinues, "reply 'continues' is \(reply.continues)", input: input)
        } catch {
            fuzzFailure("a reply sent does not decode: \(error)", input: input)
        }
    }

    private func checkReEncoding(_ call: VarlinkCall) {
        let bytes: [UInt8]
        do {
            bytes = try call.encoded()
        } catch {
            fuzzFailure("a decoded call does not encode: \(error)", input: input)
        }
        do {
            let decoded = try VarlinkCall.decode(Array(bytes.dropLast()))
            fuzzCheck(decoded == call, "re-encoding changed \(call) into \(decoded)", input: input)
        } catch {
            fuzzFailure("a re-encoded call does not decode: \(error)", input: input)
        }
    }
}
