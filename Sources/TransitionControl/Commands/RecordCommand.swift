import JSON
import SystemPrimitives
import TransitionClient

/// `transitionctl record STACK`: a stack's frames and events as JSON lines, in the format of `render`.
public enum RecordCommand {
    /// The declaration.
    public static let command = Command(
        name: "record", group: Transitionctl.monitoringGroup,
        summary: "Record a stack's frames and events as JSON lines",
        discussion: """
            Subscribe to STACK and write every frame and event as JSON lines: frames exactly as render \
            writes them (docs/frames.md), events as {"event": {...}}, {"framesMissed": N} before a \
            frame that followed N frames the recording was too slow for, and the stack's screens as \
            {"screen": {...}} (at the start and after each change), from which picture draws the nodes' \
            styles. Stops on Ctrl-C or SIGTERM, after \
            --duration, when the stack settles after a transition with --until-settled, or when the stack \
            is deleted. The picture command draws recordings.
            """,
        options: [
            .value("out", short: "o", valueName: "FILE", summary: "Write to FILE instead of standard output"),
            .value("duration", valueName: "SECONDS", summary: "Stop after this many seconds"),
            .flag("until-settled", summary: "Stop at the first settled frame after a transition"),
            .flag("no-frames", summary: "Record events only"),
            .flag("no-events", summary: "Record frames only"),
        ],
        positionals: [NavigationCommands.stackArgument],
        handler: run)

    /// The longest `--duration`: a day, in seconds.
    public static let maximumDuration = 86_400.0

    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let arguments = invocation.arguments
        let stack = arguments.positionals[0]
        let frames = !arguments.flag("no-frames")
        let untilSettled = arguments.flag("until-settled")
        if untilSettled && !frames {
            throw CommandError(
                .invalidValue, parameter: "--until-settled", "--until-settled needs frames; drop --no-frames")
        }
        let duration =
            arguments.contains("duration")
            ? try arguments.number("duration", in: 0.001...maximumDuration, defaultValue: 0) : nil
        let socketPath = try DaemonAddress.resolve(for: invocation)
        let file = try OutputFile(
            path: arguments.value("out") ?? "-", parameter: "--out", standardOutput: invocation.output)
        let action = "record stack \(stack)"
        let subscription: TransitionSubscription
        do {
            subscription = try TransitionClient(path: socketPath, timeout: DaemonConnection.replyTimeout)
                .subscribe(stack: stack, frames: frames, events: !arguments.flag("no-events"))
        } catch {
            throw DaemonConnection.connectFailure(error, socketPath: socketPath)
        }
        InterruptSignals.onInterrupt { _ in subscription.cancel() }
        if let duration {
            let deadline = MonotonicClock.now() + MonotonicClock.nanoseconds(fromSeconds: duration)
            SystemThread.startDetachedOrRunHere {
                MonotonicClock.sleep(untilNanoseconds: deadline)
                subscription.cancel()
            }
        }
        // The screens, for pictures that draw the nodes' styles: on a connection of its own, asked at the
        // start and after each change (GetStack holds the committed screens).
        let reader = frames ? try? TransitionClient(path: socketPath, timeout: DaemonConnection.replyTimeout) : nil
        let screens: (() -> [JSONValue])? = reader.map { client in
            {
                let reply = try? client.call("GetStack", ["name": .string(stack), "includeScreens": true])
                return reply?["stack"]?["screenObjects"]?.arrayValue ?? []
            }
        }
        let recorder = Recorder(sink: file.channel, untilSettled: untilSettled, screens: screens)
        let summary = try recorder.record(subscription, action: action)
        reader?.close()
        subscription.cancel()
        try file.close()
        invocation.note(
            "Recorded \(summary.frames) frame\(summary.frames == 1 ? "" : "s") and \(summary.events) "
                + "event\(summary.events == 1 ? "" : "s") of stack \(stack)"
                + (summary.framesMissed > 0 ? " (\(summary.framesMissed) frames missed)." : "."))
        return .success
    }
}
