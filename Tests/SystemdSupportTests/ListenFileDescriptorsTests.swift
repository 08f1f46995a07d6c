import Testing
import TransitionTestSupport

@testable import SystemdSupport

#if canImport(Glibc)
    import Glibc
#endif

extension ProcessEnvironmentTests {
    /// `sd_listen_fds_with_names` reads LISTEN_FDS, LISTEN_PID and LISTEN_FDNAMES and always
    /// numbers descriptors from 3. Under `swift test`, fd 3 and 4 belong to libdispatch (its
    /// epoll and eventfd), so the tests cannot move a socket there without breaking the
    /// process; they pass the descriptors that are there (opening /dev/null on any that is
    /// closed) and check names and numbers. Whether a descriptor is a listening socket is
    /// checked on real sockets in `ListenFileDescriptorsSocketTests`, and the whole path,
    /// `systemd-socket-activate --fdname=varlink` starting the daemon, in the daemon's tests.
    @Suite struct ListenFileDescriptorsTests {
        /// Makes sure fds 3..<3+count are open for `body`, then closes those it opened.
        private func withOpenDescriptors(count: Int32, _ body: () throws -> Void) throws {
            var opened: [Int32] = []
            defer { opened.forEach { close($0) } }
            for descriptor in 3..<(3 + count) where fcntl(descriptor, F_GETFD) < 0 {
                let null = open("/dev/null", O_RDONLY | O_CLOEXEC)
                try #require(null >= 0)
                if null != descriptor {
                    try #require(dup2(null, descriptor) == descriptor)
                    close(null)
                }
                opened.append(descriptor)
            }
            try body()
        }

        @Test func namedDescriptorsAreFoundByName() throws {
            try withOpenDescriptors(count: 2) { () throws in
                let variables = [
                    "LISTEN_FDS": "2", "LISTEN_PID": String(getpid()), "LISTEN_FDNAMES": "varlink:metrics",
                ]
                try ProcessEnvironmentTests.with(variables) { () throws in
                    let passed = try ListenFileDescriptors(unsettingEnvironment: false)
                    #expect(
                        passed.descriptors == [
                            .init(fileDescriptor: 3, name: "varlink"), .init(fileDescriptor: 4, name: "metrics"),
                        ])
                    #expect(passed.fileDescriptor(named: "varlink") == 3)
                    #expect(passed.fileDescriptor(named: "metrics") == 4)
                    #expect(passed.fileDescriptor(named: "other") == nil)
                    // Kept environment: a second read gives the same answer.
                    #expect(try ListenFileDescriptors(unsettingEnvironment: false) == passed)
                }
            }
        }

        @Test func unnamedDescriptorsAreCalledUnknown() throws {
            try withOpenDescriptors(count: 2) { () throws in
                let variables = ["LISTEN_FDS": "2", "LISTEN_PID": String(getpid()), "LISTEN_FDNAMES": nil]
                try ProcessEnvironmentTests.with(variables) { () throws in
                    let passed = try ListenFileDescriptors(unsettingEnvironment: false)
                    #expect(passed.descriptors.map(\.name) == ["unknown", "unknown"])
                    #expect(passed.fileDescriptors(named: ListenFileDescriptors.unnamed) == [3, 4])
                }
            }
        }

        @Test func unsettingRemovesTheVariables() throws {
            try withOpenDescriptors(count: 1) { () throws in
                let variables = ["LISTEN_FDS": "1", "LISTEN_PID": String(getpid()), "LISTEN_FDNAMES": "varlink"]
                try ProcessEnvironmentTests.with(variables) { () throws in
                    #expect(try ListenFileDescriptors(unsettingEnvironment: true).fileDescriptor(named: "varlink") == 3)
                    #expect(getenv("LISTEN_FDS") == nil)
                    #expect(getenv("LISTEN_PID") == nil)
                    #expect(getenv("LISTEN_FDNAMES") == nil)
                    #expect(try ListenFileDescriptors(unsettingEnvironment: true).descriptors.isEmpty)
                }
            }
        }

        @Test func descriptorsForAnotherProcessAreIgnored() throws {
            let variables = ["LISTEN_FDS": "1", "LISTEN_PID": String(getpid() + 1), "LISTEN_FDNAMES": "varlink"]
            try ProcessEnvironmentTests.with(variables) { () throws in
                #expect(try ListenFileDescriptors(unsettingEnvironment: false).descriptors.isEmpty)
            }
            try ProcessEnvironmentTests.with(["LISTEN_FDS": nil, "LISTEN_PID": nil, "LISTEN_FDNAMES": nil]) {
                () throws in
                #expect(try ListenFileDescriptors(unsettingEnvironment: false).descriptors.isEmpty)
            }
        }

        @Test(arguments: ["abc", "-1", "1x"])
        func malformedCountsThrowWithErrno(count: String) throws {
            try ProcessEnvironmentTests.with(["LISTEN_FDS": count, "LISTEN_PID": String(getpid())]) { () throws in
                #expect {
                    try ListenFileDescriptors(unsettingEnvironment: false)
                } throws: { error in
                    let error = error as? SystemdError
                    return error?.code == .listenFileDescriptorsFailed && error?.errno == EINVAL
                }
            }
        }
    }
}

/// `sd_is_socket_unix` on real sockets bound in a temporary directory.
@Suite struct ListenFileDescriptorsSocketTests {
    @Test func listeningStreamSocketIsAccepted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let listener = try UnixSocket.listeningStream(at: directory.file("ctl.sock"))
        defer { close(listener) }
        #expect(try ListenFileDescriptors.isListeningUnixStreamSocket(listener))
        #expect(try ListenFileDescriptors.isListeningUnixStreamSocket(listener, path: directory.file("ctl.sock")))
        #expect(try !ListenFileDescriptors.isListeningUnixStreamSocket(listener, path: directory.file("other.sock")))
        try ListenFileDescriptors.requireListeningUnixStreamSocket(listener, name: "varlink")
    }

    @Test func otherSocketsAndFilesAreRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notListening = try UnixSocket.bound(type: SOCK_STREAM, at: directory.file("stream.sock"))
        let datagram = try UnixSocket.bound(type: SOCK_DGRAM, at: directory.file("datagram.sock"))
        let file = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { [notListening, datagram, file].forEach { close($0) } }
        for descriptor in [notListening, datagram, file] {
            #expect(try !ListenFileDescriptors.isListeningUnixStreamSocket(descriptor))
            #expect {
                try ListenFileDescriptors.requireListeningUnixStreamSocket(descriptor, name: "varlink")
            } throws: { error in
                let error = error as? SystemdError
                return error?.code == .wrongSocketType && error?.parameter == "varlink" && error?.errno == nil
            }
        }
    }

    @Test func closedDescriptorThrowsWithErrno() {
        #expect {
            try ListenFileDescriptors.isListeningUnixStreamSocket(Int32.max)
        } throws: { error in
            let error = error as? SystemdError
            return error?.code == .wrongSocketType && error?.errno == EBADF
        }
    }
}
