#if canImport(Glibc)
    import Glibc
#endif

/// `transitionctl web`: serves a live view of the daemon's stacks to browsers on this machine, and
/// relays the page's calls to the daemon (docs/web.md).
public enum WebCommand {
    /// The declaration.
    public static let command = Command(
        name: "web", group: Transitionctl.monitoringGroup,
        summary: "Serve a live view of the stacks to a browser on this machine",
        discussion: """
            Listen on 127.0.0.1 and ::1 (and on another address only when --listen names it) at --port (0, \
            the default, picks a free port) and print the URL to open: it carries a random token, and every request without it, with \
            a wrong one, or from another site (Origin) or host name (Host) is refused with 403. The page \
            shows every stack, draws one as the app would from its frames and screens, and controls it: \
            push and present (the screen documents of --screens), pop, dismiss, tabs, rules, pause, \
            reverse, scrub, and gestures (a drag from the left edge pops, a downward drag dismisses). It \
            acts as the user who started this command: the daemon decides what it may change. \
            --read-only serves watching only. Ctrl-C or SIGTERM stops it.
            """,
        options: [
            .value("port", valueName: "PORT", summary: "The port to listen on (0 picks a free one)"),
            .flag("read-only", summary: "Only watch: refuse every call that changes a stack"),
            .value(
                "screens", valueName: "DIR",
                summary: "Offer the screen documents (*.json) in DIR for pushing and presenting "
                    + "(default: docs/examples/screens when run from the repository)"),
            .value("images", valueName: "DIR", summary: "Serve the images screens name in their style from DIR"),
            .value(
                "listen", valueName: "ADDRESS",
                summary: "Listen on this numeric IP address too (RISK: anyone who can reach it and learns the "
                    + "token, which travels unencrypted, can watch and change your stacks as you)"),
        ],
        handler: run)

    /// Where the example screens are, relative to the repository's root: the default of `--screens`
    /// when the command runs there.
    public static let exampleScreens = "docs/examples/screens"

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let portText = arguments.value("port") ?? "0"
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw CommandError(
                .invalidValue, parameter: "--port", "--port must be a whole number from 0 to 65535, not '\(portText)'")
        }
        let screens: WebFileDirectory?
        if let directory = arguments.value("screens") {
            screens = try WebFileDirectory(
                path: directory, contentTypes: WebFileDirectory.screenTypes, parameter: "--screens")
        } else {
            screens = try? WebFileDirectory(
                path: exampleScreens, contentTypes: WebFileDirectory.screenTypes, parameter: "--screens")
        }
        let images = try arguments.value("images").map { (directory) throws(CommandError) in
            try WebFileDirectory(path: directory, contentTypes: WebFileDirectory.imageTypes, parameter: "--images")
        }
        var extra: ListenAddress?
        if let text = arguments.value("listen") {
            guard let address = ListenAddress(text) else {
                throw CommandError(
                    .invalidValue, parameter: "--listen",
                    "--listen must be a numeric IPv4 or IPv6 address (192.168.1.20, fe80::1), not '\(text)'")
            }
            extra = address
        }
        let socketPath = try DaemonAddress.resolve(for: invocation)
        let shutdown = try WebShutdown()
        let application = WebApplication(
            socketPath: socketPath, readOnly: arguments.flag("read-only"), screens: screens, images: images,
            shutdown: shutdown)
        let server = try WebServer(port: port, token: WebAccess.randomToken(), extra: extra) {
            application.respond($0)
        }
        let stopped = StopSignal()
        InterruptSignals.onInterrupt { _ in stopped.signal() }
        invocation.output.write(server.url + "\n")
        try invocation.output.flush()
        invocation.note(
            "Serving the stacks of \(socketPath) on \(server.hosts.joined(separator: " and ")) port \(server.port)"
                + (arguments.flag("read-only") ? ", read-only" : "") + "; Ctrl-C stops.")
        try invocation.streams.errorOutput.flush()
        stopped.wait()
        shutdown.trigger()
        shutdown.waitForStreams()
        server.stop()
        application.calls.close()
        invocation.note("Stopped.")
        return .success
    }
}
