/// `transitionctl eval`: the offline evaluator on standard input and output.
public enum EvalCommand {
    /// The declaration.
    public static let command = Command(
        name: "eval", group: Transitionctl.offlineGroup,
        summary: "Evaluate timing, spring, transform and keyframe math from JSON lines",
        discussion: """
            Read one JSON request per line on standard input and write one JSON reply per line on \
            standard output, computed with transitiond's own math. Request kinds: bezier, spring, \
            spring_uikit, spring_params, spring_settle, transform, keyframe.

            A line that is not a valid request gets {"error": "..."} naming the field and the reason, \
            and processing continues. Nothing else is written to standard output. docs/evaluator.md \
            describes every request.
            """,
        handler: run)

    /// Answers every line of standard input, flushing before each read that would wait, so a peer
    /// that writes one request and waits for its reply gets it.
    static func run(_ invocation: CommandInvocation) throws -> ExitCode {
        let evaluator = Evaluator()
        let input = invocation.input
        let output = invocation.output
        while true {
            if !input.hasBufferedLine { try output.flush() }
            guard let line = try input.readLine(maximumBytes: Evaluator.maximumLineBytes) else { break }
            switch line {
            case .text(let bytes):
                output.write(evaluator.reply(to: bytes))
            case .tooLong(let count):
                output.write(Evaluator.tooLongReply(byteCount: count))
            }
            output.write(CollectionOfOne(UInt8(ascii: "\n")))
        }
        return .success
    }
}
