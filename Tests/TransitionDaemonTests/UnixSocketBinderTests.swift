import Foundation
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct UnixSocketBinderTests {
    @Test func bindsWithModeAndGroupAndCreatesTheDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("run/io.transitiond")
        // Root may give the file to any group; others only to their own.
        let group: UInt32 = getuid() == 0 ? 65_534 : getegid()
        let bound = try UnixSocketBinder.bind(path: path, mode: 0o640, groupID: group)
        defer { close(bound.fileDescriptor) }
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFSOCK)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(status.st_gid == group)
        #expect(UInt64(status.st_ino) == bound.inode)
        var directoryStatus = stat()
        stat(directory.file("run"), &directoryStatus)
        #expect(directoryStatus.st_mode & 0o777 == 0o755)
        #expect(fcntl(bound.fileDescriptor, F_GETFD) & FD_CLOEXEC != 0)
        #expect(Sockets.canConnect(path))
    }

    @Test func aStaleSocketIsReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("io.transitiond")
        close(try Sockets.bound(path, listening: false))  // the file stays; nobody answers on it
        #expect(!Sockets.canConnect(path))
        let bound = try UnixSocketBinder.bind(path: path, mode: 0o666, groupID: nil)
        defer { close(bound.fileDescriptor) }
        #expect(Sockets.canConnect(path))
    }

    @Test func aLiveServerOrAnotherFileIsLeftAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let live = directory.file("live.sock")
        let server = try Sockets.bound(live)
        defer { close(server) }
        #expect {
            try UnixSocketBinder.bind(path: live, mode: 0o666, groupID: nil)
        } throws: { error in
            (error as? LifecycleError)?.code == .socketInUse
        }
        #expect(Sockets.canConnect(live))
        let file = try directory.write("file.sock", "not a socket")
        #expect {
            try UnixSocketBinder.bind(path: file, mode: 0o666, groupID: nil)
        } throws: { error in
            (error as? LifecycleError)?.code == .socketInUse
        }
        #expect(FileManager.default.contents(atPath: file) == Data("not a socket".utf8))
    }

    @Test func aMissingGrandparentIsAnError() throws {
        #expect {
            try UnixSocketBinder.bind(path: "/nonexistent/a/b.sock", mode: 0o666, groupID: nil)
        } throws: { error in
            let error = error as? LifecycleError
            return error?.code == .socketFailed && error?.errno == ENOENT
        }
    }

    @Test func removeOnlyTheFileThatWasBound() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("io.transitiond")
        let bound = try UnixSocketBinder.bind(path: path, mode: 0o666, groupID: nil)
        close(bound.fileDescriptor)
        // Someone replaced the file meanwhile: not ours to remove.
        unlink(path)
        try directory.write("io.transitiond", "other")
        #expect(!UnixSocketBinder.removeSocketFile(path: path, device: bound.device, inode: bound.inode))
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
