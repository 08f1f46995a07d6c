import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The user id map of the daemon's user namespace (`/proc/self/uid_map`, user_namespaces(7)), which
/// decides whether peer credentials can tell clients apart.
///
/// The kernel reports a peer's uid (`SO_PEERCRED`, `SCM_CREDENTIALS`, `/proc/<pid>/status`) in the
/// reader's user namespace; a uid that the namespace does not map reads as the overflow uid (65534,
/// `/proc/sys/kernel/overflowuid`). systemd's `PrivateUsers=yes` maps only root and the service's own
/// user (systemd.exec(5)), so every other client reads as 65534: verified with a listener in such a
/// namespace (docs/systemd.md, "Access control").
public struct UserNamespaceMapping: Sendable, Hashable {
    /// One line of the map: `count` ids from `inside` in this namespace are `outside` in the parent.
    public struct Range: Sendable, Hashable {
        /// First id in this namespace.
        public var inside: UInt32
        /// First id in the parent namespace.
        public var outside: UInt32
        /// How many ids, at least 1.
        public var count: UInt32

        /// Creates a range.
        public init(inside: UInt32, outside: UInt32, count: UInt32) {
            self.inside = inside
            self.outside = outside
            self.count = count
        }
    }

    /// The map's lines, in file order.
    public var ranges: [Range]

    /// Creates a mapping.
    public init(ranges: [Range]) {
        self.ranges = ranges
    }

    /// Parses the text of a `uid_map` file: lines of three decimal numbers separated by blanks. Nil
    /// for anything else.
    public init?(parsing text: String) {
        var ranges: [Range] = []
        for line in text.split(separator: "\n") {
            let numbers = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { UInt32($0) }
            guard numbers.count == 3, let inside = numbers[0], let outside = numbers[1], let count = numbers[2],
                count > 0
            else { return nil }
            ranges.append(Range(inside: inside, outside: outside, count: count))
        }
        self.ranges = ranges
    }

    /// The map of the calling process, or nil when it cannot be read (no /proc).
    public static func current(path: String = "/proc/self/uid_map") -> UserNamespaceMapping? {
        guard let text = readSmallFile(path) else { return nil }
        return UserNamespaceMapping(parsing: text)
    }

    /// The ids every Linux distribution hands to people and system users: 0…65535 (the range a
    /// container manager maps, and the range of systemd 257's `PrivateUsers=identity`).
    public static let regularUserIDs: ClosedRange<UInt32> = 0...65_535

    /// Whether this is the initial user namespace's map, `0 0 4294967295` (user_namespaces(7)).
    public var isInitialNamespace: Bool {
        ranges == [Range(inside: 0, outside: 0, count: UInt32.max)]
    }

    /// Whether every id in `regularUserIDs` is mapped, so that clients with different users read as
    /// different uids. False under `PrivateUsers=yes`, where only root and the service user are mapped.
    public var distinguishesRegularUsers: Bool {
        var next: UInt64 = UInt64(Self.regularUserIDs.lowerBound)
        let end = UInt64(Self.regularUserIDs.upperBound)
        // Walk the ranges in order of their inside start, extending the covered prefix.
        for range in ranges.sorted(by: { $0.inside < $1.inside }) {
            let start = UInt64(range.inside)
            let last = start + UInt64(range.count) - 1
            if start > next { return false }
            if last >= next { next = last + 1 }
            if next > end { return true }
        }
        return false
    }

    /// The uid that unmapped peers read as: `/proc/sys/kernel/overflowuid`, or 65534 (the kernel's
    /// default) when it cannot be read (`ProcSubset=pid` hides /proc/sys).
    public static func overflowUserID(path: String = "/proc/sys/kernel/overflowuid") -> UInt32 {
        readSmallFile(path).flatMap { UInt32($0.filter { $0 != "\n" }) } ?? defaultOverflowID
    }

    /// The kernel's default overflow uid and gid (`DEFAULT_OVERFLOWUID`, include/linux/highuid.h).
    public static let defaultOverflowID: UInt32 = 65_534

    /// A file of at most 4 KiB as text, or nil when it cannot be read.
    private static func readSmallFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 4096)
        var count = 0
        while count < bytes.count {
            let result = bytes.withUnsafeMutableBytes { buffer in
                systemCall { read(descriptor, buffer.baseAddress! + count, buffer.count - count) }
            }
            guard case .success(let read) = result else { return nil }
            if read == 0 { break }
            count += read
        }
        return String(decoding: bytes[..<count], as: UTF8.self)
    }
}
