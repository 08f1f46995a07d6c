import JSON
import TransitionTestSupport

/// Everything a client can read of the daemon's stacks, as the reply bytes: `ListStacks`, then
/// `GetStack` with `includeScreens` for every stack it lists.
///
/// One thing moves by itself: the `fraction` of a transition that runs (not paused) advances with the
/// display link, so its digits are replaced by `*` before comparing. Everything else, the running
/// transition's id, operation, animator, screens and duration included, is compared byte for byte.
struct StateSnapshot: Equatable, CustomStringConvertible {
    /// The `ListStacks` reply.
    var list: String
    /// Each stack's `GetStack` reply, in the order of the list.
    var stacks: [String]

    /// Reads the state over `connection`, which must be idle.
    init(over connection: RawConnection) throws {
        let listBytes = try connection.call(#"{"method":"io.transitiond.ListStacks"}"#)
        list = String(decoding: listBytes, as: UTF8.self)
        guard let summaries = try JSONReader.parse(listBytes)["parameters"]?["stacks"]?.arrayValue else {
            throw HarnessFailure("ListStacks replied \(list)")
        }
        stacks = []
        for summary in summaries {
            guard let name = summary["name"]?.stringValue else { throw HarnessFailure("ListStacks replied \(list)") }
            var nameText: [UInt8] = []
            try JSONWriter.write(.string(name), into: &nameText)
            let reply = try connection.call(
                #"{"method":"io.transitiond.GetStack","parameters":{"name":"#
                    + String(decoding: nameText, as: UTF8.self) + #","includeScreens":true}}"#)
            stacks.append(Self.maskingRunningFraction(String(decoding: reply, as: UTF8.self)))
        }
    }

    /// `reply` with the digits of `"fraction":` replaced by `*` when its transition is not paused.
    static func maskingRunningFraction(_ reply: String) -> String {
        guard reply.contains(#""paused":false"#), let key = reply.range(of: #""fraction":"#) else { return reply }
        let digits = reply[key.upperBound...].prefix { "0123456789.eE+-".contains($0) }
        return reply[..<key.upperBound] + "*" + reply[digits.endIndex...]
    }

    var description: String { ([list] + stacks).joined(separator: "\n") }

    /// The lines of `self` and `other` that differ, for a failure message.
    func difference(from other: StateSnapshot) -> String {
        let mine = [list] + stacks
        let theirs = [other.list] + other.stacks
        var lines: [String] = []
        for index in 0..<max(mine.count, theirs.count) {
            let before = index < theirs.count ? theirs[index] : "(none)"
            let after = index < mine.count ? mine[index] : "(none)"
            if before != after { lines.append("before: \(before)\nafter:  \(after)") }
        }
        return lines.joined(separator: "\n")
    }
}
