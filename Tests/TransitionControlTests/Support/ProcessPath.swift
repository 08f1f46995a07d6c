import TransitionTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The test process's `PATH`, for children that must find tools (`python3`, `chromium`) where this
/// machine keeps them.
enum ProcessPath {
    /// `PATH`, or the usual directories when it is unset.
    static var value: String {
        TestProcessEnvironment.forChildren["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    }

    /// The first executable named one of `names` in a directory of ``value``.
    static func find(_ names: [String]) -> String? {
        for directory in value.split(separator: ":") {
            for name in names {
                let path = "\(directory)/\(name)"
                if access(path, X_OK) == 0 { return path }
            }
        }
        return nil
    }
}
