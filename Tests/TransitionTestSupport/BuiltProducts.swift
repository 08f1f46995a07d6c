#if canImport(Glibc)
    import Glibc
#endif

/// Paths of the package's built executables, found beside the running test binary.
public enum BuiltProducts {
    /// The directory of the running executable (`/proc/self/exe`), where SwiftPM also puts the
    /// package's executables.
    public static var directory: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return "." }
        let path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
    }

    /// The path of the built `transitionctl`, or nil when it has not been built.
    public static var transitionctl: String? { executable("transitionctl") }

    /// The path of the built `transitiond`, or nil when it has not been built.
    public static var transitiond: String? { executable("transitiond") }

    private static func executable(_ name: String) -> String? {
        let path = directory + "/" + name
        return access(path, X_OK) == 0 ? path : nil
    }

    /// The message for a missing executable.
    public static let missingMessage =
        "transitionctl is not built next to the test binary; run `swift build` first, then `swift test`"

    /// The message for a missing daemon.
    public static let missingDaemonMessage =
        "transitiond is not built next to the test binary; run `swift build` first, then `swift test`"
}
