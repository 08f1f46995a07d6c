import JSON

#if canImport(Glibc)
    import Glibc
#endif

/// Reads driving commands from standard input, one per line, and sends them on the connection that
/// drives the gesture: a fraction (UpdateInteractive), `finish [VELOCITY]` or `cancel [VELOCITY]`
/// (FinishInteractive, CancelInteractive). Problems are written to standard error and reading goes on;
/// the end of standard input ends the reading, not the gesture.
struct StandardInputDriver: Sendable {
    /// The connection that began, caught or took over the gesture.
    let connection: DrivingConnection
    /// The stack whose gesture it drives.
    let stack: String

    /// Reads `input` to its end.
    func run(_ input: InputChannel) {
        let errors = OutputChannel(fileDescriptor: STDERR_FILENO, name: "standard error")
        while let line = try? input.readLine(maximumBytes: 4096) {
            guard case .text(let bytes) = line else { continue }
            let words = String(decoding: bytes, as: UTF8.self).split(separator: " ").map(String.init)
            guard let first = words.first else { continue }
            do {
                try perform(first, words.dropFirst())
            } catch {
                errors.write("transitionctl: \(error.message)\n")
                try? errors.flush()
            }
        }
    }

    /// Sends one command: `command` is its first word, `rest` the others.
    ///
    /// - Throws: ``CommandError`` `invalidInput` for a line that is not a command, or the daemon's refusal.
    func perform(_ command: String, _ rest: ArraySlice<String>) throws(CommandError) {
        if let fraction = ParsedArguments.decimalNumber(command) {
            _ = try connection.call(
                "UpdateInteractive", ["stack": .string(stack), "fraction": .number(fraction)],
                action: "update the interactive transition of stack \(stack)")
            return
        }
        guard command == "finish" || command == "cancel", rest.count <= 1 else {
            throw CommandError(
                .invalidInput, parameter: "standard input",
                "standard input: expected a fraction, \"finish [VELOCITY]\" or \"cancel [VELOCITY]\", got \"\(command)\""
            )
        }
        var parameters: JSONObject = ["stack": .string(stack)]
        if let text = rest.first {
            guard let velocity = ParsedArguments.decimalNumber(text) else {
                throw CommandError(
                    .invalidInput, parameter: "standard input", "standard input: \"\(text)\" is not a velocity")
            }
            parameters["velocity"] = .number(velocity)
        }
        _ = try connection.call(
            command == "finish" ? "FinishInteractive" : "CancelInteractive", parameters,
            action: "\(command) the interactive transition of stack \(stack)")
    }
}
