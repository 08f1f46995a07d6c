import Foundation
import SystemdSupport
import Testing
import TransitionTestSupport

@testable import TransitionDaemon

@Suite struct ListeningSocketTests {
    private func settings(_ path: String) -> DaemonConfiguration.SocketSettings {
        DaemonConfiguration.SocketSettings(path: path, mode: 0o660, group: nil)
    }

    @Test func withNothingPassedTheConfiguredPathIsBound() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("io.transitiond")
        let socket = try ListeningSocket.acquire(
            passed: ListenFileDescriptors(descriptors: []), settings: settings(path))
        defer { close(socket.fileDescriptor) }
        #expect(socket.origin == .bound)
        #expect(socket.path == path)
        #expect(socket.closedDescriptors.isEmpty)
        #expect(Sockets.canConnect(path))
        #expect(socket.removeSocketFileIfBound())
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// After a restart systemd passes the socket unit's descriptor and the stored one, both `varlink`:
    /// the first is used, the duplicate and unrelated descriptors are closed, nothing is bound.
    @Test func aPassedVarlinkSocketIsUsedAndTheRestClosed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("activated.sock")
        let listener = try Sockets.bound(path)
        let duplicate = dup(listener)
        let unrelated = try Sockets.bound(directory.file("other.sock"))
        let (duplicateIdentity, unrelatedIdentity) = (Sockets.identity(duplicate), Sockets.identity(unrelated))
        let passed = ListenFileDescriptors(descriptors: [
            .init(fileDescriptor: unrelated, name: "metrics"),
            .init(fileDescriptor: listener, name: "varlink"),
            .init(fileDescriptor: duplicate, name: "varlink"),
        ])
        let configured = directory.file("configured.sock")
        let socket = try ListeningSocket.acquire(passed: passed, settings: settings(configured))
        defer { close(socket.fileDescriptor) }
        #expect(socket.fileDescriptor == listener)
        #expect(socket.origin == .passed)
        #expect(socket.path == path)
        #expect(socket.closedDescriptors.map(\.name) == ["metrics", "varlink"])
        #expect(!Sockets.refers(duplicate, to: duplicateIdentity))
        #expect(!Sockets.refers(unrelated, to: unrelatedIdentity))
        #expect(!FileManager.default.fileExists(atPath: configured))
        // A passed socket's file belongs to the socket unit: never removed by the daemon.
        #expect(!socket.removeSocketFileIfBound())
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func anUnnamedSocketIsUsedWhenNoneIsNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let listener = try Sockets.bound(directory.file("a.sock"))
        let socket = try ListeningSocket.acquire(
            passed: ListenFileDescriptors(descriptors: [.init(fileDescriptor: listener, name: "unknown")]),
            settings: settings(directory.file("configured.sock")))
        defer { close(socket.fileDescriptor) }
        #expect(socket.fileDescriptor == listener)
        #expect(socket.origin == .passed)
    }

    @Test func aPassedSocketThatDoesNotListenIsClosedAndThePathBound() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notListening = try Sockets.bound(directory.file("idle.sock"), listening: false)
        let identity = Sockets.identity(notListening)
        let configured = directory.file("configured.sock")
        let socket = try ListeningSocket.acquire(
            passed: ListenFileDescriptors(descriptors: [.init(fileDescriptor: notListening, name: "varlink")]),
            settings: settings(configured))
        defer { close(socket.fileDescriptor) }
        #expect(socket.origin == .bound)
        #expect(!Sockets.refers(notListening, to: identity))
        #expect(socket.closedDescriptors.count == 1)
        #expect(Sockets.canConnect(configured))
    }
}

/// FDSTORE=1: the service manager receives the same listening socket, under `varlink`.
@Suite struct FileDescriptorStoreTests {
    @Test func theListeningSocketIsHandedToTheStore() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let receiver = try NotifyReceiver(path: directory.file("notify"))
        let socket = try ListeningSocket.acquire(
            passed: ListenFileDescriptors(descriptors: []),
            settings: DaemonConfiguration.SocketSettings(
                path: directory.file("io.transitiond"), mode: 0o666, group: nil))
        defer { close(socket.fileDescriptor) }
        #expect(try socket.storeInServiceManager(notifier: DatagramNotificationSender(path: receiver.path)))
        let datagram = try #require(receiver.receive())
        #expect(datagram.lines == ["FDSTORE=1", "FDNAME=varlink"])
        #expect(datagram.fileDescriptors.count == 1)
        if let stored = datagram.fileDescriptors.first {
            #expect(Sockets.identity(stored) == Sockets.identity(socket.fileDescriptor))
            #expect(try ListenFileDescriptors.isListeningUnixStreamSocket(stored))
            close(stored)
        }
        #expect(try socket.storeInServiceManager(notifier: AbsentNotificationSender()) == false)
    }
}
