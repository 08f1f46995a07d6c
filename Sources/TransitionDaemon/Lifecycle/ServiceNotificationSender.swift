import SystemdSupport

/// Where `ServiceSupervisor` and `ListeningSocket` send their notifications: `Notifier` (libsystemd's
/// `sd_notify`, to the socket in `NOTIFY_SOCKET`) in the daemon. Tests give a sender bound to a socket
/// of their own, so that no test has to set `NOTIFY_SOCKET` in a process whose other tests run
/// concurrently.
public protocol ServiceNotificationSender: Sendable {
    /// Whether a service manager listens.
    var isEnabled: Bool { get }
    /// Sends the messages in one datagram; false when no service manager listens.
    func send(_ messages: [NotifyMessage]) throws -> Bool
    /// Sends `FDSTORE=1` and `FDNAME=name` with the descriptors attached; false when no service
    /// manager listens.
    func storeFileDescriptors(_ fileDescriptors: [Int32], name: String) throws -> Bool
}

extension Notifier: ServiceNotificationSender {}
