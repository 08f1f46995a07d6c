import Foundation
import Testing
import TransitionTestSupport
import Varlink

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct VarlinkListenerTests {
    /// A socket file whose server is gone: bound, never listened on, descriptor closed.
    static func makeStaleSocket(at path: String) throws {
        let address = try UnixSocketAddress(path)
        let descriptor = CloseOnExec.unixStreamSocket()
        _ = address.bind(descriptor)
        close(descriptor)
    }

    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    @Test func replacesAStaleSocket() throws {
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        let path = directory.file("stale.sock")
        try Self.makeStaleSocket(at: path)
        #expect(Self.fileType(path) == S_IFSOCK)
        let server = try VarlinkServer(
            service: VarlinkService(vendor: "v", product: "p", version: "1", url: "u"),
            listener: try VarlinkListener.listen(path: path)
        )
        #expect(try VarlinkClient(path: path).call(method: "org.varlink.service.GetInfo")["product"] == "p")
        server.shutdown()
        #expect(Self.fileType(path) == nil, "the server removes the socket file it created")
    }

    @Test func refusesToReplaceALiveServer() throws {
        let live = try TestServer()
        #expect {
            try VarlinkListener.listen(path: live.path)
        } throws: { error in
            (error as? VarlinkSocketError)?.code == .addressInUse
        }
        #expect(
            try live.client().call(method: "org.example.test.Echo", parameters: ["text": "alive"]) == ["text": "alive"])
    }

    @Test func leavesOtherFilesAlone() throws {
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        let path = directory.file("file")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep".utf8)))
        #expect {
            try VarlinkListener.listen(path: path)
        } throws: { error in
            (error as? VarlinkSocketError)?.code == .notASocket
        }
        #expect(FileManager.default.contents(atPath: path) == Data("keep".utf8))
    }

    @Test(arguments: [UInt32(0o600), 0o660, 0o666])
    func setsTheSocketMode(_ mode: UInt32) throws {
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        let path = directory.file("mode.sock")
        let listener = try VarlinkListener.listen(path: path, mode: mode)
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(UInt32(status.st_mode) & 0o777 == mode)
        _ = listener
    }

    @Test func refusesUnusablePaths() {
        for path in ["", "/tmp/" + String(repeating: "x", count: 200), "/tmp/a\u{0}b"] {
            #expect {
                try VarlinkListener.listen(path: path)
            } throws: { error in
                (error as? VarlinkSocketError)?.code == .invalidPath
            }
        }
        #expect {
            try VarlinkListener.listen(path: "/nonexistent-directory/x.sock")
        } throws: { error in
            (error as? VarlinkSocketError)?.errorNumber == ENOENT
        }
    }

    /// Socket activation: the service manager passes a listening descriptor.
    @Test func adoptsAListeningDescriptor() throws {
        let directory = try TemporaryDirectory(prefix: "varlink-test")
        defer { directory.remove() }
        let path = directory.file("activated.sock")
        let descriptor = CloseOnExec.unixStreamSocket()
        #expect(try UnixSocketAddress(path).bind(descriptor) == 0)
        #expect(listen(descriptor, 16) == 0)
        let server = try VarlinkServer(
            service: VarlinkService(vendor: "v", product: "activated", version: "1", url: "u"),
            listener: try VarlinkListener.adopt(fileDescriptor: descriptor, path: path)
        )
        #expect(try VarlinkClient(path: path).call(method: "org.varlink.service.GetInfo")["product"] == "activated")
        server.shutdown()
        #expect(Self.fileType(path) == S_IFSOCK, "the service manager's socket file stays")
    }

    @Test func refusesToAdoptWhatIsNotAListeningSocket() throws {
        let unbound = CloseOnExec.unixStreamSocket()
        defer { close(unbound) }
        var pipeEnds: [Int32] = [0, 0]
        #expect(CloseOnExec.pipe(&pipeEnds) == 0)
        defer {
            close(pipeEnds[0])
            close(pipeEnds[1])
        }
        for descriptor in [unbound, pipeEnds[0]] {
            #expect {
                try VarlinkListener.adopt(fileDescriptor: descriptor)
            } throws: { error in
                (error as? VarlinkSocketError)?.code == .notASocket
            }
        }
    }
}
