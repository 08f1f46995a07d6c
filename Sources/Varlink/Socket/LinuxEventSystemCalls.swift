import CLinux
import SystemPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// epoll, eventfd, accept4 and SO_PEERCRED, which Swift's Glibc module does not expose, through the
/// `CLinux` C wrappers.
enum LinuxEventSystemCalls {
    /// `EPOLLIN`: readable.
    static let readable: UInt32 = CLINUX_EPOLLIN
    /// `EPOLLOUT`: writable.
    static let writable: UInt32 = CLINUX_EPOLLOUT
    /// `EPOLLERR`: error; always reported.
    static let error: UInt32 = CLINUX_EPOLLERR
    /// `EPOLLHUP`: both directions shut down; always reported.
    static let hangUp: UInt32 = CLINUX_EPOLLHUP
    /// `EPOLLRDHUP`: the peer shut down its writing side.
    static let readHangUp: UInt32 = CLINUX_EPOLLRDHUP

    /// `EPOLL_CTL_ADD`, `EPOLL_CTL_DEL`, `EPOLL_CTL_MOD`.
    enum Control {
        case add
        case delete
        case modify

        var rawValue: Int32 {
            switch self {
            case .add: return CLINUX_EPOLL_CTL_ADD
            case .delete: return CLINUX_EPOLL_CTL_DEL
            case .modify: return CLINUX_EPOLL_CTL_MOD
            }
        }
    }

    /// `epoll_create1(EPOLL_CLOEXEC)`.
    static func createEpoll() -> Result<Int32, Errno> {
        systemCall { clinux_epoll_create() }
    }

    /// `epoll_ctl` with an event mask and a 64-bit tag returned with each event.
    static func control(_ epoll: Int32, _ operation: Control, _ descriptor: Int32, events: UInt32, tag: UInt64)
        -> Result<Int32, Errno>
    {
        systemCall { clinux_epoll_ctl(epoll, operation.rawValue, descriptor, events, tag) }
    }

    /// `epoll_wait` into `buffer`; a negative timeout waits forever. EINTR returns 0 events.
    static func wait(_ epoll: Int32, into buffer: EpollEventBuffer, timeoutMilliseconds: Int32) -> Result<Int, Errno> {
        let count = clinux_epoll_wait(epoll, buffer.base, Int32(buffer.capacity), timeoutMilliseconds)
        if count >= 0 { return .success(Int(count)) }
        let error = Errno.current
        // An interrupted wait is not retried here: the caller recomputes its timeout and waits again.
        return error == .interrupted ? .success(0) : .failure(error)
    }

    /// `eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)`.
    static func createEventFile() -> Result<Int32, Errno> {
        systemCall { clinux_eventfd() }
    }

    /// `accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK)`.
    static func accept(_ listener: Int32) -> Result<Int32, Errno> {
        systemCall { clinux_accept(listener) }
    }

    /// The peer's credentials from `getsockopt(SO_PEERCRED)`, with its supplementary groups from
    /// `getsockopt(SO_PEERGROUPS)` (none when those cannot be read).
    static func peerCredentials(_ descriptor: Int32) -> VarlinkPeerCredentials? {
        var pid: Int32 = 0
        var uid: UInt32 = 0
        var gid: UInt32 = 0
        guard clinux_peer_credentials(descriptor, &pid, &uid, &gid) == 0 else { return nil }
        return VarlinkPeerCredentials(pid: pid, uid: uid, gid: gid, groups: peerGroups(descriptor))
    }

    /// The peer's supplementary groups (`SO_PEERGROUPS`): a first read with room for 32, the common case,
    /// and a second with room for as many as the kernel said when they did not fit (at most
    /// `NGROUPS_MAX`, 65,536).
    static func peerGroups(_ descriptor: Int32) -> [UInt32] {
        var capacity = 32
        for _ in 0..<2 {
            var groups = [UInt32](repeating: 0, count: capacity)
            let count = groups.withUnsafeMutableBufferPointer {
                clinux_peer_groups(descriptor, $0.baseAddress, Int32($0.count))
            }
            guard count >= 0 else { return [] }
            if Int(count) <= capacity { return Array(groups.prefix(Int(count))) }
            capacity = min(Int(count), 65_536)
        }
        return []
    }
}

/// Storage for the ready events that `epoll_wait` reports (at most 256 per wait).
final class EpollEventBuffer {
    let capacity: Int
    let base: UnsafeMutablePointer<clinux_epoll_ready>

    init(capacity: Int) {
        self.capacity = min(capacity, 256)
        base = UnsafeMutablePointer<clinux_epoll_ready>.allocate(capacity: self.capacity)
        base.initialize(repeating: clinux_epoll_ready(events: 0, data: 0), count: self.capacity)
    }

    deinit { base.deallocate() }

    /// The event mask and tag of the `index`th ready event.
    func event(at index: Int) -> (events: UInt32, tag: UInt64) {
        (base[index].events, base[index].data)
    }
}
