#if canImport(Glibc)
    import Glibc
#endif

/// An IP address the web server listens on: the loopback addresses by default, or one `--listen` names
/// (a numeric IPv4 or IPv6 address, never a name to resolve).
public enum ListenAddress: Sendable, Equatable {
    /// An IPv4 address, as `inet_pton(3)` writes it (network byte order).
    case ipv4(UInt32)
    /// An IPv6 address's 16 bytes.
    case ipv6([UInt8])

    /// 127.0.0.1.
    public static let loopbackIPv4 = ListenAddress.ipv4(UInt32(0x7f00_0001).bigEndian)
    /// ::1.
    public static let loopbackIPv6 = ListenAddress.ipv6(Array(repeating: 0, count: 15) + [1])

    /// The address written `text` (`192.168.1.20`, `fe80::1`), or nil when it is not a numeric address.
    public init?(_ text: String) {
        var four = in_addr()
        if inet_pton(AF_INET, text, &four) == 1 {
            self = .ipv4(four.s_addr)
            return
        }
        var six = in6_addr()
        guard inet_pton(AF_INET6, text, &six) == 1 else { return nil }
        self = .ipv6(withUnsafeBytes(of: six) { Array($0) })
    }

    /// Whether this is an IPv6 address.
    public var isIPv6: Bool {
        if case .ipv6 = self { return true }
        return false
    }

    /// The address as a URL and `Host` header write it: `127.0.0.1`, `[::1]`.
    public var urlHost: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch self {
        case .ipv4(let value):
            var address = in_addr(s_addr: value)
            inet_ntop(AF_INET, &address, &text, socklen_t(text.count))
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        case .ipv6(let bytes):
            var address = in6_addr()
            withUnsafeMutableBytes(of: &address) { $0.copyBytes(from: bytes) }
            inet_ntop(AF_INET6, &address, &text, socklen_t(text.count))
            return "[" + String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "]"
        }
    }

    /// Calls `body` with the address as a `sockaddr` at `port`.
    func withSocketAddress<Result>(port: Int, _ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        switch self {
        case .ipv4(let value):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = value
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        case .ipv6(let bytes):
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeMutableBytes(of: &address.sin6_addr) { $0.copyBytes(from: bytes) }
            return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1, body) }
        }
    }
}
