import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The real daemon started with a configuration file and a notification socket in `directory`, as
/// systemd runs it, so that a test can rewrite the file and reload it (SIGHUP) and know when the
/// reload is done: RELOADING=1, then READY=1, whether the new file was taken or rejected.
struct ConfiguredDaemon {
    let daemon: DaemonUnderTest
    let notifications: NotifyReceiver
    let directory: TemporaryDirectory

    /// Writes `configuration` to `directory/transitiond.conf` and starts the daemon on it, returning
    /// once it has sent READY=1.
    ///
    /// - Throws: `HarnessFailure` when the daemon does not start or does not say it is ready; its log is
    ///   in the message.
    init(configuration: String, directory: TemporaryDirectory) throws {
        let path = try directory.write("transitiond.conf", configuration)
        notifications = try NotifyReceiver(path: directory.file("notify"))
        daemon = try DaemonUnderTest(
            arguments: ["--config", path], environment: ["NOTIFY_SOCKET": directory.file("notify")],
            directory: directory, waitForReady: false)
        self.directory = directory
        guard notifications.receive(until: "READY=1").match != nil else {
            throw HarnessFailure("transitiond did not send READY=1; log:\n\(daemon.log)")
        }
    }

    /// Rewrites the configuration file with `configuration` and reloads it.
    ///
    /// - Returns: whether the daemon sent RELOADING=1 and then READY=1.
    func reload(with configuration: String) throws -> Bool {
        _ = try directory.write("transitiond.conf", configuration)
        daemon.send(SIGHUP)
        return notifications.receive(until: "RELOADING=1").match != nil
            && notifications.receive(until: "READY=1").match != nil
    }
}
