#if canImport(Glibc)
    import Glibc
#endif

/// Calls `body` with `strings` as C strings (in the same order) that live until it returns.
public func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies.map { UnsafePointer($0) })
}
