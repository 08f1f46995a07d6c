#if canImport(Glibc)
    import Glibc
#endif

/// The process's environment variables.
public enum ProcessEnvironment {
    /// Every `NAME=value` entry of `environ(7)`; for repeated names the first wins, as `getenv(3)`
    /// does.
    public static func current() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if result[name] == nil { result[name] = String(text[text.index(after: equals)...]) }
            }
            cursor += 1
        }
        return result
    }
}
