#if canImport(Glibc)
    import Glibc
#endif

/// Reports a broken invariant: prints `message` and the input (escaped, first 4 KiB) to standard error,
/// then traps, which libFuzzer records as a crash and saves the input as `crash-<sha1>`.
///
/// Use it only for properties that must hold for every input (a round trip, an unchanged state after a
/// rejected call); traps inside the code under test are found without it.
public func fuzzFailure(_ message: String, input: [UInt8]) -> Never {
    let shown = input.prefix(4096).map { byte -> String in
        switch byte {
        case 0x20...0x7E where byte != UInt8(ascii: "\\"): String(UnicodeScalar(byte))
        default: "\\x" + String(byte, radix: 16).leftPadded(to: 2)
        }
    }.joined()
    let report = Array("fuzz invariant broken: \(message)\ninput (\(input.count) bytes): \(shown)\n".utf8)
    _ = report.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    fatalError("fuzz invariant broken: \(message)")
}

/// Calls ``fuzzFailure(_:input:)`` unless `condition` holds.
public func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String, input: [UInt8]) {
    if !condition { fuzzFailure(message(), input: input) }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
