/// Who may use `transitionctl web`'s server: a request must carry the secret token printed in the URL,
/// name the server by the address it listens on (`Host`), and, when a browser says where the request
/// comes from (`Origin`), come from that same server. Everything else is refused (403) before it is
/// read further, so that another web page, another local user guessing the port, or a DNS-rebinding
/// attack (a hostile name resolving to 127.0.0.1) can neither watch nor change anything.
public struct WebAccess: Sendable {
    /// Why a request was refused.
    public enum Refusal: String, Sendable, Equatable {
        /// No `token` query parameter and no `X-Transitiond-Token` header.
        case missingToken
        /// A token was given and is not the server's.
        case wrongToken
        /// The `Host` header is absent or names another host or port.
        case foreignHost
        /// The `Origin` header names another site.
        case foreignOrigin
    }

    /// The number of random bytes in a token: 128 bits, as a session identifier needs (OWASP Session
    /// Management Cheat Sheet: at least 64 bits of entropy).
    public static let tokenBytes = 16

    /// The secret every request must carry.
    public let token: String
    /// The `Host` values that name this server: `127.0.0.1:PORT`, `[::1]:PORT`, `localhost:PORT`, and
    /// the `--listen` address with the port.
    public let hosts: Set<String>

    /// Creates the rules for a server listening on `port`, with `token`; `extraHosts` are the other
    /// addresses it listens on, as URL hosts (`192.168.1.20`, `[fe80::1]`).
    public init(token: String, port: Int, extraHosts: [String] = []) {
        self.token = token
        hosts = Set((["127.0.0.1", "[::1]", "localhost"] + extraHosts).map { "\($0.lowercased()):\(port)" })
    }

    /// A new random token: ``tokenBytes`` bytes from the system's cryptographically secure generator
    /// (`SystemRandomNumberGenerator`, getrandom(2) on Linux), as lowercase hexadecimal.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for _ in 0..<tokenBytes {
            let byte = UInt8.random(in: 0...255, using: &generator)
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Whether `candidate` equals the token, in a time that depends on the lengths only, not on where
    /// the first difference is: a caller timing the answers learns nothing of the token's characters.
    public func tokenMatches(_ candidate: String) -> Bool {
        let expected = Array(token.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<expected.count {
            let other = index < given.count ? given[index] : 0
            difference |= expected[index] ^ other
        }
        return difference == 0
    }

    /// The refusal of a request with these headers and token, or nil when it may proceed.
    ///
    /// - Parameters:
    ///   - token: the `token` query parameter, else the `X-Transitiond-Token` header; nil when neither.
    ///   - host: the `Host` header.
    ///   - origin: the `Origin` header; nil when the browser sent none (a navigation, an `img`, curl).
    public func refusal(token: String?, host: String?, origin: String?) -> Refusal? {
        guard let host, hosts.contains(host.lowercased()) else { return .foreignHost }
        if let origin {
            let lowered = origin.lowercased()
            guard lowered.hasPrefix("http://"), hosts.contains(String(lowered.dropFirst("http://".count))) else {
                return .foreignOrigin
            }
        }
        guard let token, !token.isEmpty else { return .missingToken }
        return tokenMatches(token) ? nil : .wrongToken
    }
}
