import JSON
import Synchronization
import Testing
import Varlink

/// Routing and org.varlink.service, without a socket.
@Suite struct VarlinkServiceTests {
    static func service() throws -> VarlinkService {
        try TestServer.makeService(state: Monitor(TestServerValues()))
    }

    /// Handles one call and returns its replies.
    static func replies(to call: VarlinkCall, in service: VarlinkService) -> [VarlinkReply] {
        let transport = VarlinkRecordingTransport()
        service.handle(transport.makeContext(for: call))
        return transport.replies
    }

    static func error(of call: VarlinkCall, in service: VarlinkService) -> VarlinkError? {
        let replies = replies(to: call, in: service)
        #expect(replies.count == 1)
        return replies.first?.varlinkError
    }

    @Test func answersGetInfo() throws {
        let replies = Self.replies(to: VarlinkCall(method: "org.varlink.service.GetInfo"), in: try Self.service())
        #expect(
            replies == [
                VarlinkReply(parameters: [
                    "vendor": "Example", "product": "Test Server", "version": "1.0", "url": "https://example.org/test",
                    "interfaces": ["org.varlink.service", "org.example.test"],
                ])
            ]
        )
    }

    /// The description is the registered text, byte for byte (comments, blank lines and all).
    @Test func servesInterfaceDescriptionsVerbatim() throws {
        let service = try Self.service()
        let call = VarlinkCall(
            method: "org.varlink.service.GetInterfaceDescription", parameters: ["interface": "org.example.test"])
        #expect(
            Self.replies(to: call, in: service) == [
                VarlinkReply(parameters: ["description": .string(testInterfaceText)])
            ])
        let own = VarlinkCall(
            method: "org.varlink.service.GetInterfaceDescription", parameters: ["interface": "org.varlink.service"])
        #expect(
            Self.replies(to: own, in: service).first?.parameters["description"]?.stringValue
                == VarlinkServiceInterface.description)
        #expect(service.interfaceDescription("org.example.test") == testInterfaceText)
        #expect(service.interface("org.example.test")?.name == "org.example.test")
        #expect(service.interface("org.example.none") == nil)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let call: VarlinkCall
        let error: VarlinkError
        var testDescription: String { "\(call.method) → \(error.name)" }
        init(_ method: String, _ parameters: JSONObject, _ error: VarlinkError) {
            self.call = VarlinkCall(method: method, parameters: parameters)
            self.error = error
        }
    }

    @Test(arguments: [
        Case("org.example.none.Echo", [:], .interfaceNotFound("org.example.none")),
        Case("org.example.Echo", [:], .interfaceNotFound("org.example")),
        Case("org.example.test.Nothing", [:], .methodNotFound("org.example.test.Nothing")),
        Case("org.example.test.Failed", [:], .methodNotFound("org.example.test.Failed")),
        Case("org.example.test.Echo", [:], .invalidParameter("text")),
        Case("org.example.test.Echo", ["text": 1], .invalidParameter("text")),
        Case("org.example.test.Echo", ["text": "a", "other": 1], .invalidParameter("other")),
        Case("org.example.test.Count", ["count": 1.5], .invalidParameter("count")),
        Case("org.example.test.Missing", [:], .methodNotImplemented("org.example.test.Missing")),
        Case(
            "org.example.test.Fail", ["reason": "r"],
            VarlinkError(name: "org.example.test.Failed", parameters: ["reason": "r"])),
        Case("org.varlink.service.GetThings", [:], .methodNotFound("org.varlink.service.GetThings")),
        Case("org.varlink.service.GetInterfaceDescription", [:], .invalidParameter("interface")),
        Case("org.varlink.service.GetInterfaceDescription", ["interface": "a.b"], .interfaceNotFound("a.b")),
        Case("org.varlink.service.GetInfo", ["unexpected": true], .invalidParameter("unexpected")),
    ])
    func routesErrors(_ testCase: Case) throws {
        var service = try Self.service()
        let rejected = Mutex<[VarlinkError]>([])
        service.onRejected = { context, error in
            #expect(context.call == testCase.call)
            rejected.withLock { $0.append(error) }
        }
        #expect(Self.error(of: testCase.call, in: service) == testCase.error)
        // The service's own errors are reported; one its handler sends (`Failed`) is the handler's.
        let own = testCase.error.name.hasPrefix("org.varlink.service.")
        #expect(rejected.withLock { $0 } == (own ? [testCase.error] : []))
    }

    @Test func handsValidCallsToTheirHandler() throws {
        var service = try Self.service()
        service.onRejected = { context, _ in Issue.record("\(context.call.method) reported as rejected") }
        let echo = Self.replies(
            to: VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "hi"]), in: service)
        #expect(echo == [VarlinkReply(parameters: ["text": "hi"])])
        let count = Self.replies(
            to: VarlinkCall(method: "org.example.test.Count", parameters: ["count": 3], more: true), in: service)
        #expect(count.map(\.continues) == [true, true, false])
        #expect(count.map { $0.parameters["number"] } == [1, 2, 3])
    }

    @Test func refusesDuplicateAndInconsistentRegistrations() throws {
        var service = try Self.service()
        #expect {
            try service.register(VarlinkInterfaceImplementation(description: testInterfaceText))
        } throws: { error in
            (error as? VarlinkServiceError)?.code == .duplicateInterface
        }
        #expect {
            try service.register(VarlinkInterfaceImplementation(description: VarlinkServiceInterface.description))
        } throws: { error in
            (error as? VarlinkServiceError)?.code == .duplicateInterface
        }
        var other = try VarlinkInterfaceImplementation(description: "interface org.example.other\nmethod A() -> ()")
        other.implement("B") { $0.reply() }
        #expect {
            try service.register(other)
        } throws: { error in
            (error as? VarlinkServiceError)?.parameter == "B"
        }
        #expect(service.interfaceNames == ["org.varlink.service", "org.example.test"])
        #expect(throws: VarlinkInterfaceError.self) { try VarlinkInterfaceImplementation(description: "interface bad") }
    }
}

extension VarlinkServiceTests {
    /// `endRound()` runs every registered interface's round-end handlers, in registration order, each
    /// time it is called; handling calls alone runs none.
    @Test func endRoundRunsTheRoundEndHandlersInOrder() throws {
        let order = Monitor([String]())
        var service = VarlinkService(vendor: "v", product: "p", version: "1", url: "man:p(1)")
        for (name, marks) in [("org.example.first", ["a", "b"]), ("org.example.second", ["c"])] {
            var implementation = try VarlinkInterfaceImplementation(
                description: "interface \(name)\nmethod Ping() -> ()\n")
            implementation.implementSynchronously("Ping") { _ throws(VarlinkError) in [:] }
            for mark in marks { implementation.onRoundEnd { order.withLock { $0.append(mark) } } }
            try service.register(implementation)
        }
        _ = Self.replies(to: VarlinkCall(method: "org.example.first.Ping"), in: service)
        #expect(order.withLock { $0 } == [])
        service.endRound()
        service.endRound()
        #expect(order.withLock { $0 } == ["a", "b", "c", "a", "b", "c"])
    }

    /// Calls are routed by their full method name; names that are no method of a registered interface
    /// still get the routing errors, and a defined method without a handler MethodNotImplemented.
    @Test func routesByTheFullMethodName() throws {
        let service = try Self.service()
        let echo = VarlinkCall(method: "org.example.test.Echo", parameters: ["text": "hi"])
        #expect(Self.replies(to: echo, in: service) == [VarlinkReply(parameters: ["text": "hi"])])
        let cases: [(String, VarlinkError)] = [
            ("org.example.test.Missing", .methodNotImplemented("org.example.test.Missing")),
            ("org.example.test.echo", .methodNotFound("org.example.test.echo")),
            ("org.example.tes.Echo", .interfaceNotFound("org.example.tes")),
            ("org.example.test.EchoX", .methodNotFound("org.example.test.EchoX")),
        ]
        for (method, error) in cases {
            #expect(Self.error(of: VarlinkCall(method: method), in: service) == error, "\(method)")
        }
    }
}
