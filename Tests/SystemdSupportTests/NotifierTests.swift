import Testing
import TransitionTestSupport

@testable import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessEnvironmentTests {
    /// Sends through the real `sd_notify` to a SOCK_DGRAM socket bound by the test, the way
    /// the service manager receives (SO_PASSCRED, SCM_RIGHTS).
    @Suite struct NotifierTests {
        /// Binds a notification socket, points NOTIFY_SOCKET at it for `body`, and cleans up.
        private func withNotifySocket(_ body: (NotifyReceiver) throws -> Void) throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let socket = try NotifyReceiver(path: directory.file("notify"))
            try ProcessEnvironmentTests.with(["NOTIFY_SOCKET": socket.path]) { try body(socket) }
        }

        @Test(
            arguments: [
                ([NotifyMessage.ready], "READY=1"),
                (
                    [.status("Serving 3 stacks on /run/transitiond/ctl.sock")],
                    "STATUS=Serving 3 stacks on /run/transitiond/ctl.sock"
                ),
                ([.watchdog], "WATCHDOG=1"),
                ([.reloading(monotonicMicroseconds: 123_456_789)], "RELOADING=1\nMONOTONIC_USEC=123456789"),
                ([.stopping], "STOPPING=1"),
                ([.ready, .status("Ready")], "READY=1\nSTATUS=Ready"),
                (
                    [.mainPID(4242), .errno(5), .extendTimeout(microseconds: 30_000_000)],
                    "MAINPID=4242\nERRNO=5\nEXTEND_TIMEOUT_USEC=30000000"
                ),
            ] as [([NotifyMessage], String)])
        func sendsExactlyOneDatagram(messages: [NotifyMessage], expected: String) throws {
            try withNotifySocket { (socket) throws in
                #expect(try Notifier().send(messages))
                let datagram = try #require(socket.receive())
                #expect(datagram.text == expected)
                #expect(datagram.senderPID == getpid())
                #expect(datagram.fileDescriptors.isEmpty)
                #expect(socket.receive(timeoutMilliseconds: 0) == nil)
            }
        }

        @Test func reloadingReadsTheMonotonicClockByDefault() throws {
            try withNotifySocket { (socket) throws in
                let before = SystemdClock.monotonicMicroseconds()
                try Notifier().send(.reloading())
                let after = SystemdClock.monotonicMicroseconds()
                let lines = try #require(socket.receive()).text.split(separator: "\n")
                try #require(lines.count == 2)
                #expect(lines[0] == "RELOADING=1")
                let stamp = try #require(UInt64(lines[1].dropFirst("MONOTONIC_USEC=".count)))
                #expect((before...after).contains(stamp))
            }
        }

        @Test func storedFileDescriptorsArriveAsRights() throws {
            try withNotifySocket { (socket) throws in
                let directory = try TemporaryDirectory()
                defer { directory.remove() }
                let listener = try UnixSocket.listeningStream(at: directory.file("ctl.sock"))
                defer { close(listener) }
                #expect(try Notifier().storeFileDescriptors([listener], name: "varlink"))
                let datagram = try #require(socket.receive())
                #expect(datagram.text == "FDSTORE=1\nFDNAME=varlink")
                try #require(datagram.fileDescriptors.count == 1)
                defer { close(datagram.fileDescriptors[0]) }
                #expect(datagram.fileDescriptors[0] != listener)
                #expect(try UnixSocket.identity(of: datagram.fileDescriptors[0]) == UnixSocket.identity(of: listener))
            }
        }

        @Test func removingStoredFileDescriptorsNamesThem() throws {
            try withNotifySocket { (socket) throws in
                #expect(try Notifier().removeStoredFileDescriptors(name: "varlink"))
                #expect(try #require(socket.receive()).text == "FDSTOREREMOVE=1\nFDNAME=varlink")
            }
        }

        @Test func disabledWithoutNotifySocket() throws {
            try ProcessEnvironmentTests.with(["NOTIFY_SOCKET": nil]) { () throws in
                let notifier = Notifier()
                #expect(!notifier.isEnabled)
                #expect(try notifier.send(.ready) == false)
                #expect(try notifier.storeFileDescriptors([0], name: "stdin") == false)
            }
            try ProcessEnvironmentTests.with(["NOTIFY_SOCKET": ""]) { () throws in #expect(!Notifier().isEnabled) }
            try withNotifySocket { (_) throws in #expect(Notifier().isEnabled) }
        }

        @Test func sendingToAMissingSocketThrowsWithErrno() throws {
            try ProcessEnvironmentTests.with(["NOTIFY_SOCKET": "/nonexistent/notify"]) { () throws in
                #expect {
                    try Notifier().send(.ready)
                } throws: { error in
                    let error = error as? SystemdError
                    return error?.code == .notificationFailed && error?.errno == ENOENT
                }
            }
        }

        @Test func sendingAClosedDescriptorThrowsWithErrno() throws {
            try withNotifySocket { (socket) throws in
                #expect {
                    try Notifier().storeFileDescriptors([Int32.max], name: "gone")
                } throws: { error in
                    let error = error as? SystemdError
                    return error?.code == .notificationFailed && error?.errno == EBADF
                }
                #expect(socket.receive(timeoutMilliseconds: 0) == nil)
            }
        }

        @Test(arguments: [
            "line\nbreak", "carriage\r\nreturn", "nul\u{0}byte",
        ])
        func valuesWithNewlinesAreRefusedBeforeSending(status: String) throws {
            try withNotifySocket { (socket) throws in
                #expect {
                    try Notifier().send(.ready, .status(status))
                } throws: { error in
                    let error = error as? SystemdError
                    return error?.code == .invalidArgument && error?.parameter == "STATUS"
                }
                #expect(socket.receive(timeoutMilliseconds: 0) == nil)
            }
        }

        @Test func emptyMessageAndDescriptorListsAreRefused() throws {
            try withNotifySocket { (socket) throws in
                #expect(throws: SystemdError.self) { try Notifier().send([]) }
                #expect(throws: SystemdError.self) { try Notifier().storeFileDescriptors([], name: "x") }
                #expect(socket.receive(timeoutMilliseconds: 0) == nil)
            }
        }
    }
}

/// Store-name rules need no socket.
@Suite struct NotifierStoreNameTests {
    // sd_notify(3), FDNAME=: printable ASCII without ':', at most 255 characters.
    @Test(arguments: ["varlink", "a", "with space", "x.y-z_1", String(repeating: "n", count: 255)])
    func acceptsValidNames(name: String) throws {
        try Notifier.validateStoreName(name)
    }

    @Test(arguments: ["", "a:b", "tab\t", "newline\n", "ümlaut", String(repeating: "n", count: 256)])
    func rejectsInvalidNames(name: String) {
        #expect {
            try Notifier.validateStoreName(name)
        } throws: { error in
            (error as? SystemdError)?.code == .invalidArgument
        }
    }
}
