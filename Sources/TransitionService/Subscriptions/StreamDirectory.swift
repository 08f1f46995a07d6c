import SystemPrimitives

/// The open subscription streams, for statistics and shutdown, and how many each uid holds open, for
/// `ServiceLimits.subscriptionsPerUser` (which counts the uid's gesture leases too: `reserve` and `release`).
final class StreamDirectory: Sendable {
    private struct State {
        var streams: [ObjectIdentifier: SubscriptionStream] = [:]
        /// Streams open or being opened, per uid.
        var countByUid: [UInt32: Int] = [:]
        /// Frames coalesced by streams that have ended.
        var endedFramesCoalesced: UInt64 = 0
    }

    private let state = Locked(State())

    /// Counts `count` more streams for `uid`, before they are opened; `parameter` is the call's parameter
    /// the error names.
    ///
    /// - Throws: `LimitExceeded` (`subscriptionsPerUser`) when `uid` would hold more than `limit` streams
    ///   open.
    func reserve(uid: UInt32, count: Int = 1, limit: Int, parameter: String = "stack") throws(ServiceError) {
        try state.withLock { state throws(ServiceError) in
            let open = state.countByUid[uid] ?? 0
            guard open + count <= limit else {
                let asked = count == 1 ? "" : " and asks for \(count) more"
                throw .limitExceeded(
                    "subscriptionsPerUser", maximum: limit, parameter: parameter,
                    "uid \(uid) holds \(open) subscriptions (gesture leases included) open\(asked), and one user may "
                        + "hold \(limit); end one first.")
            }
            state.countByUid[uid] = open + count
        }
    }

    /// Gives back `count` reservations of `uid` that opened no stream, or the count of a stream that ended.
    func release(uid: UInt32, count: Int = 1) {
        state.withLock { state in
            for _ in 0..<count { state.countByUid.decrementCount(of: uid) }
        }
    }

    func add(_ stream: SubscriptionStream) { state.withLock { $0.streams[ObjectIdentifier(stream)] = stream } }

    /// Forgets an ended stream and gives back its uid's count (once, however often it is called).
    func remove(_ stream: SubscriptionStream) {
        let coalesced = stream.subscription.framesCoalesced
        state.withLock { state in
            if state.streams.removeValue(forKey: ObjectIdentifier(stream)) != nil {
                state.endedFramesCoalesced += coalesced
                state.countByUid.decrementCount(of: stream.uid)
            }
        }
    }

    var all: [SubscriptionStream] { state.withLock { Array($0.streams.values) } }

    var count: Int { state.withLock { $0.streams.count } }

    /// Streams open or being opened by `uid`.
    func count(ownedBy uid: UInt32) -> Int { state.withLock { $0.countByUid[uid] ?? 0 } }

    /// Streams of the stack named `name`.
    func count(of name: String) -> Int { state.withLock { $0.streams.values.filter { $0.record.name == name }.count } }

    /// Frames coalesced over every stream, open or ended.
    var framesCoalesced: UInt64 {
        let (open, ended) = state.withLock { ($0.streams.values.map(\.subscription), $0.endedFramesCoalesced) }
        return open.reduce(ended) { $0 + $1.framesCoalesced }
    }
}
