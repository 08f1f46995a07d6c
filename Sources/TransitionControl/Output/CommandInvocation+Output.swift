import JSON

extension CommandInvocation {
    /// Writes `value` in the `--json` mode and returns true, or returns false when `--json` is off (the
    /// caller then prints text).
    ///
    /// - Throws: ``CommandError`` `failed` for a value JSON cannot represent (a non-finite number).
    public func writeJSONIfRequested(_ value: JSONValue) throws(CommandError) -> Bool {
        let text: String?
        do {
            text = try jsonMode.text(value)
        } catch {
            throw CommandError(.failed, "Failed to write JSON: \(error.description)")
        }
        guard let text else { return false }
        output.write(text)
        return true
    }

    /// Writes an informational line (a sentence about what was done) unless `-q` was given.
    public func inform(_ line: String) {
        if !isQuiet { output.write(line + "\n") }
    }

    /// Writes an informational line to standard error unless `-q` was given, for notes that must not
    /// mix with the output (a fallback taken).
    public func note(_ line: String) {
        if !isQuiet { streams.errorOutput.write("\(toolName): \(line)\n") }
    }
}
