import JSON
import SystemPrimitives
import TransitionCore

#if canImport(Glibc)
    import Glibc
#endif

/// The user animators of `AnimatorDirectory=`: one JSON file each (`*.json`, docs/animators.md), read at
/// start and on reload, to be defined before any client connects.
///
/// A file that cannot be used is skipped with the reason, and the others are still loaded: one bad
/// file must not take every animator away.
///
/// ```swift
/// let user = UserAnimators.load(directory: configuration.animatorDirectory)
/// for (file, reason) in user.rejected { log.animatorRejected(file: file, reason: reason) }
/// serving.animators = user.animators
/// log.animatorsLoaded(count: user.animators.count, directory: configuration.animatorDirectory)
/// ```
public struct UserAnimators: Sendable {
    /// The animators, in the order of their file names (byte order).
    public var animators: [AnimatorSpecification]
    /// Files that were skipped, each with the reason, in the same order.
    public var rejected: [(file: String, reason: String)]

    /// The largest animator file read, in bytes: the built-ins are 1–6 KiB.
    public static let maximumFileBytes = 1 << 20

    /// Reads every `*.json` file of `directory` (not hidden ones). A missing directory holds none.
    ///
    /// A file is skipped when it cannot be read, is larger than `maximumFileBytes`, is not valid JSON or
    /// not a valid animator, takes a built-in's name, or takes a name an earlier file took.
    public static func load(directory: String) -> UserAnimators {
        var result = UserAnimators(animators: [], rejected: [])
        let names: [String]
        switch listJSONFiles(directory) {
        case .success(let found): names = found
        case .failure(let error): return UserAnimators(animators: [], rejected: [(directory, error.description)])
        }
        var taken = Set(BuiltinAnimators.all.map(\.name))
        for name in names {
            let path = directory.hasSuffix("/") ? directory + name : directory + "/" + name
            do {
                let animator = try read(path)
                guard !taken.contains(animator.name) else {
                    let owner = BuiltinAnimators.named(animator.name) != nil ? "a built-in animator" : "an earlier file"
                    result.rejected.append((path, "the name \(animator.name) is taken by \(owner)"))
                    continue
                }
                taken.insert(animator.name)
                result.animators.append(animator)
            } catch {
                result.rejected.append((path, "\(error)"))
            }
        }
        return result
    }

    private struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private static func read(_ path: String) throws -> AnimatorSpecification {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Failure(description: "cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let result = chunk.withUnsafeMutableBytes { buffer in
                systemCall { Glibc.read(descriptor, buffer.baseAddress, buffer.count) }
            }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error): throw Failure(description: "cannot be read: \(error)")
            }
            if count == 0 { break }
            bytes += chunk[..<count]
            guard bytes.count <= maximumFileBytes else {
                throw Failure(description: "is larger than \(maximumFileBytes) bytes")
            }
        }
        let value: JSONValue
        do { value = try JSONReader.parse(bytes) } catch { throw Failure(description: "is not valid JSON: \(error)") }
        do {
            return try JSONValueDecoder().decode(AnimatorSpecification.self, from: value)
        } catch {
            throw Failure(description: "is not a valid animator: \(error)")
        }
    }

    /// The names of the visible `*.json` entries, sorted by bytes; none for a missing directory.
    private static func listJSONFiles(_ path: String) -> Result<[String], Failure> {
        guard let directory = opendir(path) else {
            if errno == ENOENT { return .success([]) }
            return .failure(Failure(description: "cannot be listed: \(String(cString: strerror(errno)))"))
        }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            if name.hasSuffix(".json") && !name.hasPrefix(".") { names.append(name) }
        }
        return .success(names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }
}
