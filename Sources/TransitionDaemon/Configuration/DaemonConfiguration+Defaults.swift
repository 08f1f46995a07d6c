import SystemdSupport
import TransitionEngine
import TransitionService

extension DaemonConfiguration {
    /// The socket file's name inside its directory: the interface's name, as Varlink services name
    /// their sockets (`/run/systemd/io.systemd.Hostname`).
    public static let socketFileName = "io.transitiond"
    /// The directory name under `/run`, `/var/lib` and the XDG directories: `transitiond`, or
    /// `transitiond-<instance>` for an instance.
    public static func directoryName(instance: String?) -> String {
        instance.map { "transitiond-\($0)" } ?? "transitiond"
    }

    /// Default frame rate, frames per second: the common display refresh rate.
    public static let defaultFrameRate = 60
    /// Accepted frame rates, frames per second (the display link's range).
    public static let frameRates = 1...240
    /// Default socket file mode when the daemon binds the socket itself: everyone may connect and
    /// peer credentials decide who may change what. The shipped socket unit uses 0660 instead, so
    /// that only root and the group `transitiond` are served at all; inside, peer credentials decide
    /// as here (docs/systemd.md, "Access control").
    public static let defaultSocketMode: UInt32 = 0o666
    /// Default user animator directory.
    public static let defaultAnimatorDirectory = "/etc/transitiond/animators"
    /// Default settle bound on SIGTERM: 5 s, a third of the unit's `TimeoutStopSec=15s`, leaving time
    /// to write the state and close clients.
    public static let defaultShutdownSettleMicroseconds: UInt64 = 5_000_000
    /// Default stall timeout: 2 s, 120 frames at 60 Hz, far above any legitimate gap between ticks
    /// and well inside the unit's `WatchdogSec=10s`.
    public static let defaultStallTimeoutMicroseconds: UInt64 = 2_000_000

    /// The configuration used when no file sets anything.
    ///
    /// Locations (issue 5, item 1):
    /// - socket: `$RUNTIME_DIRECTORY/io.transitiond` when systemd set `RuntimeDirectory=`; else
    ///   `/run/transitiond/io.transitiond` for root; else `$XDG_RUNTIME_DIR/transitiond/io.transitiond`;
    ///   else empty, which `validated()` reports (pass `--socket`).
    /// - state: `$STATE_DIRECTORY` when systemd set `StateDirectory=`; else `/var/lib/transitiond` for
    ///   root; else `$XDG_STATE_HOME/transitiond`, or `$HOME/.local/state/transitiond`.
    ///
    /// An instance uses `transitiond-<instance>` in place of `transitiond` (the systemd-provided
    /// directories are instance-specific already).
    public static func defaults(instance: String? = nil, environment: DaemonEnvironment) -> DaemonConfiguration {
        DaemonConfiguration(
            socket: SocketSettings(
                path: defaultSocketPath(instance: instance, environment: environment),
                mode: defaultSocketMode,
                group: nil
            ),
            stateDirectory: defaultStateDirectory(instance: instance, environment: environment),
            frameRate: defaultFrameRate,
            animatorDirectory: defaultAnimatorDirectory,
            logLevel: .info,
            shutdownSettleMicroseconds: defaultShutdownSettleMicroseconds,
            limits: Limits(
                maximumMessageBytes: 1 << 20,
                maximumConnections: 4096,
                maximumConnectionsPerUser: 256,
                maximumPendingOutputBytes: 8 << 20,
                maximumPendingOutputBytesPerUser: 64 << 20,
                service: ServiceLimits(),
                engine: TransitionEngine.Limits()
            ),
            access: AccessSettings(ownership: .automatic, controlGroup: nil),
            watchdog: WatchdogSettings(stallTimeoutMicroseconds: defaultStallTimeoutMicroseconds),
            instance: instance,
            files: []
        )
    }

    /// The default socket path (see `defaults(instance:environment:)`); empty when none applies.
    public static func defaultSocketPath(instance: String?, environment: DaemonEnvironment) -> String {
        if let runtime = environment.firstAbsoluteDirectory(in: "RUNTIME_DIRECTORY") {
            return joined(runtime, socketFileName)
        }
        let directory = directoryName(instance: instance)
        if environment.isRoot { return "/run/\(directory)/\(socketFileName)" }
        if let runtime = environment.firstAbsoluteDirectory(in: "XDG_RUNTIME_DIR") {
            return joined(joined(runtime, directory), socketFileName)
        }
        return ""
    }

    /// The default state directory (see `defaults(instance:environment:)`); empty when none applies.
    public static func defaultStateDirectory(instance: String?, environment: DaemonEnvironment) -> String {
        if let state = environment.firstAbsoluteDirectory(in: "STATE_DIRECTORY") { return state }
        let directory = directoryName(instance: instance)
        if environment.isRoot { return "/var/lib/\(directory)" }
        if let state = environment.firstAbsoluteDirectory(in: "XDG_STATE_HOME") { return joined(state, directory) }
        if let home = environment.firstAbsoluteDirectory(in: "HOME") {
            return joined(home, ".local/state/\(directory)")
        }
        return ""
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
