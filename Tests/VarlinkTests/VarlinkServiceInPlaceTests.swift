import JSON
import Synchronization
import Testing
import TransitionTestSupport

@testable import Varlink

/// `VarlinkService.handleInPlace` against the ordinary path (`VarlinkCall.decode`, then `handle(_:)`): a
/// call handled in place is one the ordinary path would have handed, with the same parameters, to the
/// method's handler.
@Suite struct VarlinkServiceInPlaceTests {
    static let interfaceText = """
        # In-place handling.
        interface io.example

        # Scalars only: may be handled in place.
        method Update(stack: string, fraction: float, count: ?int, flag: ?bool) -> ()

        # An object field: never handled in place.
        method Tree(node: object, name: string) -> ()

        # No ordinary handler: never handled in place.
        method Unimplemented(name: string) -> ()
        """

    /// What the handlers saw: "ordinary <method> <parameters>" or "in place <method> <parameters>".
    final class Recorder: Sendable {
        let entries = Mutex<[String]>([])
        func record(_ entry: String) { entries.withLock { $0.append(entry) } }
        func take() -> [String] {
            entries.withLock { entries in
                defer { entries = [] }; return entries
            }
        }
    }

    static func service(_ recorder: Recorder) throws -> VarlinkService {
        var service = VarlinkService(vendor: "test", product: "test", version: "1", url: "https://example.org")
        var implementation = try VarlinkInterfaceImplementation(description: interfaceText)
        for method in ["Update", "Tree"] {
            implementation.implement(method) { context in
                recorder.record("ordinary \(context.call.method) \(Self.text(context.parameters))")
                context.reply()
            }
        }
        for method in ["Update", "Tree", "Unimplemented"] {
            implementation.implementInPlace(method) { call in
                recorder.record("in place \(call.call.method) \(Self.text(call.call.call.parameters))")
                #expect(call.connectionID == 7)
                #expect(call.peer.uid == 1000)
                return true
            }
        }
        try service.register(implementation)
        return service
    }

    /// Parameters as text with their keys in order and numbers bit for bit.
    static func text(_ parameters: JSONObject) -> String {
        parameters.map { key, value in
            if case .number(let number) = value { return "\(key)=#\(number.bitPattern)" }
            return "\(key)=\(value)"
        }.joined(separator: ",")
    }

    static let peer = VarlinkPeerCredentials(pid: 1, uid: 1000, gid: 1000)

    static func handleInPlace(_ message: [UInt8], in service: VarlinkService) -> Bool {
        message.withUnsafeBytes { service.handleInPlace($0, limits: .init(), connectionID: 7, peer: peer) }
    }

    /// What the ordinary path makes of the message: the handler's record, or nothing.
    static func ordinary(_ message: [UInt8], in service: VarlinkService, _ recorder: Recorder) -> [String] {
        guard let call = try? VarlinkCall.decode(message) else { return [] }
        service.handle(VarlinkRecordingTransport().makeContext(for: call, peer: peer, connectionID: 7))
        return recorder.take()
    }

    /// Whatever the order of the members and the whitespace, as long as the scan reads it.
    @Test(arguments: [
        #"{"parameters":{"fraction":0.5,"stack":"a"},"oneway":true,"method":"io.example.Update"}"#,
        #" { "method" : "io.example.Update" , "oneway" : true , "parameters" : { "stack" : "a" , "fraction" : 0.5 } } "#,
        #"{"oneway":true,"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5}}"#,
    ])
    func handlesInPlaceInAnyOrder(_ text: String) throws {
        let recorder = Recorder()
        let service = try Self.service(recorder)
        #expect(Self.handleInPlace(Array(text.utf8), in: service))
        #expect(recorder.take().count == 1)
    }

    @Test func handlesAScalarOnewayCallInPlace() throws {
        let recorder = Recorder()
        let service = try Self.service(recorder)
        let message = Array(
            #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5},"oneway":true}"#.utf8)
        #expect(Self.handleInPlace(message, in: service))
        #expect(recorder.take() == ["in place io.example.Update stack=\"a\",fraction=#\(0.5.bitPattern)"])
    }

    /// One case per line: calls that take the ordinary path.
    @Test(arguments: [
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5}}"#,  // not oneway
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5},"oneway":true,"more":true}"#,
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5},"oneway":true,"upgrade":true}"#,
        #"{"method":"io.example.Update","parameters":{"stack":"a"},"oneway":true}"#,  // missing field
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":"0.5"},"oneway":true}"#,  // type
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5,"count":1.5},"oneway":true}"#,
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5,"count":1e19},"oneway":true}"#,
        #"{"method":"io.example.Update","parameters":{"stack":"a","fraction":0.5,"extra":1},"oneway":true}"#,
        #"{"method":"io.example.Tree","parameters":{"name":"a"},"oneway":true}"#,  // object field
        #"{"method":"io.example.Unimplemented","parameters":{"name":"a"},"oneway":true}"#,
        #"{"method":"io.example.Other","oneway":true}"#,
        #"{"method":"io.example.UpdateX","parameters":{"stack":"a","fraction":0.5},"oneway":true}"#,
        #"{"method":"io.example.Updat","parameters":{"stack":"a","fraction":0.5},"oneway":true}"#,
        #"{"method":"io.example.Update","parameters":{"stack":"\u0061","fraction":0.5},"oneway":true}"#,
    ])
    func leavesToTheOrdinaryPath(_ text: String) throws {
        let recorder = Recorder()
        let service = try Self.service(recorder)
        #expect(!Self.handleInPlace(Array(text.utf8), in: service))
        #expect(recorder.take().isEmpty)
    }

    /// The property, over random calls of `Update` with parameters of every type, present or not.
    @Test func handlesInPlaceOnlyWhatTheHandlerWouldGet() throws {
        let recorder = Recorder()
        let service = try Self.service(recorder)
        let seed: UInt64 = 0x5EED_0003
        var generator = SeededGenerator(seed: seed)
        var handled = 0
        let cases = 20_000
        for index in 0..<cases {
            let message = Self.updateCall(using: &generator)
            let description = "seed \(seed), case \(index): \(String(decoding: message, as: UTF8.self))"
            if Self.handleInPlace(message, in: service) {
                handled += 1
                let inPlace = recorder.take()
                let expected = inPlace.map { "ordinary" + $0.dropFirst("in place".count) }
                #expect(Self.ordinary(message, in: service, recorder) == expected, "\(description)")
            } else {
                #expect(recorder.take().isEmpty, "\(description)")
                _ = Self.ordinary(message, in: service, recorder)
            }
        }
        #expect(handled > cases / 10, "seed \(seed): only \(handled) of \(cases) handled in place")
        #expect(handled < cases * 9 / 10, "seed \(seed): \(handled) of \(cases) handled in place")
    }

    /// A call of `Update` (mostly) with each field present or not, of its type or another.
    static func updateCall(using generator: inout SeededGenerator) -> [UInt8] {
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &generator) < percent }
        func someValue() -> String { VarlinkMessageGenerator.value(using: &generator) }
        var members: [String] = []
        if chance(90) {
            members.append(
                #""stack":"# + (chance(85) ? "\"s\(Int.random(in: 0..<9, using: &generator))\"" : someValue()))
        }
        if chance(90) {
            members.append(
                #""fraction":"# + (chance(85) ? VarlinkMessageGenerator.numberToken(using: &generator) : someValue()))
        }
        if chance(30) {
            members.append(
                #""count":"#
                    + (chance(70)
                        ? String(Int.random(in: -5...5, using: &generator))
                        : VarlinkMessageGenerator.numberToken(using: &generator)))
        }
        if chance(30) { members.append(#""flag":"# + (chance(70) ? "true" : someValue())) }
        if chance(5) { members.append(#""extra":1"#) }
        members.shuffle(using: &generator)
        let method =
            chance(90)
            ? "io.example.Update"
            : ["io.example.Tree", "io.example.Unimplemented", "io.example.Nothing"].randomElement(using: &generator)!
        var call = #"{"method":"\#(method)","parameters":{\#(members.joined(separator: ","))}"#
        if chance(90) { call += #","oneway":true"# }
        if chance(5) { call += #","more":true"# }
        return Array((call + "}").utf8)
    }
}

/// The quick check before the scan: a call that names a method without an in-place handler first is left
/// to the ordinary path unscanned, whichever whitespace its writer puts after the colon.
@Suite struct VarlinkServiceQuickMethodCheckTests {
    static func namesAnotherMethodFirst(_ text: String) throws -> Bool {
        let service = try VarlinkServiceInPlaceTests.service(VarlinkServiceInPlaceTests.Recorder())
        return Array(text.utf8).withUnsafeBytes { service.namesAnotherMethodFirst($0) }
    }

    @Test(arguments: [
        #"{"method":"io.example.Other","parameters":{}}"#,
        #"{"method": "io.example.Other", "parameters": {}}"#,  // Python's json.dumps
        "{\"method\":\n\t\"io.example.Other\"}",
        #"{"method":"io.example.UpdateX"}"#,
        #"{"method":"io.example.Updat"}"#,
    ])
    func leavesAnotherMethodUnscanned(_ text: String) throws {
        #expect(try Self.namesAnotherMethodFirst(text))
    }

    @Test(arguments: [
        #"{"method":"io.example.Update","oneway":true}"#,
        #"{"method": "io.example.Update", "oneway": true}"#,
        #"{ "method":"io.example.Other"}"#,  // another beginning: scanned
        #"{"oneway":true,"method":"io.example.Other"}"#,
        #"{"method":  "#,
        #"{"method":1}"#,
    ])
    func scansTheRest(_ text: String) throws {
        #expect(try !Self.namesAnotherMethodFirst(text))
    }
}
